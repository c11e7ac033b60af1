"""The strong level's race to the length limit: castle values count at the
limit, so a piece matters by its chance to get into the castle with the
cards still to come (``evaluate.expected_castle``)."""

from __future__ import annotations

import pytest

from games.ai.base import Deadline
from games.ai.kasteel.evaluate import NEW, RACE, cards_left, evaluate, expected_castle
from games.ai.kasteel.heuristic import score_moves
from games.ai.kasteel.observe import state_from_view

from .test_evaluation import RULES, two_player_state

RING = 36  # two seats


def _board(track: dict, castle: dict, home: str, hand=("K/0", "D/0")):
    state = two_player_state(list(hand), track, castle, home)
    return state_from_view(RULES.view(state, "0"))


def _last_turns(board, cards: int):
    """The same board in the last deal of the last cycle, ``cards`` left in hand."""
    board.cycle, board.deal = board.limit, 3
    board.hands[0] = board.hands[0][:cards]
    return board


def test_it_counts_the_cards_still_to_come():
    board = _board({"K": [30, 0]}, {}, "DCBPSX")
    assert (board.limit, board.cycle, board.deal) == (5, 1, 1)
    assert cards_left(board, 0) == 2 + 4 + 4 + 13 * 4
    assert cards_left(_last_turns(board, 1), 0) == 1


def test_a_king_near_its_castle_is_worth_its_value_while_cards_remain():
    near = _board({"K": [30, 0]}, {}, "DCBPSX")
    far = _board({"K": [2, 0]}, {}, "DCBPSX")
    cards = cards_left(near, 0)
    assert expected_castle(near, 0, cards, RING) > 6.5  # the King's 7, nearly sure
    assert expected_castle(near, 0, cards, RING) > expected_castle(far, 0, cards, RING)
    # with no card left little can still get in (a foe's Jack might walk it)
    assert expected_castle(near, 0, 0, RING) < 3.0
    assert expected_castle(far, 0, 0, RING) < 0.1
    inside = _board({}, {"K": 3}, "DCBPSX")
    assert expected_castle(inside, 0, 0, RING) == pytest.approx(7.0, abs=0.05)


def test_the_race_only_plays_in_a_limited_game():
    board = _board({"K": [30, 0]}, {}, "DCBPSX")
    # with four cycles to come both Kings may well get in: an edge for ours, nearer
    assert 0 < evaluate(board, 0, weights=RACE) - evaluate(board, 0, weights=NEW) < RACE.race * 3
    # in the last deal only ours can, and the race says so
    board = _last_turns(board, 2)
    assert evaluate(board, 0, weights=RACE) > evaluate(board, 0, weights=NEW) + RACE.race * 2
    board.limit = None
    assert evaluate(board, 0, weights=RACE) == evaluate(board, 0, weights=NEW)


def test_at_the_end_it_walks_the_piece_that_can_still_score():
    # two cards left in the last deal: the King six steps from its castle,
    # the Duke (later in the order) anywhere: only the King can still count
    state = two_player_state(["K/0", "D/0"], {"K": [30, 0], "D": [20, 0]}, {}, "CBPSX")
    board = _last_turns(state_from_view(RULES.view(state, "0")), 2)
    legal = RULES.legal_moves(state)
    scores = score_moves(board, 0, legal, Deadline(5.0), RACE)
    king = next(i for i, m in enumerate(legal) if m["piece"] == "0:K")
    duke = next(i for i, m in enumerate(legal) if m["piece"] == "0:D")
    assert scores[king] > scores[duke] + RACE.race
