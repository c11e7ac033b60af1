"""The passive turn (section 3): discard at least one card, refill, no vote."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove

from .helpers import apply, at, draw, events_of, legal, play_moves, position


def game(hand: list[str], **changes) -> dict:
    parts = {
        "hands": {"cleopatra": hand, "caesar": ["R1", "R2"]},
        "influence": {"cleopatra": ["C5", "C4", "C3"], "caesar": ["R3"]},
        "actions": {"cleopatra": ["C-spy"], "caesar": []},
        "groups": {"senators": {"cleopatra": at(["C2"]), "caesar": at(["R1"])}},
        "vote_deck": ["V-senators"],
    }
    parts.update(changes)
    return position(**parts)


def passes(data: dict) -> list[list[str]]:
    return [m["discard"] for m in legal(data) if m["type"] == "pass"]


def test_passing_discards_cards_then_refills_and_turns_no_vote_card():
    data = game(["C1", "C1", "C-veto"])
    after, events = apply(data, {"type": "pass", "discard": ["C-veto", "C1"]})
    assert after["step"] == "passive"
    assert events_of(events, "pass") == [
        {"type": "pass", "player": "cleopatra", "discard": ["C1", "C-veto"]}
    ]
    assert after["players"]["cleopatra"]["hand"] == ["C1"]
    assert {"C1", "C-veto"} <= set(after["players"]["cleopatra"]["discard"])
    assert {m["type"] for m in legal(after)} == {"draw"}
    with pytest.raises(IllegalMove, match="cleopatra has passed"):
        apply(after, {"type": "action", "card": "C-spy"})
    after, events = apply(after, draw(3, 1))
    assert len(after["players"]["cleopatra"]["hand"]) == 5
    assert events_of(events, "vote_card") == [] and events_of(events, "vote") == []
    assert after["vote_deck"] == data["vote_deck"]
    assert (after["turn"], after["current"], after["step"]) == (1, "caesar", "start")


def test_every_distinct_discard_is_a_pass_move_once():
    assert sorted(map(tuple, passes(game(["C1", "C1", "C2"])))) == sorted(
        [("C1",), ("C1", "C1"), ("C2",), ("C1", "C2"), ("C1", "C1", "C2")]
    )
    assert len(passes(game(["C1", "C2", "C3", "C4", "C-spy"]))) == 31


def test_a_pass_discards_at_least_one_card_unless_the_hand_is_empty():
    with pytest.raises(IllegalMove, match="discards at least one card"):
        apply(game(["C1"]), {"type": "pass", "discard": []})
    empty = game([])
    assert legal(empty) == [{"type": "pass", "discard": []}]
    after, _ = play_moves(empty, {"type": "pass", "discard": []}, draw(3, 1))
    assert len(after["players"]["cleopatra"]["hand"]) == 4


@pytest.mark.parametrize(
    ("discard", "message"),
    [
        (["C5"], "C5 is not in cleopatra's hand"),
        (["C1", "C1"], "cleopatra holds only 1 C1"),
        (["R1"], "discard: R1 is not cleopatra's card"),
    ],
)
def test_a_pass_discards_only_cards_of_the_own_hand(discard, message):
    with pytest.raises(IllegalMove, match=message):
        apply(game(["C1", "C2"]), {"type": "pass", "discard": discard})


def test_a_player_may_pass_even_when_placing_is_possible():
    data = game(["C1", "C2"])
    assert {m["type"] for m in legal(data)} == {"place", "pass"}
    apply(data, {"type": "pass", "discard": ["C2"]})
