"""Conquest by six signs and flipping a tree (sections 4.1 and 5)."""

from __future__ import annotations

from .helpers import RULES, apply, events_of, load, position, tree


def conquest_position(**overrides) -> dict:
    base = dict(
        moon=[
            tree(up="M5L", druid="purple"),
            tree(up="M1L", druid="orange"),
            tree(up="M1R", druid="black"),
            tree(up="M3L"),
        ],
        sun=[
            tree(up=["S4R", "M2L"], down=["S1L", "M4R"], druid="purple", signs=5),
            tree(up="S1R", druid="orange"),
            tree(up="S1L", druid="black"),
            tree(up="S3R"),
        ],
        hands={"moon": ["M2R", "M4L"], "sun": ["S2L", "S5R"]},
        cult_boards={"moon": ["M1L"], "sun": ["S1R"]},
    )
    base.update(overrides)
    return position(**base)


def test_sixth_sign_conquers_the_tree_at_once():
    after, events = apply(conquest_position(), {"type": "waltz", "card": "M4L", "tree": 4})
    flips = events_of(events, "flip")
    assert flips == [
        {
            "type": "flip",
            "player": "sun",
            "tree": 1,
            "position": "S1",
            "reason": "signs",
            "cards": [
                {"card": "S1L", "to": "SC"},
                {"card": "M4R", "to": "MC"},
                {"card": "S4R", "to": "SC"},
                {"card": "M2L", "to": "MC"},
            ],
            "druid": {"druid": "purple", "from": "S1", "to": "S4"},
        }
    ]
    sun = after["players"]["sun"]
    flipped = sun["trees"][0]
    assert flipped == {"down": [], "up": [], "druid": None, "signs": 0, "flipped": True}
    # the druid moved to the owner's tree that had none
    assert sun["trees"][3]["druid"] == "purple"
    # every card to the cult board of its own cult, bottom first
    assert sun["cult_board"] == ["S1R", "S1L", "S4R"]
    # ... and then moon's winning card goes to moon's cult board
    assert after["players"]["moon"]["cult_board"] == ["M1L", "M4R", "M2L", "M5L"]
    kinds = [e["type"] for e in events]
    assert kinds.index("sign") < kinds.index("flip") < kinds.index("collect")
    assert events_of(events, "sign")[0]["signs"] == 6


def test_a_flipped_tree_leaves_the_ring_and_its_owner_cannot_leap():
    after, _ = apply(conquest_position(), {"type": "waltz", "card": "M4L", "tree": 4})
    state = load(after)
    legal = RULES.legal_moves(state)
    assert not [m for m in legal if m["type"] == "leap"]
    assert {m["tree"] for m in legal if m["type"] == "waltz"} == {2, 3, 4}
    assert {"type": "withdraw", "tree": 1} not in legal


def test_a_conquest_that_ends_the_game_stops_everything():
    data = conquest_position(
        sun=[
            tree(up=["S4R", "M2L"], down=["S1L", "M4R"], druid="purple", signs=5),
            tree(up="S1R", druid="orange"),
            tree(up="S1L", druid="black"),
            tree(flipped=True),
        ],
        moon=[
            tree(up="M5L", druid="purple"),
            tree(up="M1L", druid="orange"),
            tree(up="M5R", druid="black"),
            tree(up="M3L"),
        ],
        hands={"moon": ["M4L"]},  # the waltz empties the hand: no refill either
    )
    after, events = apply(data, {"type": "waltz", "card": "M4L", "tree": 4})
    assert after["phase"] == "over"
    assert after["winner"] == "moon" and after["to_move"] is None
    # no collect, black is never measured, no draw
    assert [e["type"] for e in events][-3:] == ["sign", "flip", "game_over"]
    assert after["players"]["moon"]["trees"][0]["up"] == ["M5L"]
    assert after["players"]["moon"]["hand"] == []
    # the druid stays: sun has no tree without a druid left
    flip = events_of(events, "flip")[0]
    assert flip["druid"] is None
    assert after["players"]["sun"]["trees"][0]["druid"] == "purple"
    assert after["turn"] == 1
    assert RULES.outcome(load(after)).winner == "moon"


def test_the_mover_can_lose_a_tree_in_their_own_waltz():
    data = position(
        moon=[
            tree(up="M1L", down=["M3L"], druid="purple", signs=5),
            tree(up="M1R", druid="orange"),
            tree(up="M2L", druid="black"),
            tree(up="M2R"),
        ],
        sun=[
            tree(up="S5L", druid="purple"),
            tree(up="S1R", druid="orange"),
            tree(up="S2R", druid="black"),
            tree(up="S3R"),
        ],
        hands={"moon": ["M4R"]},
    )
    after, events = apply(data, {"type": "waltz", "card": "M4R", "tree": 4})
    flip = events_of(events, "flip")[0]
    assert flip["player"] == "moon" and flip["position"] == "M1"
    assert flip["druid"] == {"druid": "purple", "from": "M1", "to": "M4"}
    assert after["players"]["moon"]["trees"][3]["druid"] == "purple"
    assert after["players"]["sun"]["cult_board"][-1] == "S5L"
    assert after["phase"] == "play"


def test_ruling_signs_the_supply_never_limits_play():
    """Ruling (signs): only the count on each tree matters, never the supply of
    20 signs a player owns: with 20 moon signs already on sun's trees, moon
    still places a 21st, and it conquers."""
    data = position(
        moon=[
            tree(up="M5L", druid="purple"),
            tree(up="M1L", druid="orange"),
            tree(up="M1R", druid="black"),
            tree(up="M3L"),
        ],
        sun=[
            tree(up="S2L", druid="purple", signs=5),
            tree(up="S1R", druid="orange", signs=5),
            tree(up="S1L", druid="black", signs=5),
            tree(up="S3R", signs=5),
        ],
        hands={"moon": ["M4L", "M2R"]},
    )
    assert sum(t["signs"] for t in data["players"]["sun"]["trees"]) == 20
    after, events = apply(data, {"type": "waltz", "card": "M4L", "tree": 4})
    assert events_of(events, "sign")[0]["signs"] == 6
    assert events_of(events, "flip")[0]["position"] == "S1"
    assert after["players"]["sun"]["trees"][0]["flipped"]
