"""The end of the game (section 6)."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, Outcome

from .helpers import RULES, apply, load, position, tree


def finished() -> dict:
    data = position(
        moon=[
            tree(druid="purple"),
            tree(up="M3R", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(flipped=True),
        ],
        sun=[
            tree(up="S3L", druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4L", druid="black"),
            tree(up="S4R"),
        ],
        hands={"moon": ["M1L", "M2L"]},
        turn=40,
    )
    after, _ = apply(data, {"type": "withdraw", "card": "M1L"})
    return after


def test_two_flipped_trees_end_the_game_and_the_other_player_wins():
    after = finished()
    assert after["phase"] == "over"
    assert after["winner"] == "sun"
    assert after["to_move"] is None
    assert after["turn"] == 41  # the last action counts
    state = load(after)
    assert RULES.is_over(state)
    assert RULES.outcome(state) == Outcome(winner="sun", reason="two_trees_flipped", scores=None)
    assert RULES.to_move(state) is None
    assert RULES.owed_by(state) == ()


def test_nothing_is_legal_after_the_end():
    state = load(finished())
    assert RULES.legal_moves(state) == []
    with pytest.raises(IllegalMove, match="the game is over"):
        RULES.apply(state, {"type": "pass"})
    with pytest.raises(IllegalMove, match="the game is over"):
        RULES.apply(state, {"type": "pass"}, seat="sun")


def test_a_running_game_has_no_outcome():
    state = RULES.new_game(1)
    assert not RULES.is_over(state)
    assert RULES.outcome(state) is None
