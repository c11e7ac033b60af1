"""Placing influence (section 3): face down, two face up, the limits."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove

from .helpers import apply, at, draw, events_of, legal, place, position, side


def base(**changes) -> dict:
    parts = {
        "hands": {
            "cleopatra": ["C1", "C3", "C3", "CP", "C-scout"],
            "caesar": ["R2", "R4", "R5", "R-veto", "R-spy"],
        },
        "influence": {"cleopatra": ["C5", "C2", "C4"], "caesar": ["R1", "R1"]},
        "actions": {"cleopatra": ["C-wrath", "C-spy"], "caesar": ["R-scout"]},
    }
    parts.update(changes)
    return position(**parts)


def places(data: dict) -> list[dict]:
    return [move for move in legal(data) if move["type"] == "place"]


def test_one_card_face_down_ends_the_placement():
    start = base(groups={"senators": {"caesar": at(["R3"])}})
    data, events = apply(start, place("C3", "praetors"), seat="cleopatra")
    assert side(data, "praetors", "cleopatra") == {"down": ["C3"], "up": []}
    assert sorted(data["players"]["cleopatra"]["hand"]) == ["C-scout", "C1", "C3", "CP"]
    assert data["step"] == "placed"
    (event,) = events_of(events, "place")
    assert event == {
        "type": "place",
        "player": "cleopatra",
        "group": "praetors",
        "face": "down",
        "secret": {"cleopatra": {"card": "C3"}},
    }
    # at placed: the action card (not played yet; the Scout has a target) or the refill
    kinds = {move["type"] for move in legal(data)}
    assert kinds == {"action", "draw"}


def test_two_cards_face_up_one_right_after_the_other():
    data, events = apply(base(), place("C3", "senators", "up"))
    assert data["step"] == "second"
    assert events_of(events, "place")[0]["card"] == "C3"
    assert "secret" not in events_of(events, "place")[0]
    second = legal(data)
    assert second and all(m["type"] == "place" and m["face"] == "up" for m in second)
    assert place("C1", "senators", "up") in second  # the same group is fine
    with pytest.raises(IllegalMove, match="second card of a face-up placement is placed face up"):
        apply(data, place("C1", "censors", "down"))
    with pytest.raises(IllegalMove, match="not between the two face-up cards"):
        apply(data, {"type": "action", "card": "C-scout", "group": "senators"})
    with pytest.raises(IllegalMove, match="cannot refill yet: the second face-up card is due"):
        apply(data, draw(1, 0))
    data, _ = apply(data, place("CP", "censors", "up"))
    assert data["step"] == "placed"
    assert side(data, "senators", "cleopatra") == {"down": [], "up": ["C3"]}
    assert side(data, "censors", "cleopatra") == {"down": [], "up": ["CP"]}


def test_a_first_face_up_card_only_if_a_second_can_follow():
    one_card = base(hands={"cleopatra": ["C4", "C-spy"], "caesar": ["R1"]})
    assert all(m["face"] == "down" for m in places(one_card))
    with pytest.raises(IllegalMove, match="two face-up cards need two influence cards"):
        apply(one_card, place("C4", "senators", "up"))

    # only the senators are open, and cleopatra has 4 cards there: room for one card only
    crowded = base(
        groups={
            "senators": {"cleopatra": at(["C1", "C1"], ["C2", "C2"])},
            "praetors": {"cleopatra": at(["C2"], ["C4", "C4", "C4", "C4"])},
        },
        won={"caesar": {"quaestors": 5, "aediles": 3, "censors": 3}},
    )
    assert {(m["group"], m["face"]) for m in places(crowded)} == {("senators", "down")}
    with pytest.raises(IllegalMove, match="only if a second can follow"):
        apply(crowded, place("C3", "senators", "up"))


def test_at_most_five_cards_of_a_player_at_a_group():
    data = base(groups={"aediles": {"cleopatra": at(["C1", "C2"], ["C4", "C4", "C5"])}})
    assert "aediles" not in {m["group"] for m in places(data)}
    with pytest.raises(IllegalMove, match="cleopatra already has 5 cards at the aediles"):
        apply(data, place("C3", "aediles"))
    # the other player may still place there
    caesar = base(
        groups={"aediles": {"cleopatra": at(["C1", "C2"], ["C4", "C4", "C5"])}},
        turn=1,
        current="caesar",
    )
    apply(caesar, place("R2", "aediles"), seat="caesar")


def test_a_group_holding_eight_cards_takes_no_more_philosophers_included():
    data = base(
        groups={
            "quaestors": {
                "cleopatra": at(["C1", "CP"], ["C2", "C2"]),
                "caesar": at(["R1", "R1"], ["RP", "R5"]),
            }
        }
    )
    assert "quaestors" not in {m["group"] for m in places(data)}
    with pytest.raises(IllegalMove, match="the quaestors hold 8 or more cards"):
        apply(data, place("C3", "quaestors"))
    seven = base(
        groups={
            "quaestors": {
                "cleopatra": at(["C1", "CP"], ["C2", "C2"]),
                "caesar": at(["R1", "R1"], ["RP"]),
            }
        }
    )
    assert place("C3", "quaestors") in places(seven)
    # one more card would make 8: a face-up pair cannot both go there
    assert place("C3", "quaestors", "up") in places(seven)  # the second goes elsewhere


def test_a_group_whose_patricians_are_all_won_takes_no_more_cards():
    data = base(won={"cleopatra": {"censors": 2}, "caesar": {"censors": 1}})
    assert "censors" not in {m["group"] for m in places(data)}
    with pytest.raises(IllegalMove, match="every patrician of the censors has been won"):
        apply(data, place("C3", "censors"))


def test_a_player_who_cannot_place_can_only_pass():
    data = base(hands={"cleopatra": ["C-scout", "C-spy"], "caesar": ["R1"]})
    moves = legal(data)
    assert {m["type"] for m in moves} == {"pass"}
    with pytest.raises(IllegalMove, match="only if cleopatra could place a card now"):
        apply(data, {"type": "action", "card": "C-spy"})


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (place("C2", "senators"), "C2 is not in cleopatra's hand"),
        (place("R2", "senators"), "R2 is not cleopatra's card"),
        (draw(1, 0), "cannot refill yet: nothing is done yet"),
        ({"type": "veto"}, "no Veto question is pending"),
        ({"type": "spy", "card": "R2"}, "no Spy choice is pending"),
        ({"type": "castle", "cards": {"senators": [], "praetors": []}}, "no castling is pending"),
    ],
)
def test_wrong_placements_and_moves_at_the_start(move, message):
    with pytest.raises(IllegalMove, match=message):
        apply(base(), move)


def test_no_second_placement_and_no_pass_once_placed():
    data, _ = apply(base(), place("C3", "praetors"))
    with pytest.raises(IllegalMove, match="already placed influence"):
        apply(data, place("C1", "senators"))
    with pytest.raises(IllegalMove, match="can pass only at the start of the turn"):
        apply(data, {"type": "pass", "discard": ["C1"]})
