"""The refill (section 3, step 1): how many cards from which pile."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules import IllegalMove, MalformedMove

from .helpers import apply, draw, events_of, legal, place, play_moves, position


def placed(hand: list[str], influence: list[str], actions: list[str], **changes) -> dict:
    """Cleopatra's turn after her placement, at step placed."""
    return position(
        hands={"cleopatra": hand, "caesar": ["R1", "R2"]},
        influence={"cleopatra": influence, "caesar": ["R3"]},
        actions={"cleopatra": actions},
        step="placed",
        vote_deck=["V-orgy"],
        **changes,
    )


def draws(data: dict) -> list[tuple[int, int]]:
    return sorted((m["influence"], m["action"]) for m in legal(data) if m["type"] == "draw")


def test_the_refill_fills_the_hand_to_five_from_the_chosen_piles():
    data = placed(["C1", "C2", "C3"], ["C5", "CP", "C4"], ["C-veto", "C-wrath"])
    assert draws(data) == [(0, 2), (1, 1), (2, 0)]
    after, events = apply(data, draw(1, 1))
    hand = Counter(after["players"]["cleopatra"]["hand"])
    assert hand == Counter(["C1", "C2", "C3", "C5", "C-veto"])  # the top cards
    assert after["players"]["cleopatra"]["influence_pile"] == ["CP", "C4"]
    assert after["players"]["cleopatra"]["action_pile"] == ["C-wrath"]
    (event,) = events_of(events, "draw")
    assert event == {
        "type": "draw",
        "player": "cleopatra",
        "influence": 1,
        "action": 1,
        "reason": "refill",
        "secret": {"cleopatra": {"cards": ["C5", "C-veto"]}},
    }


def test_the_refill_ends_the_turn():
    data = placed(["C1", "C2", "C3", "C4"], ["C5"], ["C-veto"])
    after, events = apply(data, draw(1, 0))
    assert (after["turn"], after["current"], after["step"], after["to_move"]) == (
        1,
        "caesar",
        "start",
        "caesar",
    )
    assert after["action_played"] is False
    assert events[-1] == {"type": "turn", "player": "caesar", "turn": 1}


def test_an_empty_pile_means_drawing_from_the_other():
    data = placed(["C1", "C2"], ["C5", "C4", "C3", "C3"], [])
    assert draws(data) == [(3, 0)]
    data = placed(["C1", "C2"], [], ["C-spy", "C-veto", "C-wrath", "C-scout"])
    assert draws(data) == [(0, 3)]


def test_with_both_piles_short_all_their_cards_are_drawn_and_the_hand_stays_short():
    data = placed(["C1"], ["C5"], ["C-spy"])
    assert draws(data) == [(1, 1)]
    after, _ = apply(data, draw(1, 1))
    assert len(after["players"]["cleopatra"]["hand"]) == 3
    empty = placed(["C1"], [], [])
    assert draws(empty) == [(0, 0)]
    after, events = apply(empty, draw(0, 0))
    assert after["players"]["cleopatra"]["hand"] == ["C1"]
    assert events_of(events, "draw")[0]["secret"] == {"cleopatra": {"cards": []}}


def test_a_full_hand_draws_nothing():
    # a turn that opened with an action card whose placement was skipped keeps 4 cards;
    # a passive player with a full hand cannot exist (a pass discards), but the rule holds
    data = placed(["C1", "C2", "C3", "C4", "C5"], ["C5"], ["C-spy"])
    assert draws(data) == [(0, 0)]


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (draw(2, 0), "cleopatra must draw 2 card\\(s\\), not 2|influence pile holds only 1"),
        (draw(1, 0), "cleopatra must draw 2 card\\(s\\), not 1: the refill to 5 cards is 2"),
        (draw(0, 3), "cleopatra's action pile holds only 2 card"),
        (draw(2, 1), "influence pile holds only 1 card"),
    ],
)
def test_wrong_refills_are_refused(move, message):
    data = placed(["C1", "C2", "C3"], ["C5"], ["C-spy", "C-veto"])
    with pytest.raises(IllegalMove, match=message):
        apply(data, move)


def test_fewer_cards_in_the_piles_than_needed_are_named():
    data = placed(["C1"], ["C5"], ["C-spy"])
    with pytest.raises(IllegalMove, match="the piles hold only 2 card\\(s\\), so all 2 are drawn"):
        apply(data, draw(1, 0))


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ({"type": "draw", "influence": -1, "action": 1}, "influence must be an integer >= 0"),
        ({"type": "draw", "influence": 1}, "a draw move needs 'action'"),
        ({"type": "draw", "influence": 1, "action": True}, "action must be an integer >= 0"),
        ({"type": "draw", "influence": 1, "action": 0, "pile": "x"}, "unexpected key 'pile'"),
    ],
)
def test_malformed_draws(move, message):
    with pytest.raises(MalformedMove, match=message):
        apply(placed(["C1", "C2", "C3", "C4"], ["C5"], ["C-spy"]), move)


def test_a_whole_turn_place_then_refill():
    data = position(
        hands={"cleopatra": ["C1", "C2", "C3", "C4", "C5"], "caesar": ["R1"]},
        influence={"cleopatra": ["CP"], "caesar": ["R2"]},
        vote_deck=["V-orgy"],
    )
    after, _ = play_moves(data, place("C1", "senators", "up"), place("C2", "senators", "up"))
    assert after["step"] == "placed"
    assert after["players"]["cleopatra"]["hand"] == ["C3", "C4", "C5"]
    after, _ = play_moves(after, draw(1, 0))
    assert after["players"]["cleopatra"]["hand"] == ["CP", "C3", "C4", "C5"]  # reference order
    assert after["current"] == "caesar"
