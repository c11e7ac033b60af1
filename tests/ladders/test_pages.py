"""The ladder pages: standings, the challenge column with its reasons, join, leave, challenge."""

import re

import pytest

from games.models import Match
from ladders import services
from ladders.models import Ladder, LadderGame
from tests.ladders.helpers import fill, standings, win

pytestmark = pytest.mark.django_db


def cell(page: str, username: str) -> str:
    """The challenge cell of a player's row."""
    row = re.search(rf'<tr data-username="{username}".*?</tr>', page, re.S)
    assert row, f"no row for {username}"
    found = re.search(r'<td class="challenge-cell">(.*?)</td>', row.group(0), re.S)
    return found.group(1) if found else ""


def reasons(page: str, username: str) -> set[str]:
    found = re.search(r'data-reasons="([^"]*)"', cell(page, username))
    return set(found.group(1).split()) if found else set()


def test_it_lists_the_ladders(client, ladder, alice):
    Ladder.objects.create(name="Old ladder", status=Ladder.Status.CLOSED)
    fill(ladder, [alice])
    client.force_login(alice)
    page = client.get("/ladders/").content.decode()
    assert f'href="/ladders/{ladder.pk}/"' in page and "Old ladder" in page
    assert "You play here" in page


def test_it_shows_the_standings_to_visitors(client, ladder, alice, bob):
    fill(ladder, [alice, bob])
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert re.search(r'data-username="alice" data-position="1"', page)
    assert re.search(r'data-username="bob" data-position="2"', page)
    assert "challenge-cell" not in page and "Log in to join" in page


def test_it_offers_a_challenge_button_for_players_in_range(client, ladder, alice, bob, carol):
    fill(ladder, [alice, bob, carol])
    client.force_login(carol)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    for name in ("alice", "bob"):
        assert f'name="defender" value="{name}" id="challenge-{name}"' in cell(page, name)
    assert cell(page, "carol").strip() == ""


def test_it_says_why_a_player_cannot_be_challenged(client, ladder, alice, bob, carol, players,
                                                   finished):
    ladder.challenge_range, ladder.max_open_challenges = 2, 1
    ladder.save()
    fill(ladder, [alice, bob, carol, *players[:2]])
    p1, p2 = players[:2]
    finished(win, services.challenge(ladder.pk, p2, p1), p1)  # p1 defends: cooldown for p2
    services.challenge(ladder.pk, p1, carol)  # carol and p1 are now busy
    client.force_login(p2)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert reasons(page, "alice") == {"out_of_range"}
    assert reasons(page, "bob") == {"out_of_range"}
    assert reasons(page, "carol") == {"their_limit"}
    assert reasons(page, "p1") == {"cooldown", "their_limit"}
    assert "Cooldown: you may challenge them again after" in cell(page, "p1")
    assert "places above you" in cell(page, "alice")
    client.force_login(p1)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert reasons(page, "carol") == {"playing", "my_limit", "their_limit"}
    assert "You are already playing each other" in cell(page, "carol")


def test_it_says_the_ladder_is_frozen(client, ladder, staff, alice, bob):
    fill(ladder, [alice, bob])
    services.set_status(ladder.pk, staff, Ladder.Status.FROZEN)
    client.force_login(bob)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert reasons(page, "alice") == {"frozen"}
    assert 'id="frozen-note"' in page


def test_it_joins_with_a_post(client, ladder, alice):
    client.force_login(alice)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert 'name="join" id="join-button"' in page and "csrfmiddlewaretoken" in page
    assert client.get(f"/ladders/{ladder.pk}/join/").status_code == 405
    client.post(f"/ladders/{ladder.pk}/join/")
    assert standings(ladder) == ["alice"]


def test_it_challenges_and_opens_the_game(client, ladder, alice, bob):
    fill(ladder, [alice, bob])
    client.force_login(bob)
    response = client.post(f"/ladders/{ladder.pk}/challenge/", {"defender": "alice"})
    game = LadderGame.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.match_id}/"
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert f'data-match="{game.match_id}"' in page


def test_it_shows_a_refused_challenge_as_a_message(client, ladder, alice, bob):
    fill(ladder, [alice, bob])
    client.force_login(alice)
    response = client.post(f"/ladders/{ladder.pk}/challenge/", {"defender": "bob"}, follow=True)
    assert "You can only challenge players above you." in response.content.decode()
    assert not LadderGame.objects.exists()


def test_it_confirms_before_leaving_and_names_the_games_resigned(client, ladder, alice, bob):
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    client.force_login(bob)
    page = client.get(f"/ladders/{ladder.pk}/leave/").content.decode()
    assert f'data-match="{game.match_id}"' in page and 'id="confirm-leave"' in page
    assert standings(ladder) == ["alice", "bob"]
    client.post(f"/ladders/{ladder.pk}/leave/")
    assert standings(ladder) == ["alice"]
    assert Match.objects.get(pk=game.match_id).is_over


def test_it_asks_visitors_to_log_in_for_actions(client, ladder):
    for url in (f"/ladders/{ladder.pk}/join/", f"/ladders/{ladder.pk}/leave/",
                f"/ladders/{ladder.pk}/challenge/"):
        response = client.post(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_it_lists_recent_events(client, ladder, alice, bob, finished):
    fill(ladder, [alice, bob])
    finished(win, services.challenge(ladder.pk, bob, alice), bob)
    page = client.get(f"/ladders/{ladder.pk}/").content.decode()
    assert "bob beat alice." in page and "bob 2→1" in page


def test_it_links_ladders_and_the_leaderboard_in_the_header(client):
    page = client.get("/").content.decode()
    assert 'href="/ladders/"' in page and 'href="/leaderboard/"' in page
