"""Walking, sharing squares, blocking, catching and robbing (section 7).

Every Ruling of section 7 has a test named after it.
"""

from __future__ import annotations

import pytest

from .helpers import apply, events_of, line, move, position, where, with_dice

OTHERS = {1: ["K/1"], 2: ["K/2"], 3: ["K/3"]}


def walk(players, lines, card, piece, number, **options):
    """Apply ``card`` (+ ``number``) to ``piece`` for the seat to move (0)."""
    hands = {seat: cards for seat, cards in OTHERS.items() if seat < players}
    hands[0] = [card, number]
    data = position(players, lines=lines, hands=hands, **options)
    return apply(data, move(card, piece, number))


# -- passing ---------------------------------------------------------------------
def test_ruling_passing_the_walk_passes_pieces_in_front_on_the_square_it_leaves():
    """Ruling (passing): in front on the leaving square and every piece on the
    squares walked through are passed; pieces behind the walker are not."""
    after, events = walk(2, {5: ["1:K", "0:X", "1:X"], 6: ["1:D"]}, "X/0", "0:X", "2/0")
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:K", "1:D"]
    assert line(after, 5) == ["1:X"]
    assert where(after, "0:X") == [7, 0]


def test_ruling_passing_the_walk_reaches_every_piece_on_the_square_where_it_stops():
    after, events = walk(2, {5: ["0:S"], 8: ["1:D", "1:X"]}, "S/0", "0:S", "3/0")
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:X"]
    assert line(after, 8) == ["1:D", "0:S"]


def test_ruling_passing_a_piece_that_does_not_leave_its_square_passes_and_reaches_nothing():
    """0:X stands behind 1:K on 1:K's start square: it cannot move, robs nothing."""
    after, events = walk(2, {18: ["1:K", "0:X"]}, "X/0", "0:X", "3/0")
    assert events_of(events, "sent_home") == []
    assert line(after, 18) == ["1:K", "0:X"]
    assert events_of(events, "blocked") == [
        {"type": "blocked", "piece": "0:X", "square": 18, "by": ["1:K"], "lost": 3}
    ]


# -- sharing squares -----------------------------------------------------------------
def test_an_arriving_piece_stands_behind_higher_and_in_front_of_lower_ranks():
    after, _ = walk(3, {5: ["0:C"], 8: ["1:K", "2:B", "1:X"]}, "C/0", "0:C", "3/0")
    assert line(after, 8) == ["1:K", "0:C", "2:B", "1:X"]


@pytest.mark.parametrize(
    "card, expected",
    [
        ("C/0", ["0:C", "1:C"]),  # the moving piece's colour: in front
        ("C/1", ["1:C", "0:C"]),  # another colour: behind
    ],
)
def test_against_an_equal_rank_only_the_own_colour_card_goes_in_front(card, expected):
    after, _ = walk(2, {5: ["0:C"], 8: ["1:C"]}, card, "0:C", "3/0")
    assert line(after, 8) == expected


def test_ruling_the_number_card_never_decides_the_equal_rank_rule():
    """Ruling: the card that counts is the designating card, never a number card."""
    after, _ = walk(2, {5: ["0:C"], 8: ["1:C"]}, "C/1", "0:C", "3/0")
    assert line(after, 8) == ["1:C", "0:C"]


@pytest.mark.parametrize("card, in_front", [("C/0", True), ("C/1", False), ("C/2", False)])
def test_ruling_against_several_equal_ranks_in_front_of_all_or_behind_all(card, in_front):
    """Ruling: against several pieces of equal rank the piece stands in front of
    all of them or behind all of them."""
    after, _ = walk(3, {5: ["0:C"], 8: ["1:K", "1:C", "2:C", "2:X"]}, card, "0:C", "3/0")
    middle = ["0:C", "1:C", "2:C"] if in_front else ["1:C", "2:C", "0:C"]
    assert line(after, 8) == ["1:K", *middle, "2:X"]


def test_a_joker_or_jack_has_the_colour_of_the_seat_that_brought_it():
    data = position(2, lines={5: ["1:C"], 8: ["0:C"]}, hands={0: ["F/1"], 1: ["K/1"]})
    after, _ = apply(with_dice(data, (1, 2)), move("F/1", "1:C"))
    assert line(after, 8) == ["1:C", "0:C"]  # F/1 has 1:C's colour: in front


# -- blocking ----------------------------------------------------------------------------
def test_a_lower_piece_stops_before_a_foe_on_its_own_start_square_and_loses_the_rest():
    after, events = walk(2, {15: ["0:B"], 18: ["1:C"]}, "B/0", "0:B", "4/0")
    assert where(after, "0:B") == [17, 0]
    assert events_of(events, "blocked") == [
        {"type": "blocked", "piece": "0:B", "square": 18, "by": ["1:C"], "lost": 2}
    ]
    assert events_of(events, "walk")[0]["path"] == [{"square": 16}, {"square": 17}]


@pytest.mark.parametrize("rank, passes", [("D", True), ("C", False), ("B", False)])
def test_only_a_higher_rank_passes_a_foe_on_its_own_start_square(rank, passes):
    after, _ = walk(2, {16: [f"0:{rank}"], 18: ["1:C"]}, f"{rank}/0", f"0:{rank}", "4/0")
    assert where(after, f"0:{rank}") == ([20, 0] if passes else [17, 0])


def test_ruling_a_blocked_piece_may_not_end_on_the_blockers_square_either():
    """Ruling: such a piece may not end its walk on the blocker's square either."""
    after, events = walk(2, {15: ["0:B"], 18: ["1:C"]}, "B/0", "0:B", "3/0")
    assert where(after, "0:B") == [17, 0]
    assert events_of(events, "blocked")[0]["lost"] == 1


def test_a_higher_piece_may_end_on_the_blockers_square():
    after, _ = walk(2, {15: ["0:D"], 18: ["1:C"]}, "D/0", "0:D", "3/0")
    assert line(after, 18) == ["0:D", "1:C"]


def test_ruling_a_piece_behind_a_blocker_on_the_blockers_square_cannot_move_at_all():
    after, events = walk(2, {18: ["1:C", "0:C"]}, "C/0", "0:C", "2/0")
    assert where(after, "0:C") == [18, 1]
    assert events_of(events, "walk")[0]["path"] == []
    assert events_of(events, "blocked")[0]["lost"] == 2


def test_a_piece_in_front_of_a_blocker_leaves_freely():
    after, _ = walk(2, {18: ["0:K", "1:C"]}, "K/0", "0:K", "2/0")
    assert where(after, "0:K") == [20, 0]


def test_ruling_only_foes_are_blocked():
    """Ruling: only foes are blocked (a team partner on its start square, and a
    seat's own pieces on its own start square, never block)."""
    after, _ = walk(4, {34: ["0:X"], 36: ["2:K"]}, "X/0", "0:X", "4/0", teams=True)
    assert where(after, "0:X") == [38, 0]
    assert line(after, 36) == ["2:K"]  # a friend: neither blocked nor robbed


def test_a_bandit_on_its_own_start_square_can_be_passed_by_no_one_but_a_sheriff():
    for rank in "KDCBPX":
        after, _ = walk(2, {16: [f"0:{rank}"], 18: ["1:X"]}, f"{rank}/0", f"0:{rank}", "4/0")
        assert where(after, f"0:{rank}") == [17, 0], rank
    after, events = walk(2, {16: ["0:S"], 18: ["1:X"]}, "S/0", "0:S", "4/0")
    assert where(after, "0:S") == [20, 0]
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:X"]


def test_a_foe_off_its_own_start_square_does_not_block():
    after, _ = walk(3, {16: ["0:X"], 18: ["2:K"]}, "X/0", "0:X", "4/0")
    assert where(after, "0:X") == [20, 0]
    assert after["seats"][2]["home"][-1] == "K"


def test_every_blocker_on_the_square_must_be_passable():
    after, _ = walk(2, {16: ["0:S"], 18: ["1:P", "1:X"]}, "S/0", "0:S", "4/0")
    assert where(after, "0:S") == [17, 0]  # the Priest outranks the Sheriff


# -- catching and robbing ---------------------------------------------------------------
def test_the_sheriff_catches_only_foe_bandits_passed_or_reached():
    after, events = walk(
        3, {5: ["0:S"], 6: ["1:X"], 7: ["2:K", "2:X"], 8: ["0:X"]}, "S/0", "0:S", "3/0"
    )
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:X", "2:X"]
    assert line(after, 7) == ["2:K"] and line(after, 8) == ["0:S", "0:X"]


def test_the_bandit_robs_every_foe_passed_or_reached_sheriffs_and_bandits_included():
    after, events = walk(2, {5: ["0:X"], 6: ["1:S"], 7: ["0:K", "1:X"]}, "X/0", "0:X", "2/0")
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:S", "1:X"]
    assert line(after, 7) == ["0:K", "0:X"]


def test_ruling_a_walk_cut_short_by_a_blocker_still_captures():
    """Ruling: what it passed on the way and what stands where it stops."""
    data = position(
        2,
        lines={12: ["0:X"], 14: ["1:D"], 17: ["1:C"], 18: ["1:P"]},
        hands={0: ["X/0"], 1: ["K/1"]},
    )
    after, events = apply(with_dice(data, (3, 5)), move("X/0", "0:X"))
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["1:D", "1:C"]
    assert events_of(events, "blocked")[0] == {
        "type": "blocked",
        "piece": "0:X",
        "square": 18,
        "by": ["1:P"],
        "lost": 3,
    }
    assert line(after, 17) == ["0:X"] and line(after, 18) == ["1:P"]


def test_ruling_a_walking_piece_is_never_captured_during_its_own_walk():
    after, events = walk(2, {5: ["0:X"], 6: ["1:S"], 7: ["1:X"]}, "X/0", "0:X", "2/0")
    assert where(after, "0:X") == [7, 0]
    after, events = walk(2, {5: ["0:B"], 6: ["1:X"]}, "B/0", "0:B", "1/0")
    assert line(after, 6) == ["0:B", "1:X"] and events_of(events, "sent_home") == []


def test_ruling_friends_never_catch_or_rob_each_other_whoever_moves_them():
    """Ruling (friends and foes): friends are the own seat's and the partner's
    pieces, whoever moves them: a Jacked Bandit robs its own foes."""
    data = position(
        4,
        teams=True,
        lines={20: ["1:X"], 21: ["0:K", "3:K"]},
        hands={0: ["F/0"], 1: ["K/1"]},
    )
    after, events = apply(with_dice(data, (1, 3)), move("F/0", "1:X"))
    assert [e["piece"] for e in events_of(events, "sent_home")] == ["0:K"]  # not 3:K
    assert line(after, 21) == ["3:K"] and where(after, "1:X") == [24, 0]
