"""The waltz (section 4.1): playing the card and the bann ring."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove

from .helpers import RULES, apply, events_of, load, position, tree


def quiet_position(**overrides) -> dict:
    """Values chosen so that playing a 1 moves nothing and measures ties."""
    base = dict(
        moon=[
            tree(up="M3L", down=["M4L"], druid="purple"),
            tree(up="M4R", down=["M4L"], druid="orange"),
            tree(up="M2L", down=["M4R"], druid="black"),
            tree(up="M3R", down=["M5R"]),
        ],
        sun=[
            tree(up="S3L", down=["S4L"], druid="purple"),
            tree(up="S4R", down=["S4L"], druid="orange"),
            tree(up="S2L", down=["S4R"], druid="black"),
            tree(up="S3R", down=["S5R"]),
        ],
        hands={"moon": ["M1L", "M1L", "M2R"], "sun": ["S1R", "S2R", "S5L"]},
    )
    base.update(overrides)
    return position(**base)


def test_waltz_puts_the_hand_card_face_up_on_top_of_the_own_tree():
    after, events = apply(quiet_position(), {"type": "waltz", "card": "M1L", "tree": 4})
    moon = after["players"]["moon"]
    assert moon["trees"][3]["up"] == ["M3R", "M1L"]
    assert moon["trees"][3]["down"] == ["M5R"]
    assert moon["hand"] == ["M1L", "M2R"]  # one of the two identical cards left
    assert events[0]["type"] == "waltz" and events[0]["position"] == "M4"


def test_waltz_on_an_empty_tree_starts_a_new_stack():
    data = quiet_position(
        moon=[
            tree(up="M3L", down=["M4L"], druid="purple"),
            tree(up="M4R", down=["M4L"], druid="orange"),
            tree(up="M2L", down=["M4R"], druid="black"),
            tree(),
        ]
    )
    after, _ = apply(data, {"type": "waltz", "card": "M2R", "tree": 4})
    assert after["players"]["moon"]["trees"][3]["up"] == ["M2R"]
    assert after["players"]["moon"]["trees"][3]["down"] == []


def test_bann_ring_bans_the_druid_on_the_played_tree_and_its_counterpart():
    # Orange would be a clear win for moon (4 vs 1) but moon plays on the
    # orange tree: both orange druids sit out.
    data = quiet_position(
        sun=[
            tree(up="S3L", down=["S4L"], druid="purple"),
            tree(up="S1L", down=["S4L"], druid="orange"),
            tree(up="S2L", down=["S4R"], druid="black"),
            tree(up="S3R", down=["S5R"]),
        ]
    )
    after, events = apply(data, {"type": "waltz", "card": "M1L", "tree": 2})
    assert events[1] == {"type": "ring", "position": "M2", "banned": "orange"}
    colours = [event["colour"] for event in events_of(events, "measure")]
    assert colours == ["purple", "black"]
    assert after["players"]["sun"]["trees"][1]["signs"] == 0


def test_waltz_on_a_tree_without_druid_bans_no_one():
    _, events = apply(quiet_position(), {"type": "waltz", "card": "M1L", "tree": 4})
    assert events[1] == {"type": "ring", "position": "M4", "banned": None}
    assert [event["colour"] for event in events_of(events, "measure")] == [
        "purple",
        "orange",
        "black",
    ]


def test_waltz_needs_the_card_in_hand_and_an_unflipped_own_tree():
    data = quiet_position(
        moon=[
            tree(up="M3L", down=["M4L"], druid="purple"),
            tree(up="M4R", down=["M4L"], druid="orange"),
            tree(up="M2L", down=["M4R"], druid="black"),
            tree(flipped=True),
        ]
    )
    with pytest.raises(IllegalMove, match="card M5L is not in moon's hand"):
        apply(data, {"type": "waltz", "card": "M5L", "tree": 1})
    with pytest.raises(IllegalMove, match="card S1R is not in moon's hand"):
        apply(data, {"type": "waltz", "card": "S1R", "tree": 1})
    with pytest.raises(IllegalMove, match="moon's tree 4 is flipped"):
        apply(data, {"type": "waltz", "card": "M1L", "tree": 4})


def test_identical_cards_give_one_waltz_per_tree():
    legal = RULES.legal_moves(load(quiet_position()))
    waltzes = [m for m in legal if m["type"] == "waltz"]
    assert len(waltzes) == 2 * 4  # M1L (twice in hand) and M2R, four trees each
    assert waltzes.count({"type": "waltz", "card": "M1L", "tree": 1}) == 1
    withdraws = [m for m in legal if m["type"] == "withdraw" and "card" in m]
    assert withdraws == [
        {"type": "withdraw", "card": "M1L"},
        {"type": "withdraw", "card": "M2R"},
    ]


def test_an_opponent_cult_card_in_hand_can_be_played():
    data = quiet_position(hands={"moon": ["S1L", "M2R", "M1L"], "sun": ["S1R", "S5L"]})
    after, _ = apply(data, {"type": "waltz", "card": "S1L", "tree": 4})
    assert after["players"]["moon"]["trees"][3]["up"][-1] == "S1L"


def test_the_move_names_trees_from_the_movers_side():
    data = quiet_position(to_move="sun", turn=1)
    after, events = apply(data, {"type": "waltz", "card": "S1R", "tree": 4})
    assert events[0]["position"] == "S4"
    assert after["players"]["sun"]["trees"][3]["up"][-1] == "S1R"
