"""The druid's leap (section 4.2)."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove

from .helpers import RULES, apply, load, position, tree

MOON_TREES = [
    tree(up="M3L", druid="purple"),
    tree(up="M3R", druid="orange"),
    tree(up="M4L", druid="black"),
    tree(up="M2R"),
]


def test_leap_moves_a_druid_to_the_own_tree_without_druid():
    data = position(moon=MOON_TREES, hands={"moon": ["M1L"]})
    after, events = apply(data, {"type": "leap", "druid": "orange"})
    assert events == [
        {"type": "leap", "player": "moon", "druid": "orange", "from": "M2", "to": "M4"}
    ]
    druids = [t["druid"] for t in after["players"]["moon"]["trees"]]
    assert druids == ["purple", None, "black", "orange"]
    assert after["to_move"] == "sun" and after["turn"] == 1
    assert after["players"]["moon"]["hand"] == ["M1L"]  # nothing else happens


def test_legal_moves_offer_one_leap_per_druid():
    legal = RULES.legal_moves(load(position(moon=MOON_TREES, hands={"moon": ["M1L"]})))
    assert [m for m in legal if m["type"] == "leap"] == [
        {"type": "leap", "druid": "purple"},
        {"type": "leap", "druid": "orange"},
        {"type": "leap", "druid": "black"},
    ]


def test_no_leap_once_a_tree_is_flipped():
    trees = [
        tree(up="M3L", druid="purple"),
        tree(up="M3R", druid="orange"),
        tree(up="M4L", druid="black"),
        tree(flipped=True),
    ]
    data = position(moon=trees, hands={"moon": ["M1L"]})
    assert not [m for m in RULES.legal_moves(load(data)) if m["type"] == "leap"]
    with pytest.raises(IllegalMove, match="can no longer leap"):
        apply(data, {"type": "leap", "druid": "purple"})


def test_a_leap_does_not_save_an_empty_tree():
    trees = [
        tree(druid="purple"),
        tree(up="M3R", druid="orange"),
        tree(up="M4L", druid="black"),
        tree(up="M2R"),
    ]
    after, events = apply(
        position(moon=trees, hands={"moon": ["M1L"]}), {"type": "leap", "druid": "purple"}
    )
    assert [e["type"] for e in events] == ["leap", "flip"]
    assert after["players"]["moon"]["trees"][0]["flipped"]
    # the druid had already left, so the flip moves none
    assert events[1]["druid"] is None
