"""Designating cards (section 5): piece cards, Joker, Jack, the first round,
partner pieces, and which pieces a card may designate."""

from __future__ import annotations

import pytest

from games.rules import IllegalMove, MalformedMove

from .helpers import RULES, apply, events_of, load, move, position, with_dice


def legal(data) -> list[dict]:
    return RULES.legal_moves(load(data))


def test_a_piece_card_of_any_colour_designates_the_own_piece_of_its_rank():
    data = position(lines={5: ["0:K"], 9: ["1:K"]}, hands={0: ["K/1"]})
    assert legal(data) == [move("K/1", "0:K")]
    with pytest.raises(IllegalMove, match="K/1 moves its own King piece; 1:K belongs to seat 1"):
        apply(data, move("K/1", "1:K"))
    with pytest.raises(IllegalMove, match="K/1 designates a King, and 0:D is not one"):
        apply(data, move("K/1", "0:D"))


def test_the_legal_list_is_card_by_piece_by_number():
    data = position(
        lines={5: ["0:K"], 9: ["1:C"]},
        hands={0: ["K/0", "3/1", "J/1", "F/0", "1/0"]},
    )
    assert legal(data) == [
        move("K/0", "0:K"),
        move("K/0", "0:K", "3/1"),
        move("K/0", "0:K", "1/0"),
        move("J/1", "0:K"),  # the Joker: every own piece that can walk
        move("J/1", "0:D"),  # first of the home row
        move("F/0", "1:C"),  # the Jack: a foe's piece on the ring
    ]


def test_ruling_only_a_piece_that_can_walk_may_be_designated():
    """Ruling (what a card may designate): on the ring, in its castle short of
    its target, or first of its home row."""
    data = position(
        castle={0: {"K": 7, "D": 4}},
        hands={0: ["K/0", "D/0", "C/1", "B/1"]},
    )
    assert legal(data) == [move("D/0", "0:D"), move("C/1", "0:C")]
    with pytest.raises(IllegalMove, match="0:K cannot walk: it stands on its castle target"):
        apply(data, move("K/0", "0:K"))
    with pytest.raises(IllegalMove, match=r"0:B cannot walk: it is at home but not first .*0:C is"):
        apply(data, move("B/1", "0:B"))


def test_ruling_a_blocked_piece_may_still_be_designated_and_the_cards_are_spent():
    """Whether the walk gets anywhere does not matter."""
    # 0:X stands behind 1:K on 1:K's start square: it cannot move at all.
    data = position(lines={18: ["1:K", "0:X"]}, hands={0: ["X/0", "2/0"], 1: ["K/1"]})
    after, events = apply(data, move("X/0", "0:X", "2/0"))
    assert after["seats"][0]["track"]["X"] == [18, 1]
    assert after["seats"][0]["hand"] == [] and after["discard"][-2:] == ["X/0", "2/0"]
    assert [e["type"] for e in events] == ["play", "walk", "blocked"]


def test_ruling_no_move_possible_discards_the_whole_hand_and_only_then():
    """Ruling: discarding is that player's turn; it is not allowed while a card
    can be played."""
    data = position(hands={0: ["D/0", "3/0", "1/1"], 1: ["K/1"]})
    assert legal(data) == [{"type": "discard"}]
    after, events = apply(data, {"type": "discard"})
    assert after["seats"][0]["hand"] == []
    assert after["discard"][-3:] == ["D/0", "3/0", "1/1"]  # in hand order
    assert events[0] == {"type": "discard", "seat": "0", "cards": ["D/0", "3/0", "1/1"]}
    assert after["turn"] == data["turn"] + 1 and after["to_move"] == 1
    other = position(hands={0: ["D/0"], 1: ["K/1"]}, to_move=1)
    with pytest.raises(
        IllegalMove, match="discarding is allowed only when no card can be played; K/1 can move 1:K"
    ):
        apply(other, {"type": "discard"})


def test_number_cards_never_alone_and_never_with_joker_or_jack():
    data = position(lines={5: ["0:K"], 9: ["1:C"]}, hands={0: ["3/0", "J/0", "F/0"]})
    assert move("J/0", "0:K", "3/0") not in legal(data)
    with pytest.raises(IllegalMove, match="3/0 is a number card: it never designates a piece"):
        apply(data, move("3/0", "0:K"))
    with pytest.raises(IllegalMove, match="a number card never goes with a Joker"):
        apply(data, move("J/0", "0:K", "3/0"))
    with pytest.raises(IllegalMove, match="a number card never goes with a Jack"):
        apply(data, move("F/0", "1:C", "3/0"))
    with pytest.raises(MalformedMove, match="number must be a number card"):
        apply(data, move("J/0", "0:K", "F/0"))


def test_joker_and_jack_are_not_played_in_the_first_round():
    """Ruling: the first round is the first N turns."""
    data = position(3, lines={5: ["0:K"], 20: ["1:C"]}, hands={0: ["J/0", "F/0", "K/2"]}, turn=2)
    assert legal(data) == [move("K/2", "0:K")]
    with pytest.raises(
        IllegalMove,
        match=r"the Joker may not be played in the first round \(turn 3 of the first 3\)",
    ):
        apply(data, move("J/0", "0:K"))
    with pytest.raises(IllegalMove, match="the Jack may not be played in the first round"):
        apply(data, move("F/0", "1:C"))
    later = position(3, lines={5: ["0:K"], 20: ["1:C"]}, hands={0: ["J/0", "F/0", "K/2"]}, turn=3)
    assert move("J/0", "0:K") in legal(later) and move("F/0", "1:C") in legal(later)


def test_the_jack_moves_only_a_foes_piece_on_the_ring_not_on_its_own_start_square():
    data = position(
        3,
        lines={5: ["0:K"], 18: ["1:D"], 20: ["1:C"], 40: ["2:B"]},
        castle={2: {"K": 4}},
        hands={0: ["F/1"]},
    )
    assert legal(data) == [move("F/1", "1:C"), move("F/1", "2:B")]
    with pytest.raises(
        IllegalMove, match="1:D stands on its own start square; the Jack cannot move it"
    ):
        apply(data, move("F/1", "1:D"))
    with pytest.raises(
        IllegalMove, match="the Jack moves only a piece on the ring; 2:K is on castle place 4"
    ):
        apply(data, move("F/1", "2:K"))
    with pytest.raises(
        IllegalMove, match="the Jack moves only a piece on the ring; 1:K is at home"
    ):
        apply(data, move("F/1", "1:K"))
    with pytest.raises(IllegalMove, match="not seat 0's own"):
        apply(data, move("F/1", "0:K"))


def test_a_jacked_piece_walks_by_its_own_seats_rules_into_its_own_castle():
    """Ruling: the Jack moves a piece on the ring by its own seat's rules."""
    # 1:K (first of seat 1's home order) on square 16: 17, castle 1, castle 2.
    data = position(lines={16: ["1:K"]}, hands={0: ["F/0", "3/0"], 1: ["D/1"]})
    after, events = apply(with_dice(data, (1, 2)), move("F/0", "1:K"))
    assert after["seats"][1]["castle"] == {"K": 2}
    assert events_of(events, "walk")[0]["path"] == [{"square": 17}, {"castle": 1}, {"castle": 2}]


def test_teams_partner_pieces_after_the_first_round_only():
    """Ruling (friends and foes); piece cards and the Joker may move the
    partner's pieces after the first round, the Jack never."""
    lines = {5: ["0:K"], 40: ["2:K"], 20: ["1:C"], 60: ["3:B"]}
    hands = {0: ["K/3", "J/1", "F/0"]}
    first = position(4, teams=True, lines=lines, hands=hands, turn=1)
    assert legal(first) == [move("K/3", "0:K")]
    with pytest.raises(
        IllegalMove, match="a team partner's pieces may be moved only after the first round"
    ):
        apply(first, move("K/3", "2:K"))
    later = position(4, teams=True, lines=lines, hands=hands, turn=4)
    moves = legal(later)
    assert moves[:2] == [move("K/3", "0:K"), move("K/3", "2:K")]
    assert move("J/1", "2:K") in moves and move("J/1", "2:D") in moves
    assert [m for m in moves if m["card"] == "F/0"] == [move("F/0", "1:C"), move("F/0", "3:B")]
    with pytest.raises(IllegalMove, match=r"the Jack never moves a team partner's piece \(2:K\)"):
        apply(later, move("F/0", "2:K"))
    with pytest.raises(
        IllegalMove,
        match=r"K/3 moves its own King piece \(or a team partner's\); 1:K belongs to seat 1",
    ):
        apply(later, move("K/3", "1:K"))


def test_a_card_not_in_hand_is_refused_without_saying_where_it_is():
    data = position(lines={5: ["0:K"]}, hands={0: ["K/0"], 1: ["D/1"]})
    with pytest.raises(IllegalMove) as raised:
        apply(data, move("D/1", "0:D"))
    assert str(raised.value) == "D/1 is not in seat 0's hand"
    with pytest.raises(IllegalMove, match="2/1 is not in seat 0's hand"):
        apply(data, move("K/0", "0:K", "2/1"))
