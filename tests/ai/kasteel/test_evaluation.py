"""The heuristic's homing terms: pieces early in the home order first, no
walks towards an entrance a piece may not take yet, number cards kept for an
exact landing, foe Bandits kept at home (the old evaluation, ``heuristic-old``
in the arena, has none of these)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.ai.base import Deadline
from games.ai.kasteel.evaluate import NEW, OLD, evaluate, hand_value
from games.ai.kasteel.heuristic import HeuristicBot, score_moves
from games.ai.kasteel.observe import state_from_view
from games.rules import get_rules

RULES = get_rules("kasteel")
RANKS = "KDCBPSX"
KINDS = [*RANKS, "J", "F", "1", "2", "3", "4"]


def two_player_state(hand: list[str], track: dict, castle: dict, home: str,
                     foe_track: dict | None = None):
    """Seat 0 to move with ``hand``; seat 1 holding two cards, all its pieces
    at home but those on ``foe_track``."""
    foe_track = foe_track or {}
    other = ["K/1", "D/1"]
    rest = [f"{k}/{s}" for s in (0, 1) for k in KINDS if f"{k}/{s}" not in hand + other]
    return RULES.from_json({
        "game": "kasteel", "players": 2, "teams": False, "phase": "play", "to_move": 0,
        "pending": None, "roll": None, "turn": 5, "first_round": False, "dealer": 1,
        "deal": 1, "deck": rest[:16], "discard": rest[16:], "finished": [], "winners": [],
        "scores": None, "limit": 5, "cycle": 1,
        "seats": [
            {"hand": hand, "order": list(RANKS), "home": list(home), "track": track,
             "castle": castle},
            {"hand": other, "order": list(RANKS),
             "home": [r for r in RANKS if r not in foe_track], "track": foe_track,
             "castle": {}},
        ],
    })


def test_it_walks_the_first_piece_of_the_home_order_rather_than_a_later_one():
    # the King enters the castle first; the Duke, far from its turn, would
    # only walk towards an entrance it must pass
    state = two_player_state(["K/0", "D/0"], {"K": [20, 0], "D": [2, 0]}, {}, "CBPSX")
    view = RULES.view(state, "0")
    legal = RULES.legal_moves(state)
    board = state_from_view(view)
    new = score_moves(board, 0, legal, Deadline(5.0), NEW)
    old = score_moves(board, 0, legal, Deadline(5.0), OLD)
    king = next(i for i, m in enumerate(legal) if m["piece"] == "0:K")
    duke = 1 - king
    assert abs(old[king] - old[duke]) < 1e-9  # the old evaluation cannot tell
    assert new[king] > new[duke] + 1.0
    chosen = HeuristicBot().choose(view, legal, random.Random(1), None)
    assert chosen["piece"] == "0:K"


def test_it_values_a_number_card_that_lands_the_next_piece_exactly():
    # the King stands on castle place 5, two short of its target 7
    state = two_player_state(["K/0", "2/0", "3/0"], {}, {"K": 5}, "DCBPSX")
    board = state_from_view(RULES.view(state, "0"))
    king, two, three = board.hands[0]
    exact, other = [king, two], [king, three]
    assert hand_value(board, 0, exact, OLD) == hand_value(board, 0, other, OLD)
    assert hand_value(board, 0, exact, NEW) > hand_value(board, 0, other, NEW) + 1.0


def test_it_values_a_foe_bandit_held_at_home():
    # seat 1's Bandit far from every piece of ours, or sent home behind its row
    away = two_player_state(["K/0", "D/0"], {"K": [2, 0]}, {}, "DCBPSX")
    data = RULES.to_json(away)
    data["seats"][1]["home"] = list("KDCBPS")
    data["seats"][1]["track"] = {"X": [30, 0]}
    ringed = state_from_view(RULES.view(RULES.from_json(data), "0"))
    held = state_from_view(RULES.view(away, "0"))
    old = evaluate(held, 0, weights=OLD) - evaluate(ringed, 0, weights=OLD)
    new = evaluate(held, 0, weights=NEW) - evaluate(ringed, 0, weights=NEW)
    assert NEW.bandit_home > 0
    assert new > old + 0.9 * NEW.bandit_home


def test_next_queue_counts_the_pieces_ahead_of_the_next_piece_in_its_home_row():
    # the King, next to enter the castle, waits at home behind the Duke and the
    # Count; the Bandit is out. Entering the Duke brings the King a place nearer
    state = two_player_state(["D/0", "X/0"], {"X": [10, 0]}, {}, "DCKBPS")
    legal = RULES.legal_moves(state)
    board = state_from_view(RULES.view(state, "0"))
    duke = next(i for i, m in enumerate(legal) if m["piece"] == "0:D")
    bandit = next(i for i, m in enumerate(legal) if m["piece"] == "0:X")
    gains = []
    for weights in (NEW, replace(NEW, next_queue=15.0)):
        scores = score_moves(board, 0, legal, Deadline(5.0), weights)
        gains.append(scores[duke] - scores[bandit])
    assert gains[1] == pytest.approx(gains[0] + 15.0, abs=1.0)


def test_next_exposure_weighs_only_the_next_piece_in_reach_of_a_foe_bandit():
    def board(ranks: str, track: dict):
        # seat 1's Bandit on square 5: our pieces 1-12 squares ahead in its reach
        return two_player_state(["D/0", "X/0"], track, {}, ranks, {"X": [5, 0]})

    def cost(state, factor: float) -> float:
        return evaluate(state, 0, False, NEW) - evaluate(
            state, 0, False, replace(NEW, next_exposure=factor))

    king_in_reach = board("DCBPSX", {"K": [10, 0]})
    assert cost(king_in_reach, 2.0) > 1.0  # the King (the next piece) costs twice
    assert cost(king_in_reach, 1.0) == 0.0
    duke_in_reach = board("KCBPSX", {"D": [10, 0]})
    assert cost(duke_in_reach, 2.0) == 0.0  # the Duke is not the next piece
