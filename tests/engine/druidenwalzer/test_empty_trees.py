"""The empty-tree rule at the end of a turn (section 4.4 step 1)."""

from __future__ import annotations

from .helpers import apply, events_of, position, tree

SUN_TREES = [
    tree(up="S3L", druid="purple"),
    tree(up="S3R", druid="orange"),
    tree(up="S4L", druid="black"),
    tree(up="S4R"),
]


def test_ruling_tree_empty_at_start_and_still_empty_is_flipped():
    """Ruling (empty tree): empty at the start of the turn and still empty now: flipped."""
    data = position(
        moon=[
            tree(druid="purple"),
            tree(up="M3L", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M2R"),
        ],
        sun=SUN_TREES,
        hands={"moon": ["M1L", "M1R"]},
    )
    after, events = apply(data, {"type": "withdraw", "card": "M1L"})
    assert events_of(events, "flip") == [
        {
            "type": "flip",
            "player": "moon",
            "tree": 1,
            "position": "M1",
            "reason": "empty",
            "cards": [],
            "druid": {"druid": "purple", "from": "M1", "to": "M4"},
        }
    ]
    moon = after["players"]["moon"]["trees"]
    assert moon[0]["flipped"] and moon[3]["druid"] == "purple"
    assert after["phase"] == "play" and after["to_move"] == "sun"


def test_ruling_playing_on_the_empty_tree_saves_it():
    data = position(
        moon=[
            tree(druid="purple"),
            tree(up="M3L", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M2R"),
        ],
        sun=SUN_TREES,
        hands={"moon": ["M1L", "M1R"]},
    )
    after, events = apply(data, {"type": "waltz", "card": "M1L", "tree": 1})
    assert events_of(events, "flip") == []
    assert not after["players"]["moon"]["trees"][0]["flipped"]


def test_ruling_a_card_danced_onto_the_empty_tree_saves_it():
    data = position(
        moon=[
            tree(up="M3L", druid="purple"),
            tree(up="M1L", druid="orange"),
            tree(up="M5L", druid="black"),
            tree(),
        ],
        sun=SUN_TREES,
        hands={"moon": ["M5R"]},
    )
    # M5R on tree 1: M3's M5L moves one step counterclockwise onto the empty M4.
    after, events = apply(data, {"type": "waltz", "card": "M5R", "tree": 1})
    assert [(e["from"], e["to"]) for e in events_of(events, "dance")] == [("M3", "M4")]
    assert events_of(events, "flip") == []
    assert not after["players"]["moon"]["trees"][3]["flipped"]


def test_ruling_a_tree_that_became_empty_this_turn_is_checked_next_turn():
    """Ruling: a tree that became empty during this turn is checked at the end
    of its owner's next turn."""
    data = position(
        moon=[
            tree(up="M3L", druid="purple"),
            tree(up="M1L", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M2R"),
        ],
        sun=SUN_TREES,
        hands={"moon": ["M1R", "M5R"], "sun": ["S1L", "S2L", "S2R"]},
    )
    after, events = apply(data, {"type": "withdraw", "tree": 4})
    assert events_of(events, "flip") == []
    assert after["players"]["moon"]["trees"][3]["up"] == []
    # Sun's turn: moon's empty tree is not sun's concern.
    after, events = apply(after, {"type": "withdraw", "card": "S1L"})
    assert events_of(events, "flip") == []
    # Moon's next turn: still empty at its end, so now it is flipped.
    after, events = apply(after, {"type": "withdraw", "card": "M1R"})
    assert [e["position"] for e in events_of(events, "flip")] == ["M4"]


def test_ruling_tree_1_first_and_the_game_may_end_at_any_flip():
    """Ruling: several empty trees flip tree 1 first; a flip may end the game,
    then nothing more happens (no refill either)."""
    data = position(
        moon=[
            tree(druid="purple"),
            tree(druid="orange"),
            tree(druid="black"),
            tree(up="M2R"),
        ],
        sun=SUN_TREES,
        hands={"moon": ["M1L"]},
    )
    after, events = apply(data, {"type": "withdraw", "card": "M1L"})
    flips = events_of(events, "flip")
    assert [f["position"] for f in flips] == ["M1", "M2"]
    assert flips[0]["druid"] == {"druid": "purple", "from": "M1", "to": "M4"}
    assert flips[1]["druid"] is None  # no druid-free tree left: it stays
    assert events[-1]["type"] == "game_over" and events[-1]["winner"] == "sun"
    moon = after["players"]["moon"]
    assert not moon["trees"][2]["flipped"]  # tree 3 is never reached
    assert moon["hand"] == []  # no refill after the end
    assert after["phase"] == "over" and after["to_move"] is None


def test_an_empty_tree_of_the_other_player_is_not_flipped_on_my_turn():
    data = position(
        moon=[
            tree(up="M3L", druid="purple"),
            tree(up="M3R", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M2R"),
        ],
        sun=[
            tree(druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4L", druid="black"),
            tree(up="S4R"),
        ],
        hands={"moon": ["M1L", "M1R"]},
    )
    after, events = apply(data, {"type": "withdraw", "card": "M1L"})
    assert events_of(events, "flip") == []
    assert not after["players"]["sun"]["trees"][0]["flipped"]


def test_the_empty_tree_rule_comes_before_the_refill():
    data = position(
        moon=[
            tree(druid="purple"),
            tree(up="M3L", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M2R"),
        ],
        sun=SUN_TREES,
        hands={"moon": ["M1L"]},
    )
    _, events = apply(data, {"type": "withdraw", "card": "M1L"})
    kinds = [e["type"] for e in events]
    assert kinds == ["withdraw", "flip", "draw"]
