"""The measuring of strength (section 4.1 step 3)."""

from __future__ import annotations

from .helpers import apply, events_of, position, tree


def test_higher_value_wins_sign_then_winning_card_to_own_cult_board():
    data = position(
        moon=[
            tree(up="M4L", down=["M1R"], druid="purple"),
            tree(up="M1L", druid="orange"),
            tree(up="M1R", druid="black"),
            tree(up="M3L"),
        ],
        sun=[
            tree(up="S2L", druid="purple"),
            tree(up="S1L", druid="orange"),
            tree(up="S1R", druid="black"),
            tree(up="S3R"),
        ],
        hands={"moon": ["M5L"]},
        cult_boards={"moon": ["M2R"]},
    )
    after, events = apply(data, {"type": "waltz", "card": "M5L", "tree": 4})
    purple = events_of(events, "measure")[0]
    assert purple == {
        "type": "measure",
        "colour": "purple",
        "moon": {"tree": 1, "position": "M1", "card": "M4L", "value": 4},
        "sun": {"tree": 1, "position": "S1", "card": "S2L", "value": 2},
        "winner": "moon",
    }
    kinds = [e["type"] for e in events]
    start = kinds.index("measure")
    assert kinds[start : start + 4] == ["measure", "sign", "collect", "turn_up"]
    moon = after["players"]["moon"]
    assert moon["cult_board"] == ["M2R", "M4L"]
    # the face-down card under the winning card is turned up
    assert moon["trees"][0]["up"] == ["M1R"] and moon["trees"][0]["down"] == []
    assert after["players"]["sun"]["trees"][0]["signs"] == 1
    assert after["players"]["sun"]["trees"][0]["up"] == ["S2L"]  # the loser keeps its card


def test_equal_values_nothing_happens():
    data = position(
        moon=[
            tree(up="M2L", druid="purple"),
            tree(up="M3L", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M1L"),
        ],
        sun=[
            tree(up="S2R", druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4R", druid="black"),
            tree(up="S1R"),
        ],
        hands={"moon": ["M5L"]},
    )
    after, events = apply(data, {"type": "waltz", "card": "M5L", "tree": 4})
    assert [e["winner"] for e in events_of(events, "measure")] == [None, None, None]
    assert events_of(events, "sign") == [] and events_of(events, "collect") == []
    assert all(t["signs"] == 0 for s in ("moon", "sun") for t in after["players"][s]["trees"])


def test_ruling_empty_tree_counts_zero_and_two_empty_trees_tie():
    """Ruling (empty tree): a tree without cards counts as value 0; two empty trees tie."""
    data = position(
        moon=[
            tree(druid="purple"),
            tree(druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M1L"),
        ],
        sun=[
            tree(up="S1R", druid="purple"),
            tree(druid="orange"),
            tree(up="S4R", druid="black"),
            tree(up="S2R"),
        ],
        hands={"sun": ["S5L"]},
        to_move="sun",
        turn=1,
    )
    after, events = apply(data, {"type": "waltz", "card": "S5L", "tree": 4})
    by_colour = {e["colour"]: e for e in events_of(events, "measure")}
    assert by_colour["purple"]["moon"] == {"tree": 1, "position": "M1", "card": None, "value": 0}
    assert by_colour["purple"]["winner"] == "sun"
    assert by_colour["orange"]["moon"]["value"] == by_colour["orange"]["sun"]["value"] == 0
    assert by_colour["orange"]["winner"] is None  # two empty trees tie
    assert by_colour["black"]["winner"] is None
    assert after["players"]["moon"]["trees"][0]["signs"] == 1
    assert after["players"]["sun"]["cult_board"][-1] == "S1R"


def test_only_the_visible_top_card_counts():
    data = position(
        moon=[
            tree(up=["M5R", "M1L"], down=["M5L"], druid="purple"),
            tree(up="M3L", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M1R"),
        ],
        sun=[
            tree(up="S2R", druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4R", druid="black"),
            tree(up="S1R"),
        ],
        hands={"moon": ["M2L"]},
    )
    # M2L on tree 4: sun's S2R dances 4 steps clockwise (S1 -> MC M4 M3 M2).
    # Purple then: moon's visible M1L (1) against sun's empty S1 (0).
    after, events = apply(data, {"type": "waltz", "card": "M2L", "tree": 4})
    purple = events_of(events, "measure")[0]
    assert purple["moon"]["card"] == "M1L" and purple["sun"]["value"] == 0
    assert purple["winner"] == "moon"


def test_ruling_order_mover_wins_first_then_others_purple_orange_black():
    """Ruling (order): the colours the mover wins first, then the others,
    each group purple, orange, black."""
    data = position(
        moon=[
            tree(up="M1L", druid="purple"),
            tree(up="M2L", druid="orange"),
            tree(up="M5L", druid="black"),
            tree(up="M3L"),
        ],
        sun=[
            tree(up="S4L", druid="purple"),
            tree(up="S4R", druid="orange"),
            tree(up="S3L", druid="black"),
            tree(up="S1R"),
        ],
        hands={"moon": ["M2R"]},
    )
    # No ban (tree 4 has no druid). Moon wins black; sun wins purple and orange.
    _, events = apply(data, {"type": "waltz", "card": "M2R", "tree": 4})
    measured = [(e["colour"], e["winner"]) for e in events_of(events, "measure")]
    assert measured == [("black", "moon"), ("purple", "sun"), ("orange", "sun")]


def test_ruling_order_decides_who_wins_when_both_could_lose_a_second_tree():
    """Ruling (order): winning first is never worse; here it decides the game."""
    data = position(
        moon=[
            tree(up="M1L", druid="purple", signs=5),
            tree(up="M2L", druid="orange"),
            tree(up="M5L", druid="black"),
            tree(flipped=True),
        ],
        sun=[
            tree(up="S4L", druid="purple"),
            tree(up="S1R", druid="orange"),
            tree(up="S3L", druid="black", signs=5),
            tree(flipped=True),
        ],
        hands={"moon": ["M2R", "M3R"]},
    )
    # Moon plays on the orange tree (orange banned). Purple (sun wins) would
    # flip moon's second tree; black (moon wins) flips sun's second tree.
    # Moon's win is resolved first, so moon wins the game.
    after, events = apply(data, {"type": "waltz", "card": "M2R", "tree": 2})
    assert after["phase"] == "over" and after["winner"] == "moon"
    assert [e["colour"] for e in events_of(events, "measure")] == ["black"]
    assert events[-1] == {
        "type": "game_over",
        "winner": "moon",
        "loser": "sun",
        "reason": "two_trees_flipped",
    }
    # Nothing more happens: purple is never measured, moon's tree 1 keeps its 5 signs,
    # and the winning card stays on its tree.
    assert after["players"]["moon"]["trees"][0]["signs"] == 5
    assert after["players"]["moon"]["trees"][2]["up"] == ["M5L"]


def test_several_winning_cards_stack_on_the_cult_board_in_colour_order():
    data = position(
        moon=[
            tree(up="M4L", druid="purple"),
            tree(up="M1L", druid="orange"),
            tree(up="M5L", druid="black"),
            tree(up="M3L"),
        ],
        sun=[
            tree(up="S2L", druid="purple"),
            tree(up="S1R", druid="orange"),
            tree(up="S3L", druid="black"),
            tree(up="S3R"),
        ],
        hands={"moon": ["M2R"]},
        cult_boards={"moon": ["M1R"]},
    )
    after, _ = apply(data, {"type": "waltz", "card": "M2R", "tree": 4})
    assert after["players"]["moon"]["cult_board"] == ["M1R", "M4L", "M5L"]


def test_a_card_of_the_other_cult_wins_for_the_druid_it_lies_under():
    data = position(
        moon=[
            tree(up="M1L", druid="purple"),
            tree(up="M1R", druid="orange"),
            tree(up="M2L", druid="black"),
            tree(up="M3L"),
        ],
        sun=[
            tree(up="M5R", druid="purple"),
            tree(up="S1R", druid="orange"),
            tree(up="S2R", druid="black"),
            tree(up="S3R"),
        ],
        hands={"sun": ["S4R"]},
        to_move="sun",
        turn=1,
    )
    after, _ = apply(data, {"type": "waltz", "card": "S4R", "tree": 4})
    # sun's purple wins with the moon card M5R, which goes to the SUN cult board
    assert after["players"]["sun"]["cult_board"][-1] == "M5R"
    assert after["players"]["moon"]["trees"][0]["signs"] == 1
