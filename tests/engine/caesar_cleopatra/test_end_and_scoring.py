"""The end of the game and the scoring (section 5), every tie rule."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.caesar_cleopatra.scoring import points

from .helpers import RULES, apply, at, draw, events_of, legal, load, position

ALL_BUT_ONE = {
    "cleopatra": {"senators": 3, "praetors": 2, "quaestors": 1, "aediles": 2, "censors": 0},
    "caesar": {"senators": 2, "praetors": 3, "quaestors": 4, "aediles": 1, "censors": 2},
}


def last_vote(**changes):
    """Cleopatra wins the censors' last patrician at the end of her turn."""
    data = position(
        hands={"cleopatra": ["C1", "C1"], "caesar": ["R1"]},
        influence={"cleopatra": ["C2", "C3"], "caesar": ["R2"]},
        groups={"censors": {"cleopatra": at(["C4"]), "caesar": at(["R1"])}},
        won=ALL_BUT_ONE,
        vote_deck=["V-censors"],
        step="placed",
        turn=12,
        bonus={"cleopatra": "B-senators", "caesar": "B-quaestors"},
        **changes,
    )
    return apply(data, draw(2, 0))


def test_the_game_ends_the_moment_the_last_patrician_is_won():
    after, events = last_vote()
    assert after["phase"] == "over"
    assert (after["current"], after["to_move"], after["step"], after["pending"]) == (
        None,
        None,
        None,
        None,
    )
    assert after["action_played"] is False
    assert after["turn"] == 13  # the last turn counts
    assert all(g["patricians"] == 0 for g in after["groups"].values())
    assert all(
        g[seat] == {"down": [], "up": []}
        for g in after["groups"].values()
        for seat in ("cleopatra", "caesar")
    )
    # cleopatra: 3+2+1+2+1 = 9 patricians, majorities senators (3 of 5) and aediles
    # (2 of 3), bonus senators (3 won): 9 + 2 + 2 = 13; censors 1 of 3 is no majority
    # caesar: 2+3+4+1+2 = 12, majorities praetors, quaestors, censors (3),
    # bonus quaestors (4 won): 12 + 3 + 2 = 17
    assert after["score"] == {"cleopatra": 13, "caesar": 17}
    assert after["winner"] == "caesar"
    (event,) = events_of(events, "game_over")
    assert event == {
        "type": "game_over",
        "winner": "caesar",
        "reason": "points",
        "score": {"cleopatra": 13, "caesar": 17},
        "patricians": {"cleopatra": 9, "caesar": 12},
        "bonus": {"cleopatra": "B-senators", "caesar": "B-quaestors"},
    }
    assert events[-1]["type"] == "game_over"
    assert legal(after) == []
    outcome = RULES.outcome(load(after))
    assert (outcome.winner, outcome.reason, outcome.scores) == (
        "caesar",
        "points",
        {"cleopatra": 13, "caesar": 17},
    )
    with pytest.raises(IllegalMove, match="the game is over"):
        apply(after, draw(0, 0))
    with pytest.raises(IllegalMove, match="the game is over"):
        apply(after, draw(0, 0), seat="caesar")


def test_points_per_patrician_majority_whole_group_and_bonus():
    assert points([0, 0, 0, 0, 0], 0) == 0
    assert points([2, 0, 0, 1, 0], 1) == 3  # no majority anywhere
    assert points([3, 0, 0, 0, 0], 1) == 4  # majority of 5
    assert points([0, 0, 0, 2, 0], 0) == 3  # majority of 3
    assert points([5, 0, 0, 0, 0], 1) == 7  # the whole group: majority + 1 more
    assert points([0, 0, 0, 3, 3], 2) == 10
    assert points([3, 0, 0, 0, 0], 0) == 6  # bonus: 3 of its group
    assert points([0, 2, 0, 0, 0], 1) == 2  # bonus needs 3


def end_by_exhaustion(won: dict, bonus: dict | None = None) -> dict:
    """Caesar's passive turn ends with no influence card in any hand or pile."""
    data = position(
        hands={"cleopatra": ["C-spy"], "caesar": ["R1"]},
        won=won,
        groups={"aediles": {"cleopatra": at(["C5"]), "caesar": at([], ["R5"])}},
        turn=21,
        current="caesar",
        bonus=bonus or {"cleopatra": "B-praetors", "caesar": "B-praetors"},
    )
    after, _ = apply(data, {"type": "pass", "discard": ["R1"]})
    after, events = apply(after, draw(0, 0))
    assert after["phase"] == "over" and after["turn"] == 22
    return after


def test_the_game_ends_when_neither_player_has_an_influence_card_left():
    after = end_by_exhaustion({"cleopatra": {"senators": 3}, "caesar": {"praetors": 1}})
    # cards still at the groups score nothing
    assert after["score"] == {"cleopatra": 4, "caesar": 1}
    assert after["winner"] == "cleopatra"
    assert after["groups"]["aediles"]["cleopatra"]["down"] == ["C5"]


def test_equal_points_more_patricians_wins():
    # cleopatra: 3 senators = 3 + 1 majority = 4; caesar: 2 + 2 patricians = 4 points
    after = end_by_exhaustion(
        {"cleopatra": {"senators": 3}, "caesar": {"praetors": 2, "quaestors": 2}}
    )
    assert after["score"] == {"cleopatra": 4, "caesar": 4}
    assert after["winner"] == "caesar"
    assert RULES.outcome(load(after)).reason == "patricians"


def test_equal_points_and_patricians_is_a_draw():
    after = end_by_exhaustion({"cleopatra": {"senators": 2}, "caesar": {"praetors": 2}})
    assert after["winner"] == "draw"
    outcome = RULES.outcome(load(after))
    assert (outcome.winner, outcome.reason) == (None, "draw")
    assert outcome.scores == {"cleopatra": 2, "caesar": 2}


def test_the_game_goes_on_while_one_player_still_has_influence_cards():
    data = position(
        hands={"cleopatra": ["C-spy"], "caesar": ["R1"]},
        influence={"cleopatra": ["C2"]},
        turn=21,
        current="caesar",
    )
    after, _ = apply(data, {"type": "pass", "discard": ["R1"]})
    after, _ = apply(after, draw(0, 0))
    assert after["phase"] == "play" and after["current"] == "cleopatra"
    assert RULES.outcome(load(after)) is None


def test_an_active_turn_can_end_the_game_by_exhaustion_too():
    data = position(
        hands={"cleopatra": ["C3"], "caesar": []},
        vote_deck=["V-orgy"],
        turn=30,
    )
    after, _ = apply(data, {"type": "place", "card": "C3", "group": "senators", "face": "down"})
    after, events = apply(after, draw(0, 0))
    assert [e["type"] for e in events] == ["draw", "vote_card", "game_over"]
    assert after["phase"] == "over" and after["winner"] == "draw"
