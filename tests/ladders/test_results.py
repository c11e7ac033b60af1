"""What a finished ladder game does to the positions."""

import pytest

from games.core.commit import result_changed as match_finished
from ladders import services
from ladders.models import LadderGame
from tests.ladders.helpers import draw, fill, last_audit, mover, positions, standings, time_out, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def five(ladder, alice, bob, carol, players):
    """alice, bob, carol, p1, p2 at positions 1 to 5."""
    fill(ladder, [alice, bob, carol, *players[:2]])
    return ladder


def test_it_gives_a_winning_challenger_the_defenders_place(five, bob, players, finished):
    game = services.challenge(five.pk, players[0], bob)
    finished(win, game, players[0])
    # p1 takes bob's 2nd place; bob and carol (in between) move down one.
    assert standings(five) == ["alice", "p1", "bob", "carol", "p2"]
    game.refresh_from_db()
    assert game.resolved and game.outcome == LadderGame.Outcome.CHALLENGER_WON


def test_it_moves_nobody_when_the_defender_wins(five, bob, players, finished):
    game = services.challenge(five.pk, players[0], bob)
    finished(win, game, bob)
    assert standings(five) == ["alice", "bob", "carol", "p1", "p2"]
    game.refresh_from_db()
    assert game.outcome == LadderGame.Outcome.DEFENDER_WON


def test_it_moves_nobody_after_a_draw(five, bob, players, finished):
    game = services.challenge(five.pk, players[0], bob)
    finished(draw, game)
    assert standings(five) == ["alice", "bob", "carol", "p1", "p2"]
    game.refresh_from_db()
    assert game.resolved and game.outcome == LadderGame.Outcome.DRAW


def test_it_drops_a_challenger_who_times_out_to_the_bottom(five, alice, carol, finished):
    game = services.challenge(five.pk, carol, alice)
    late = mover(game)
    finished(time_out, game)
    if late == carol:  # the challenger lost on time: bottom, the rest move up
        assert standings(five) == ["alice", "bob", "p1", "p2", "carol"]
    else:  # the defender lost on time: carol takes 1st, alice drops to the bottom
        assert standings(five) == ["carol", "bob", "p1", "p2", "alice"]
    assert last_audit(five, "result").detail["timeout"] is True


def test_it_applies_both_rules_when_the_defender_times_out(five, alice, carol, finished):
    # Make the defender the one who owes the move, whatever the random cults.
    game = services.challenge(five.pk, carol, alice)
    if mover(game) != alice:
        game.match.seats.update(deadline=None)
        game.match.seats.filter(user=alice).update(deadline=game.match.created_at)
    finished(time_out, game)
    assert standings(five) == ["carol", "bob", "p1", "p2", "alice"]


def test_it_moves_nobody_if_the_challenger_is_already_above(five, carol, players, finished):
    p1, p2 = players[:2]
    versus_p1 = services.challenge(five.pk, p2, p1)
    versus_carol = services.challenge(five.pk, p2, carol)
    finished(win, versus_carol, p2)
    assert standings(five) == ["alice", "bob", "p2", "carol", "p1"]
    finished(win, versus_p1, p2)  # p2 is above p1 by now: no climb left to make
    assert standings(five) == ["alice", "bob", "p2", "carol", "p1"]
    versus_p1.refresh_from_db()
    assert versus_p1.outcome == LadderGame.Outcome.CHALLENGER_WON
    assert last_audit(five, "result").detail["moves"] == []


def test_it_applies_a_result_once_even_if_the_signal_comes_twice(five, bob, players, finished):
    game = services.challenge(five.pk, players[0], bob)
    finished(win, game, players[0])
    match_finished.send(None, match_id=game.match_id, version=1)
    assert standings(five) == ["alice", "p1", "bob", "carol", "p2"]
    assert five.audit.filter(action="result").count() == 1


def test_it_keeps_positions_one_to_n(five, alice, bob, carol, players, finished):
    finished(win, services.challenge(five.pk, players[1], carol), players[1])
    finished(win, services.challenge(five.pk, carol, alice), carol)
    services.leave(five.pk, bob)
    assert positions(five) == [1, 2, 3, 4]


def test_it_records_every_position_change(five, bob, players, finished):
    game = services.challenge(five.pk, players[0], bob)
    finished(win, game, players[0])
    result = last_audit(five, "result")
    assert result.actor is None
    assert result.detail["match"] == game.match_id
    assert result.detail["outcome"] == "challenger"
    assert result.detail["moves"] == [
        {"player": "p1", "from": 4, "to": 2},
        {"player": "bob", "from": 2, "to": 3},
        {"player": "carol", "from": 3, "to": 4},
    ]

