"""Number cards (section 5): exactly that many steps, no dice."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove

from .helpers import apply, events_of, move, position


@pytest.mark.parametrize("number, square", [("1/0", 6), ("2/1", 7), ("3/0", 8), ("4/1", 9)])
def test_a_number_card_walks_exactly_its_value_without_dice(number, square):
    data = position(lines={5: ["0:D"]}, hands={0: ["D/0", number], 1: ["K/1"]})
    after, events = apply(data, move("D/0", "0:D", number))
    assert after["seats"][0]["track"]["D"] == [square, 0]
    assert after["roll"] is None and events_of(events, "roll") == []
    walk = events_of(events, "walk")[0]
    assert walk["steps"] == int(number[0])
    assert walk["path"] == [{"square": q} for q in range(6, square + 1)]


def test_the_designating_card_goes_to_the_discard_pile_before_the_number_card():
    data = position(lines={5: ["0:D"]}, hands={0: ["4/1", "D/1"], 1: ["K/1"]})
    after, events = apply(data, move("D/1", "0:D", "4/1"))
    assert after["discard"][-2:] == ["D/1", "4/1"]
    assert after["seats"][0]["hand"] == []
    assert events[0] == {
        "type": "play",
        "seat": "0",
        "card": "D/1",
        "piece": "0:D",
        "number": "4/1",
    }


def test_a_number_card_enters_a_piece_from_home():
    data = position(hands={0: ["K/0", "2/0"], 1: ["K/1"]})
    after, events = apply(data, move("K/0", "0:K", "2/0"))
    assert after["seats"][0]["track"] == {"K": [2, 0]}
    assert after["seats"][0]["home"] == list("DCBPSX")
    assert events_of(events, "enter") == [
        {"type": "enter", "piece": "0:K", "square": 0, "place": 0}
    ]


def test_a_number_card_must_be_in_the_hand():
    data = position(lines={5: ["0:D"]}, hands={0: ["D/0"], 1: ["3/1"]})
    with pytest.raises(IllegalMove, match="3/1 is not in seat 0's hand"):
        apply(data, move("D/0", "0:D", "3/1"))
