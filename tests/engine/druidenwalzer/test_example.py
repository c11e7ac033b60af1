"""The rulebook's worked example ("An Example"), step by step.

Sun lays a 5 with a left arrow at their tree 4, which carries the purple
(lilac) druid. The 5 on the moon cult board stays; the moon 5s move four
steps clockwise: the first onto the sun cult board, the next onto the sun
side (to the tree of sun's orange druid). Orange: sun's 5 beats moon's 3, a
sign goes on moon's orange tree and the winning 5 goes to the sun cult board.
Purple is banned by the ring. Black: 3 against 3, nothing happens.
"""

from __future__ import annotations

from .helpers import apply, events_of, position, tree


def example_position() -> dict:
    return position(
        to_move="sun",
        turn=11,
        moon=[
            tree(up="M2R", down=["M1L"], druid="purple"),
            tree(up="M5R", down=["M4L"]),  # moves to the sun side (S3)
            tree(up="M3L", down=["M2L"], druid="orange"),
            tree(up="M5L", down=["M3R"], druid="black"),  # moves to the sun cult board
        ],
        sun=[
            tree(up="S3R", down=["S4R"], druid="black"),
            tree(up="S2L", down=["S1L"]),
            tree(up="S1R", down=["S2R"], druid="orange"),
            tree(up="S4L", down=["S3L"], druid="purple"),
        ],
        hands={"sun": ["S5L", "S2R", "S4R"], "moon": ["M1R", "M2R", "M4R"]},
        cult_boards={"moon": ["M1L", "M5L"], "sun": ["S1L"]},
    )


def test_the_worked_example_event_by_event():
    after, events = apply(example_position(), {"type": "waltz", "card": "S5L", "tree": 4})
    kinds = [event["type"] for event in events]
    assert kinds == [
        "waltz",
        "ring",
        "dance",
        "dance",
        "turn_up",
        "turn_up",
        "measure",
        "sign",
        "collect",
        "measure",
    ]
    # 1. The sun player lays the 5 at their tree on the right (tree 4, four symbols).
    assert events[0] == {
        "type": "waltz",
        "player": "sun",
        "card": "S5L",
        "tree": 4,
        "position": "S4",
        "direction": "L",
        "steps": 4,
    }
    # 2. The druid on this tree, the one with the ring, is banned.
    assert events[1] == {"type": "ring", "position": "S4", "banned": "purple"}
    # 3. The other 5s move four steps to the left (clockwise), nearest first;
    #    the 5 on the moon cult board stays where it is.
    assert events_of(events, "dance") == [
        {"type": "dance", "card": "M5L", "from": "M4", "to": "SC"},
        {"type": "dance", "card": "M5R", "from": "M2", "to": "S3"},
    ]
    assert after["players"]["moon"]["cult_board"] == ["M1L", "M5L"]
    # The trees left without a face-up card turn up their face-down card.
    assert events_of(events, "turn_up") == [
        {"type": "turn_up", "card": "M4L", "position": "M2"},
        {"type": "turn_up", "card": "M3R", "position": "M4"},
    ]
    # Orange against orange: sun's 5 (the moon 5 that danced over) beats moon's 3.
    orange, black = events_of(events, "measure")
    assert orange == {
        "type": "measure",
        "colour": "orange",
        "moon": {"tree": 3, "position": "M3", "card": "M3L", "value": 3},
        "sun": {"tree": 3, "position": "S3", "card": "M5R", "value": 5},
        "winner": "sun",
    }
    assert events_of(events, "sign") == [
        {"type": "sign", "player": "sun", "owner": "moon", "tree": 3, "position": "M3", "signs": 1}
    ]
    # The victorious 5 goes to the sun player's own cult board.
    assert events_of(events, "collect") == [
        {"type": "collect", "player": "sun", "card": "M5R", "from": "S3", "to": "SC"}
    ]
    # Lilac against lilac: no measuring because of the ring (no purple event).
    assert all(event["colour"] != "purple" for event in events_of(events, "measure"))
    # Black against black: both show a 3; nothing happens.
    assert black == {
        "type": "measure",
        "colour": "black",
        "moon": {"tree": 4, "position": "M4", "card": "M3R", "value": 3},
        "sun": {"tree": 1, "position": "S1", "card": "S3R", "value": 3},
        "winner": None,
    }


def test_the_worked_example_resulting_state():
    before = example_position()
    after, _events = apply(before, {"type": "waltz", "card": "S5L", "tree": 4})
    moon = after["players"]["moon"]
    sun = after["players"]["sun"]
    assert [t["up"] for t in moon["trees"]] == [["M2R"], ["M4L"], ["M3L"], ["M3R"]]
    assert [t["down"] for t in moon["trees"]] == [["M1L"], [], ["M2L"], []]
    assert [t["signs"] for t in moon["trees"]] == [0, 0, 1, 0]
    # S3: the covered S1R is visible again once the winning 5 has left.
    assert [t["up"] for t in sun["trees"]] == [["S3R"], ["S2L"], ["S1R"], ["S4L", "S5L"]]
    assert sun["cult_board"] == ["S1L", "M5L", "M5R"]
    assert sun["hand"] == ["S2R", "S4R"]  # two cards left: no refill yet
    assert [t["signs"] for t in sun["trees"]] == [0, 0, 0, 0]
    assert after["to_move"] == "moon"
    assert after["turn"] == 12
    assert after["phase"] == "play"
