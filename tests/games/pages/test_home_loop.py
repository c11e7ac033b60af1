"""A player's loop: the home page, the your-turn page, the header counter and "next game"
share one list (the games waiting for the player, least time left first)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.context_processors import your_turn_count
from games.core import services
from games.core.turns import my_turn_seats
from games.models import Seat
from games.pages.home import next_game
from tests.conftest import make_user
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def set_deadline(match, user, days: float) -> None:
    Seat.objects.filter(match=match, user=user).update(
        deadline=timezone.now() + timedelta(days=days))


@pytest.fixture
def games(alice, bob, carol):
    """Two games waiting for alice (the second more urgent) and one waiting for bob."""
    first = new_game(alice, bob)
    second = new_game(alice, carol)
    theirs = new_game(bob, alice)
    set_deadline(first, alice, 2)
    set_deadline(second, alice, 0.5)
    return first, second, theirs


def test_it_orders_the_games_waiting_by_time_left(alice, games):
    first, second, _ = games
    assert [seat.match_id for seat in my_turn_seats(alice)] == [second.pk, first.pk]


def test_it_shows_a_signed_in_player_their_games_at_home(client, alice, games):
    first, second, theirs = games
    client.force_login(alice)
    page = client.get("/").content.decode()
    mine = page.split('id="your-turn-list"', 1)[1].split("</ul>", 1)[0]
    assert mine.index(f"#{second.pk}<") < mine.index(f"#{first.pk}<")
    others = page.split('id="their-turn-list"', 1)[1].split("</ul>", 1)[0]
    assert f"#{theirs.pk}<" in others
    assert 'id="incoming"' in page


def test_it_shows_visitors_the_welcome(client):
    assert "Correspondence games of" in client.get("/").content.decode()


def test_it_lists_challenges_to_answer_at_home(client, alice, bob):
    challenge = services.create_challenge(bob, opponent=alice)
    client.force_login(alice)
    page = client.get("/").content.decode()
    incoming = page.split('id="incoming"', 1)[1].split("</ul>", 1)[0]
    assert f'data-challenge="{challenge.pk}"' in incoming


def test_it_counts_in_the_header_what_the_your_turn_page_lists(client, alice, games, rf):
    client.force_login(alice)
    page = client.get(reverse("your_turn")).content.decode()
    listed = page.split('id="your-turn-list"', 1)[1].split("</ul>", 1)[0].count("class=\"turn-row")
    request = rf.get("/")
    request.user = alice
    assert listed == your_turn_count(request) == 2
    assert '<span id="your-turn-count" class="badge">2</span>' in page


def test_it_separates_the_opponents_names(client, alice, bob, carol):
    match = new_game(alice, bob)
    set_deadline(match, alice, 1)
    client.force_login(alice)
    page = client.get(reverse("your_turn")).content.decode()
    row = page.split(f'data-match="{match.pk}"', 1)[1].split("</li>", 1)[0]
    assert '<a class="player-name" href="/players/bob/">bob</a>' in row
    assert "alicebob" not in row and "bobalice" not in row


def test_it_takes_the_player_to_the_next_game_waiting(client, alice, games):
    first, second, _ = games
    client.force_login(alice)
    response = client.get(reverse("next_game") + f"?after={second.pk}")
    assert response.status_code == 302 and response.url == reverse("game", args=[first.pk])
    assert next_game(alice).pk == second.pk


def test_it_goes_to_your_turn_when_no_game_waits(client, bob, carol):
    client.force_login(carol)
    response = client.get(reverse("next_game"))
    assert response.url == reverse("your_turn")


def test_it_asks_visitors_to_log_in_for_next(client):
    assert client.get(reverse("next_game")).status_code == 302


def test_it_lets_long_names_wrap(client, alice):
    long_name = make_user("L" * 30 + "x" * 20)
    match = new_game(alice, long_name)
    set_deadline(match, alice, 1)
    client.force_login(alice)
    page = client.get(reverse("your_turn")).content.decode()
    assert 'class="player-name"' in page
    css = (client.get("/static/css/site.css").getvalue()).decode()
    names = '.site-main h1, .site-main a[href^="/players/"], .player-name, .who'
    assert names + " { overflow-wrap: anywhere; }" in css


def test_a_player_without_games_is_shown_where_to_learn_each_game(alice, bob, client):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert 'id="learn-first"' in page
    for game in ("druidenwalzer", "caesar-cleopatra", "kasteel"):
        assert f"/learn/{game}/tutorial/" in page and f'href="/learn/{game}/"' in page
    new_game(alice, bob)
    assert 'id="learn-first"' not in client.get("/").content.decode()


def test_a_challenge_to_a_newcomer_comes_before_the_offer_to_learn(alice, bob, client):
    # On a phone the challenge sat below the fold, under the box that offers tutorials.
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert page.index('id="learn-first"') < page.index('id="loop-lists"')
    services.create_challenge(bob, game="druidenwalzer", opponent=alice)
    page = client.get("/").content.decode()
    assert page.index('id="loop-lists"') < page.index('id="learn-first"')
    assert page.count('id="loop-lists"') == 1
