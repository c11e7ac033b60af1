"""The small live boards of the games waiting for a player, on the home and your-turn
pages: one per game, drawn from that player's own view (nothing hidden), and no
query per game."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Seat
from tests.games.helpers import new_game
from tests.site import caesar_cleopatra as cc
from tests.site.kasteel_helpers import start as start_kasteel
from tests.site.kasteel_helpers import users

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def waiting(match, user, days: float = 1) -> None:
    """The game waits for ``user`` (its clock runs)."""
    Seat.objects.filter(match=match, user=user).update(
        deadline=timezone.now() + timedelta(days=days))


def row_of(page: str, match) -> str:
    return page.split(f'data-match="{match.pk}"', 1)[1].split("</li>", 1)[0]


def home(client, user) -> str:
    client.force_login(user)
    return client.get("/").content.decode()


def test_it_draws_a_small_board_for_each_game_waiting(client, alice, bob, carol):
    walz = new_game(alice, bob)
    caesar = cc.set_up(cc.start(alice, bob))
    kasteel = start_kasteel(users(alice, bob, carol, count=4))
    for match in (walz, caesar, kasteel):
        waiting(match, alice)
    page = home(client, alice)
    assert 'class="mini-board mini-druidenwalzer"' in row_of(page, walz)
    assert 'class="mini-board mini-caesar-cleopatra"' in row_of(page, caesar)
    assert 'class="mini-board mini-kasteel"' in row_of(page, kasteel)
    assert row_of(page, walz).count('class="mini-tree') == 8
    assert row_of(page, caesar).count('class="mini-token') == 21  # 5+5+5+3+3 patricians
    mine = client.get(reverse("your_turn")).content.decode()
    assert 'class="mini-board mini-druidenwalzer"' in row_of(mine, walz)


def test_it_shows_in_a_small_board_only_what_its_player_sees(client, alice, bob):
    match = cc.set_up(cc.start(alice, bob))  # five cards face down on each side
    waiting(match, alice)
    waiting(match, bob)
    # Neither sees the other's face-down cards, so, as on the game page, neither is
    # told a total of their own hidden cards against the other's unseen ones.
    for user in (alice, bob):
        row = row_of(home(client, user), match)
        assert row.count('data-seat="cleopatra" data-total="0"') == 5
        assert row.count('data-seat="caesar" data-total="0"') == 5
        assert "leads in 0 of 5 groups" in row

    def turn_senators_up(state):
        for seat in ("cleopatra", "caesar"):
            side = state["groups"]["senators"][seat]
            side["up"], side["down"] = side["up"] + side["down"], []

    cc.edit_state(match, turn_senators_up)
    for user in (alice, bob):  # the Senators' C3 and R2, now face up, count for both
        row = row_of(home(client, user), match)
        assert 'data-seat="cleopatra" data-total="3"' in row
        assert 'data-seat="caesar" data-total="2"' in row


def test_it_draws_the_small_boards_without_a_query_per_game(client, alice, bob, carol):
    first = new_game(alice, bob)
    waiting(first, alice)
    client.force_login(alice)
    client.get("/")  # warm the caches (sessions, content types)
    with CaptureQueriesContext(connection) as one:
        assert client.get("/").status_code == 200
    for match in (new_game(alice, carol), cc.set_up(cc.start(alice, bob)),
                  start_kasteel(users(alice, bob, carol, count=3))):
        waiting(match, alice)
    with CaptureQueriesContext(connection) as four:
        page = client.get("/").content.decode()
    assert page.count('class="mini-board') == 4
    assert len(four) == len(one), [q["sql"] for q in four.captured_queries]


def test_a_game_whose_state_cannot_be_read_does_not_break_the_home_page(alice, bob, client):
    from games.models import Match
    from tests.games.helpers import new_game

    broken = new_game(alice, bob)
    readable = new_game(alice, bob)
    Match.objects.filter(pk=broken.pk).update(state={})  # a corrupt row, written by hand
    client.force_login(alice)
    page = client.get("/")
    assert page.status_code == 200
    assert f"/games/{readable.pk}/" in page.content.decode()
