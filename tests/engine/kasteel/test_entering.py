"""Entering the board (section 6)."""

from __future__ import annotations

from .helpers import apply, events_of, line, move, position, where


def test_ruling_a_piece_enters_only_first_in_its_home_row_onto_its_start_square():
    """Ruling: a piece at home enters only if it is first in its home row; it is
    put on its start square and walks its steps from there."""
    data = position(3, hands={1: ["K/1", "3/1"], 2: ["K/2"]}, to_move=1)
    after, events = apply(data, move("K/1", "1:K", "3/1"))
    assert where(after, "1:K") == [21, 0]
    assert events_of(events, "enter") == [
        {"type": "enter", "piece": "1:K", "square": 18, "place": 0}
    ]
    assert events_of(events, "walk")[0]["from"] == {"square": 18, "place": 0}
    assert events_of(events, "walk")[0]["path"] == [{"square": q} for q in (19, 20, 21)]


def test_ruling_an_entering_piece_is_put_behind_all_and_its_walk_passes_them():
    """Ruling: an entering Bandit robs the foes standing on its start square."""
    data = position(
        3,
        lines={18: ["0:K", "1:D", "2:X"]},
        homes={1: "XKCBPS"},
        hands={1: ["X/1", "1/1"], 2: ["K/2"]},
        to_move=1,
    )
    after, events = apply(data, move("X/1", "1:X", "1/1"))
    assert events_of(events, "enter")[0]["place"] == 3  # behind all three
    robbed = [e["piece"] for e in events_of(events, "sent_home")]
    assert robbed == ["0:K", "2:X"]  # foes only, front to back; 1:D is a friend
    assert all(e["step"] == 0 for e in events_of(events, "sent_home"))
    assert line(after, 18) == ["1:D"]
    assert where(after, "1:X") == [19, 0]


def test_ruling_an_entering_sheriff_catches_a_foes_bandit_on_its_start_square():
    data = position(
        lines={0: ["1:K", "1:X"]},
        homes={0: "SKDCBPX"},
        hands={0: ["S/0", "2/1"], 1: ["K/1"]},
    )
    after, events = apply(data, move("S/0", "0:S", "2/1"))
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:X"]
    assert line(after, 0) == ["1:K"]
    assert after["seats"][1]["home"][-1] == "X"


def test_ruling_pieces_sent_home_join_their_rows_in_the_order_the_walk_meets_them():
    """Ruling: square by square, and on a square from the front of the line to
    the back (the leaving square's pieces in front of the walker first)."""
    data = position(
        3,
        lines={5: ["1:D", "0:X"], 7: ["1:C", "2:C", "2:P"], 9: ["1:K"]},
        homes={1: "BPSX", 2: "KDBSX"},
        hands={0: ["X/0", "4/0"], 1: ["B/1"]},
    )
    after, events = apply(data, move("X/0", "0:X", "4/0"))
    sent = events_of(events, "sent_home")
    assert [(e["piece"], e["square"], e["step"]) for e in sent] == [
        ("1:D", 5, 0),
        ("1:C", 7, 2),
        ("2:C", 7, 2),
        ("2:P", 7, 2),
        ("1:K", 9, 4),
    ]
    assert after["seats"][1]["home"] == list("BPSXDCK")
    assert after["seats"][2]["home"] == list("KDBSXCP")
    assert [e["home"] for e in sent] == [4, 5, 5, 6, 6]
    assert where(after, "0:X") == [9, 0]
