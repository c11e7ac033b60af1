"""Joining puts a player at the bottom; leaving resigns their ladder games and closes the gap."""

import pytest

from games.models import Match
from ladders import services
from ladders.models import LadderGame
from tests.ladders.helpers import actions, fill, positions, standings

pytestmark = pytest.mark.django_db


def test_it_puts_a_new_player_at_the_bottom(ladder, alice, bob, carol):
    fill(ladder, [alice, bob])
    entry = services.join(ladder.pk, carol)
    assert entry.position == 3
    assert standings(ladder) == ["alice", "bob", "carol"]


def test_it_refuses_to_add_a_player_twice(ladder, alice):
    services.join(ladder.pk, alice)
    with pytest.raises(services.Conflict):
        services.join(ladder.pk, alice)


def test_it_moves_the_players_below_up_when_one_leaves(ladder, alice, bob, carol, players):
    fill(ladder, [alice, bob, carol, *players[:2]])
    services.leave(ladder.pk, bob)
    assert standings(ladder) == ["alice", "carol", "p1", "p2"]
    assert positions(ladder) == [1, 2, 3, 4]


def test_it_resigns_the_open_ladder_games_of_a_player_who_leaves(ladder, alice, bob, carol,
                                                                   finished):
    fill(ladder, [alice, bob, carol])
    game = services.challenge(ladder.pk, carol, bob)
    resigned = finished(services.leave, ladder.pk, carol)
    assert resigned == [game.match_id]
    match = Match.objects.get(pk=game.match_id)
    assert match.is_over and match.end_reason == Match.Reason.RESIGN
    assert match.seats.get(user=bob).result == "win"
    game.refresh_from_db()
    assert game.resolved and game.outcome == LadderGame.Outcome.LEFT
    assert standings(ladder) == ["alice", "bob"]


def test_it_refuses_to_let_an_outsider_leave(ladder, alice):
    with pytest.raises(services.Conflict):
        services.leave(ladder.pk, alice)


def test_it_records_joining_and_leaving(ladder, alice, bob):
    fill(ladder, [alice, bob])
    services.leave(ladder.pk, alice)
    assert actions(ladder) == ["join", "join", "leave"]
    leave = ladder.audit.get(action="leave")
    assert leave.actor == alice
    assert leave.detail["moves"] == [{"player": "bob", "from": 2, "to": 1}]
