"""Dice and doubles (section 5): seeded rolls, the doubles decision, rolling
again and when it does not happen."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove
from games.rules.rng import derive_rng

from .helpers import RULES, apply, events_of, load, move, position, with_dice


def base(**changes):
    options = {
        "lines": {5: ["0:D"]},
        "hands": {0: ["D/0", "C/0"], 1: ["K/1"]},
    }
    options.update(changes)
    return position(**options)


def test_dice_come_from_the_seed_the_turn_and_the_roll_number():
    data = base()
    after, events = apply(data, move("D/0", "0:D"))
    rng = derive_rng(data["seed"], data["turn"], "roll", 0)
    dice = [rng.randint(1, 6), rng.randint(1, 6)]
    assert after["roll"] == dice
    assert events_of(events, "roll")[0] == {
        "type": "roll",
        "seat": "0",
        "piece": "0:D",
        "dice": dice,
        "doubles": dice[0] == dice[1],
    }
    again, _ = apply(data, move("D/0", "0:D"))
    assert again == after


def test_a_roll_without_doubles_walks_the_total():
    after, events = apply(with_dice(base(), (2, 5)), move("D/0", "0:D"))
    assert after["seats"][0]["track"]["D"] == [12, 0]
    assert after["pending"] is None and after["roll"] == [2, 5]
    assert after["turn"] == 7 and after["to_move"] == 1


def test_doubles_leave_a_pending_decision_owed_by_the_same_seat():
    data = with_dice(base(), (3, 3))
    after, events = apply(data, move("D/0", "0:D"))
    assert after["pending"] == {"piece": "0:D", "card": "D/0", "dice": [3, 3]}
    assert after["roll"] == [3, 3] and after["to_move"] == 0 and after["turn"] == 6
    assert after["seats"][0]["track"]["D"] == [5, 0]  # nothing walked yet
    state = load(after)
    assert RULES.owed_by(state) == ("0",)
    assert RULES.legal_moves(state) == [
        {"type": "dice", "choice": "total"},
        {"type": "dice", "choice": "one"},
    ]
    with pytest.raises(
        IllegalMove, match='rolled doubles 3\\+3 for 0:D: choose dice "total" or "one"'
    ):
        apply(after, move("C/0", "0:C"))
    with pytest.raises(IllegalMove, match="seat 0 is to move now, not seat 1"):
        RULES.apply(state, {"type": "dice", "choice": "total"}, seat="1")


def test_total_walks_both_dice():
    pending = apply(with_dice(base(), (4, 4)), move("D/0", "0:D"))[0]
    after, events = apply(pending, {"type": "dice", "choice": "total"})
    assert after["seats"][0]["track"]["D"] == [13, 0]
    assert after["pending"] is None and after["roll"] is None
    assert after["turn"] == 7 and after["to_move"] == 1
    assert events[0] == {"type": "dice", "seat": "0", "choice": "total", "dice": [4, 4]}


def test_one_walks_one_die_then_rolls_again_for_the_same_piece():
    pending = apply(with_dice(base(), (2, 2)), move("D/0", "0:D"))[0]
    after, events = apply(with_dice(pending, (6, 1)), {"type": "dice", "choice": "one"})
    walks = events_of(events, "walk")
    assert [w["steps"] for w in walks] == [2, 7]
    assert after["seats"][0]["track"]["D"] == [14, 0]
    assert after["roll"] == [6, 1] and after["turn"] == 7


def test_a_roll_again_with_doubles_is_handled_the_same_way():
    pending = apply(with_dice(base(), (1, 1)), move("D/0", "0:D"))[0]
    again, events = apply(with_dice(pending, (5, 5)), {"type": "dice", "choice": "one"})
    assert again["pending"] == {"piece": "0:D", "card": "D/0", "dice": [5, 5]}
    assert again["seats"][0]["track"]["D"] == [6, 0] and again["turn"] == 6
    assert again["turn_rolls"] == 2
    after, _ = apply(again, {"type": "dice", "choice": "total"})
    assert after["seats"][0]["track"]["D"] == [16, 0]


def test_ruling_the_one_die_walk_is_a_complete_walk_with_captures():
    """Ruling: the one-die walk is a complete walk (sections 6 to 8 apply,
    captures included)."""
    data = position(lines={5: ["0:X"], 8: ["1:C"]}, hands={0: ["X/0"], 1: ["K/1"]})
    pending = apply(with_dice(data, (3, 3)), move("X/0", "0:X"))[0]
    after, events = apply(with_dice(pending, (1, 2)), {"type": "dice", "choice": "one"})
    assert [e["type"] for e in events][:3] == ["dice", "walk", "sent_home"]
    assert after["seats"][1]["home"][-1] == "C"
    assert after["seats"][0]["track"]["X"] == [11, 0]


def test_ruling_no_roll_again_when_the_piece_stands_on_its_target():
    """Ruling: the roll again does not happen if the piece now stands on its
    castle target."""
    # 0:K is first in the home order (target 7) and stands on castle place 4.
    data = position(castle={0: {"K": 4}}, hands={0: ["K/0"], 1: ["K/1"]})
    pending = apply(with_dice(data, (3, 3)), move("K/0", "0:K"))[0]
    after, events = apply(pending, {"type": "dice", "choice": "one"})
    assert after["seats"][0]["castle"] == {"K": 7}
    assert events_of(events, "roll") == [] and after["roll"] is None
    assert after["turn"] == 7 and after["to_move"] == 1


def test_ruling_the_designating_card_counts_for_all_walks_of_the_turn():
    """Its colour decides the equal-rank rule in the roll-again walk too."""
    data = position(lines={5: ["0:D"], 13: ["1:D"]}, hands={0: ["D/0"], 1: ["K/1"]})
    pending = apply(with_dice(data, (2, 2)), move("D/0", "0:D"))[0]
    after, _ = apply(with_dice(pending, (4, 2)), {"type": "dice", "choice": "one"})
    # 5 + 2 = 7, then 7 + 6 = 13: the own-colour card puts 0:D in front.
    assert after["seats"][0]["track"]["D"] == [13, 0]
    assert after["seats"][1]["track"]["D"] == [13, 1]


def test_dice_only_while_a_decision_is_pending():
    with pytest.raises(IllegalMove, match="there is no doubles decision pending"):
        apply(base(), {"type": "dice", "choice": "one"})
