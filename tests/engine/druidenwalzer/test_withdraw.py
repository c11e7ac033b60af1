"""Withdrawing a forest spirit (section 4.3)."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, MalformedMove

from .helpers import RULES, apply, load, position, tree

MOON_TREES = [
    tree(up="M3L", down=["M5L"], druid="purple"),
    tree(up=["M1R", "S4R"], druid="orange"),
    tree(up="M4L", druid="black"),
    tree(),
]


def data(**overrides):
    base = dict(moon=MOON_TREES, hands={"moon": ["M1L", "M2R"]}, cult_boards={"moon": ["M1L"]})
    base.update(overrides)
    return position(**base)


def test_withdraw_a_hand_card_to_the_own_cult_board():
    after, events = apply(data(), {"type": "withdraw", "card": "M2R"})
    assert events[0] == {
        "type": "withdraw",
        "player": "moon",
        "card": "M2R",
        "from": "hand",
        "to": "MC",
    }
    moon = after["players"]["moon"]
    assert moon["hand"] == ["M1L"]
    assert moon["cult_board"] == ["M1L", "M2R"]


def test_withdraw_the_top_card_of_an_own_tree_whichever_cult():
    after, events = apply(data(), {"type": "withdraw", "tree": 2})
    assert events[0] == {
        "type": "withdraw",
        "player": "moon",
        "card": "S4R",
        "from": "M2",
        "to": "MC",
    }
    moon = after["players"]["moon"]
    assert moon["trees"][1]["up"] == ["M1R"]
    assert moon["cult_board"] == ["M1L", "S4R"]  # an S card on the moon cult board


def test_a_face_down_card_left_on_top_is_turned_up():
    after, events = apply(data(), {"type": "withdraw", "tree": 1})
    assert events[1] == {"type": "turn_up", "card": "M5L", "position": "M1"}
    assert after["players"]["moon"]["trees"][0] == {
        "down": [],
        "up": ["M5L"],
        "druid": "purple",
        "signs": 0,
        "flipped": False,
    }


def test_withdraw_needs_a_card_there():
    with pytest.raises(IllegalMove, match="tree 4 has no card to withdraw"):
        apply(data(), {"type": "withdraw", "tree": 4})
    with pytest.raises(IllegalMove, match="card M5R is not in moon's hand"):
        apply(data(), {"type": "withdraw", "card": "M5R"})
    with pytest.raises(MalformedMove, match="exactly one of 'card' or 'tree'"):
        apply(data(), {"type": "withdraw", "card": "M1L", "tree": 1})
    with pytest.raises(MalformedMove, match="exactly one of 'card' or 'tree'"):
        apply(data(), {"type": "withdraw"})


def test_only_own_unflipped_trees_with_cards_are_offered():
    legal = RULES.legal_moves(load(data()))
    assert [m for m in legal if m["type"] == "withdraw" and "tree" in m] == [
        {"type": "withdraw", "tree": 1},
        {"type": "withdraw", "tree": 2},
        {"type": "withdraw", "tree": 3},
    ]


def test_withdrawing_the_last_hand_card_refills_the_hand():
    after, events = apply(
        data(hands={"moon": ["M2R"]}, draw_piles={"moon": ["M5R", "M4R", "M3R", "M2L"]}),
        {"type": "withdraw", "card": "M2R"},
    )
    assert after["players"]["moon"]["hand"] == ["M5R", "M4R", "M3R"]
    assert after["players"]["moon"]["draw_pile"][0] == "M2L"
    assert events[-1]["type"] == "draw"
