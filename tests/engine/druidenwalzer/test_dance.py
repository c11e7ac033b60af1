"""The dance (section 4.1 step 2)."""

from __future__ import annotations

from .helpers import apply, events_of, position, tree

# Druids on trees 1..3 whose tops never match the dancing values below, so
# the measuring afterwards is easy to ignore.
NEUTRAL_MOON = [
    tree(up="M1L", down=["M1L"], druid="purple"),
    tree(up="M1R", down=["M1R"], druid="orange"),
    tree(up="M2L", down=["M2L"], druid="black"),
    tree(up="M2R", down=["M2R"]),
]
NEUTRAL_SUN = [
    tree(up="S1L", down=["S1L"], druid="purple"),
    tree(up="S1R", down=["S1R"], druid="orange"),
    tree(up="S2L", down=["S2L"], druid="black"),
    tree(up="S2R", down=["S2R"]),
]


def trees(base: list[dict], **changes: dict) -> list[dict]:
    """``base`` with some trees replaced: ``t1=tree(...)`` etc."""
    result = [dict(entry) for entry in base]
    for key, entry in changes.items():
        result[int(key[1]) - 1] = entry
    return result


def dances(events: list[dict]) -> list[tuple[str, str, str]]:
    return [(e["card"], e["from"], e["to"]) for e in events_of(events, "dance")]


def test_an_r_arrow_moves_counterclockwise_by_the_trees_symbols():
    # Moon plays M5R on tree 3 (three steps), counterclockwise: M4 MC S1 ...
    data = position(
        moon=trees(NEUTRAL_MOON, t4=tree(up="M3R")),
        sun=trees(NEUTRAL_SUN, t2=tree(up="S5R", down=["S3L"], druid="orange")),
        hands={"moon": ["M5R"]},
    )
    after, events = apply(data, {"type": "waltz", "card": "M5R", "tree": 3})
    # S2 (index 1) + 3 counterclockwise: S3, S4, SC
    assert dances(events) == [("S5R", "S2", "SC")]
    assert "S5R" in after["players"]["sun"]["cult_board"]


def test_an_l_arrow_moves_clockwise():
    data = position(
        moon=trees(NEUTRAL_MOON, t4=tree(up="M4L", down=["M3L"])),
        sun=NEUTRAL_SUN,
        hands={"moon": ["M4L"]},
    )
    # Played on tree 2 (M2): two steps clockwise from M4 is M2.
    _, events = apply(data, {"type": "waltz", "card": "M4L", "tree": 2})
    assert dances(events) == [("M4L", "M4", "M2")]


def test_cult_boards_count_as_positions_and_their_cards_never_move():
    data = position(
        moon=trees(NEUTRAL_MOON, t4=tree(up="M3R", down=["M4L"])),
        sun=trees(NEUTRAL_SUN, t4=tree(up="S3R", down=["S4L"])),
        cult_boards={"moon": ["M3L"], "sun": ["S3L"]},
        hands={"moon": ["M3R"]},
    )
    # Moon plays on tree 1 (one step), R arrow: S4 -> SC, M4 -> MC.
    after, events = apply(data, {"type": "waltz", "card": "M3R", "tree": 1})
    assert sorted(dances(events)) == [("M3R", "M4", "MC"), ("S3R", "S4", "SC")]
    assert after["players"]["moon"]["cult_board"] == ["M3L", "M3R"]
    assert after["players"]["sun"]["cult_board"] == ["S3L", "S3R"]


def test_covered_and_face_down_cards_never_move_only_visible_tops():
    data = position(
        moon=trees(NEUTRAL_MOON, t4=tree(up=["M5L", "M3L"], down=["M5R"])),
        sun=NEUTRAL_SUN,
        hands={"moon": ["M5L"]},
    )
    after, events = apply(data, {"type": "waltz", "card": "M5L", "tree": 4})
    assert dances(events) == []
    assert after["players"]["moon"]["trees"][3]["up"] == ["M5L", "M3L", "M5L"]


def test_the_played_card_itself_does_not_move():
    data = position(moon=NEUTRAL_MOON, sun=NEUTRAL_SUN, hands={"moon": ["M3L"]})
    after, events = apply(data, {"type": "waltz", "card": "M3L", "tree": 4})
    assert dances(events) == []
    assert after["players"]["moon"]["trees"][3]["up"][-1] == "M3L"


def test_nearest_first_and_a_covered_card_still_moves_from_under():
    """A card still to move that gets covered moves from under the cover."""
    data = position(
        moon=[
            tree(up="M1L", druid="purple"),
            tree(up="M5L", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M2R"),
        ],
        sun=[
            tree(up="S1L", druid="purple"),
            tree(up="S3L", down=["S4L"]),
            tree(up="S3R", down=["S4R"], druid="orange"),
            tree(up="S2R", down=["S2R"], druid="black"),
        ],
        hands={"sun": ["S3R"]},
        to_move="sun",
        turn=1,
    )
    # Sun plays S3R on tree 1 (one step, counterclockwise): S2 goes first and
    # lands on S3, covering S3's own 3, which then moves from under it to S4.
    after, events = apply(data, {"type": "waltz", "card": "S3R", "tree": 1})
    assert dances(events) == [("S3L", "S2", "S3"), ("S3R", "S3", "S4")]
    sun = after["players"]["sun"]["trees"]
    assert sun[2]["up"] == ["S3L"] and sun[2]["down"] == ["S4R"]
    assert sun[3]["up"] == ["S2R", "S3R"]
    # S2 lost its only face-up card: its face-down card turns up after the dance
    assert sun[1]["up"] == ["S4L"] and sun[1]["down"] == []


def test_the_affected_set_is_fixed_before_anything_moves():
    """A card landing on a tree still to be visited makes it show the played
    value, but that tree's card was not in the set and does not move."""
    data = position(
        moon=[
            tree(up="M1L", druid="purple"),
            tree(up="M5L", druid="orange"),
            tree(up="M3L", druid="black"),
            tree(up="M2R"),
        ],
        sun=[
            tree(up="S1L", druid="purple"),
            tree(up="S1R", down=["S1R"]),
            tree(up="S4R", down=["S4L"], druid="orange"),
            tree(up="S2R", druid="black"),
        ],
        hands={"sun": ["S4L"]},
        to_move="sun",
        turn=1,
    )
    # Sun plays S4L on tree 1 (one step clockwise). Walking clockwise from S1
    # the order is MC M4 M3 M2 M1 SC S4 S3 S2: S3's 4 moves onto S2, which
    # is met after S3 but showed no 4 when the set was fixed.
    after, events = apply(data, {"type": "waltz", "card": "S4L", "tree": 1})
    assert dances(events) == [("S4R", "S3", "S2")]
    sun = after["players"]["sun"]["trees"]
    assert sun[1]["up"] == ["S1R", "S4R"]
    assert sun[2]["up"] == ["S4L"] and sun[2]["down"] == []


def test_face_down_cards_turn_up_only_after_the_dance():
    """A stack that lost its top and then received a card keeps its face-down card."""
    data = position(
        moon=[
            tree(up="M5R", down=["M3L"], druid="purple"),
            tree(up="M2R", druid="orange"),
            tree(up="M1L", druid="black"),
            tree(up="M2L"),
        ],
        sun=[
            tree(up="S3L", druid="purple"),
            tree(up="S5R", down=["S3R"]),
            tree(up="S2L", druid="orange"),
            tree(up="S4R", down=["S4L"], druid="black"),
        ],
        hands={"sun": ["S5L"]},
        to_move="sun",
        turn=1,
    )
    # Sun plays S5L on tree 4 (four steps clockwise). Order: S2 first (to M3),
    # then M1 (to S2, onto the stack S2 has just emptied).
    after, events = apply(data, {"type": "waltz", "card": "S5L", "tree": 4})
    assert dances(events) == [("S5R", "S2", "M3"), ("M5R", "M1", "S2")]
    sun_s2 = after["players"]["sun"]["trees"][1]
    assert sun_s2["up"] == ["M5R"] and sun_s2["down"] == ["S3R"]
    moon = after["players"]["moon"]["trees"]
    assert moon[0]["up"] == ["M3L"] and moon[0]["down"] == []
    assert moon[2]["up"] == ["M1L", "S5R"]
    assert events_of(events, "turn_up") == [{"type": "turn_up", "card": "M3L", "position": "M1"}]
    # every turn-up comes after the last dance
    kinds = [e["type"] for e in events]
    assert kinds.index("turn_up") > max(i for i, k in enumerate(kinds) if k == "dance")
    # purple 3 against 3 and orange 2 against 2: ties, nothing else moved
    assert [e["winner"] for e in events_of(events, "measure")] == [None, None]


def test_flipped_trees_are_skipped():
    data = position(
        moon=trees(NEUTRAL_MOON, t4=tree(flipped=True)),
        sun=trees(NEUTRAL_SUN, t4=tree(up="S3R", down=["S4L"])),
        hands={"sun": ["S3R"]},
        to_move="sun",
        turn=1,
    )
    # Sun plays on tree 3 (three steps) with an R arrow: S4 -> SC, M1, M2.
    _, events = apply(data, {"type": "waltz", "card": "S3R", "tree": 3})
    assert dances(events) == [("S3R", "S4", "M2")]
    data = position(
        moon=trees(
            NEUTRAL_MOON,
            t3=tree(up="M3R", down=["M4L"], druid="black"),
            t4=tree(flipped=True),
        ),
        sun=NEUTRAL_SUN,
        hands={"sun": ["S3R"]},
        to_move="sun",
        turn=1,
    )
    _, events = apply(data, {"type": "waltz", "card": "S3R", "tree": 3})
    # M3 -> (M4 flipped, skipped) MC, S1, S2
    assert dances(events) == [("M3R", "M3", "S2")]


def test_a_dancing_card_can_land_on_the_played_tree():
    data = position(
        moon=trees(NEUTRAL_MOON, t2=tree(up="M4R", down=["M5L"], druid="orange")),
        sun=NEUTRAL_SUN,
        hands={"moon": ["M4L"]},
    )
    # Moon plays M4L on tree 2... M2 is the played tree: its 4 is the played
    # card. Play on tree 1 instead: M2's 4 moves one step clockwise onto M1.
    after, events = apply(data, {"type": "waltz", "card": "M4L", "tree": 1})
    assert dances(events) == [("M4R", "M2", "M1")]
    assert after["players"]["moon"]["trees"][0]["up"] == ["M1L", "M4L", "M4R"]
