"""The castle (section 8): home order, targets, exact entry, bounces."""

from __future__ import annotations

from .helpers import apply, events_of, line, move, position, where, with_dice

HANDS = {1: ["K/1"]}


def play(data, card, piece, number=None, dice=None):
    if dice is not None:
        data = with_dice(data, dice)
    return apply(data, move(card, piece, number))


def test_the_first_piece_of_the_home_order_enters_to_place_7_exactly():
    data = position(lines={33: ["0:K"]}, hands={0: ["K/0"], **HANDS})
    after, events = play(data, "K/0", "0:K", dice=(5, 4))
    assert after["seats"][0]["castle"] == {"K": 7}
    assert events_of(events, "walk")[0]["path"] == [
        {"square": 34},
        {"square": 35},
        *({"castle": p} for p in range(1, 8)),
    ]
    assert events_of(events, "castle") == [
        {"type": "castle", "piece": "0:K", "place": 7, "target": 7, "on_target": True}
    ]


def test_a_piece_entering_short_of_its_target_stands_in_the_castle():
    data = position(lines={34: ["0:K"]}, hands={0: ["K/0", "3/0"], **HANDS})
    after, events = play(data, "K/0", "0:K", "3/0")
    assert after["seats"][0]["castle"] == {"K": 2}
    assert events_of(events, "castle")[0]["on_target"] is False


def test_ruling_the_home_order_counts_never_the_home_row():
    """Ruling: the home order chosen at setup counts; a piece's turn has come
    when every piece before it in the home order stands on its target."""
    data = position(
        order={0: "DKCBPSX"},
        lines={34: ["0:K"]},
        homes={0: "CBPSXD"},  # 0:D was sent home: it is last in the row now
        hands={0: ["K/0", "3/0"], **HANDS},
    )
    after, _ = play(data, "K/0", "0:K", "3/0")
    assert where(after, "0:K") == [1, 0]  # not its turn: 35, 0, 1


def test_a_piece_whose_turn_it_is_not_walks_past_the_entrance_and_round_again():
    data = position(lines={34: ["0:D"]}, castle={0: {"K": 5}}, hands={0: ["D/0", "4/0"], **HANDS})
    after, events = play(data, "D/0", "0:D", "4/0")
    assert where(after, "0:D") == [2, 0]
    assert events_of(events, "walk")[0]["path"] == [{"square": q} for q in (35, 0, 1, 2)]


def test_ruling_targets_are_the_deepest_free_places():
    """Ruling: the k-th piece of the home order has target 8 - k."""
    data = position(
        order={0: "KDCBPSX"},
        castle={0: {"K": 7, "D": 6, "C": 5}},
        lines={35: ["0:B"]},
        hands={0: ["B/0", "4/0"], **HANDS},
    )
    after, events = play(data, "B/0", "0:B", "4/0")
    assert after["seats"][0]["castle"]["B"] == 4
    assert events_of(events, "castle")[0]["target"] == 4


def test_outside_the_castle_a_walk_beyond_the_target_goes_round_the_ring_again():
    castle = {"K": 7, "D": 6, "C": 5, "B": 4, "P": 3}  # 0:S has target 2
    data = position(castle={0: castle}, lines={34: ["0:S"]}, hands={0: ["S/0", "4/0"], **HANDS})
    after, _ = play(data, "S/0", "0:S", "4/0")
    assert where(after, "0:S") == [2, 0]
    data = position(castle={0: castle}, lines={34: ["0:S"]}, hands={0: ["S/0", "3/0"], **HANDS})
    after, _ = play(data, "S/0", "0:S", "3/0")
    assert after["seats"][0]["castle"]["S"] == 2


def test_inside_the_castle_too_many_steps_go_to_the_target_and_back():
    data = position(castle={0: {"K": 4}}, hands={0: ["K/0", "4/0"], **HANDS})
    after, events = play(data, "K/0", "0:K", "4/0")
    assert after["seats"][0]["castle"] == {"K": 6}
    assert events_of(events, "walk")[0]["path"] == [{"castle": p} for p in (5, 6, 7, 6)]
    assert events_of(events, "bounce") == [
        {"type": "bounce", "piece": "0:K", "target": 7, "back": 1}
    ]


def test_a_bounce_can_leave_the_castle_and_walk_back_along_the_ring():
    data = position(castle={0: {"K": 5}}, hands={0: ["K/0"], **HANDS})
    after, events = play(data, "K/0", "0:K", dice=(6, 5))
    # 6, 7, then 9 back: 6 5 4 3 2 1, 35, 34, 33.
    assert where(after, "0:K") == [33, 0]
    path = events_of(events, "walk")[0]["path"]
    assert path[:2] == [{"castle": 6}, {"castle": 7}]
    assert path[2:8] == [{"castle": p} for p in (6, 5, 4, 3, 2, 1)]
    assert path[8:] == [{"square": 35}, {"square": 34}, {"square": 33}]


def test_ruling_walking_backwards_passes_no_one_and_the_stop_square_counts_as_reached():
    """Ruling: walking backwards a piece passes no one and is never blocked; the
    square where it stops counts as reached (a Bandit robs there) and it joins
    that line like any arriving piece."""
    data = position(
        order={0: "KDCBPXS"},
        castle={0: {"K": 7, "D": 6, "C": 5, "B": 4, "P": 3, "X": 1}},
        lines={34: ["1:D", "0:S"], 35: ["1:K"]},
        hands={0: ["X/0", "4/0"], **HANDS},
    )
    after, events = play(data, "X/0", "0:X", "4/0")
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:D"]
    assert line(after, 35) == ["1:K"]  # passed backwards: untouched
    assert line(after, 34) == ["0:S", "0:X"]
    assert events_of(events, "walk")[0]["path"] == [
        {"castle": 2},
        {"castle": 1},
        {"square": 35},
        {"square": 34},
    ]


def test_a_sheriff_walking_back_catches_a_foe_bandit_where_it_stops():
    data = position(
        order={0: "SKDCBPX"},
        castle={0: {"S": 4}},
        lines={34: ["1:K", "1:X"]},
        hands={0: ["S/0"], **HANDS},
    )
    after, events = play(data, "S/0", "0:S", dice=(6, 5))
    # castle 4 + 11: 5, 6, 7, back 8: 6..1 (6), 35, 34.
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:X"]
    assert line(after, 34) == ["1:K", "0:S"]


def test_ruling_at_most_one_piece_stands_in_the_castle_short_of_its_target():
    """The next piece only enters once the one short of its target reached it."""
    data = position(
        castle={0: {"K": 7, "D": 3}},
        lines={34: ["0:C"]},
        hands={0: ["C/0", "3/0"], **HANDS},
    )
    after, _ = play(data, "C/0", "0:C", "3/0")
    assert where(after, "0:C") == [1, 0]
