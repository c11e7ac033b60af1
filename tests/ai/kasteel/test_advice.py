"""Hints and reviews in Strijd om het Kasteel speak for the strong level: its
evaluation with the race to a length limit, and its home order."""

from __future__ import annotations

import random

from games.ai.advice import advise, judge
from games.ai.base import Budget
from games.ai.kasteel.heuristic import HUNTERS_EARLY, LOST
from games.rules import get_rules

from .test_evaluation import RULES, two_player_state

BUDGET = Budget(iterations=None, cpu_seconds=5.0)


def _advice(state, count=99):
    legal = RULES.legal_moves(state)
    return legal, advise("kasteel", RULES.view(state, "0"), legal, random.Random(1), BUDGET,
                         [], count=count)


def test_it_suggests_the_strong_levels_home_order_at_a_limited_table():
    rules = get_rules("kasteel")
    state = rules.new_game(3, {"players": 2, "limit": 5})
    suggested = {}
    while state.in_setup:
        seat = str(state.to_move)
        legal = rules.legal_moves(state)
        [hint] = advise("kasteel", rules.view(state, seat), legal, random.Random(1), BUDGET)
        assert hint.unit == "" and hint.value is None
        suggested.setdefault(seat, []).append(hint.move["piece"].rpartition(":")[2])
        state = rules.apply(state, hint.move, seat=seat).state
    assert all("".join(order) == HUNTERS_EARLY for order in suggested.values())


def test_every_move_gets_a_finite_estimate_where_the_strong_level_rules_jokers_out():
    # the King on the ring and a Joker in hand: the strong level walks only
    # the King with it, but a hint or a review still weighs the Joker on the Duke
    state = two_player_state(["J/0", "3/0"], {"K": [10, 0]}, {}, "DCBPSX")
    legal, advice = _advice(state)
    assert len(advice) == len(legal)
    assert all(LOST / 2 < item.value <= 0 and item.unit == "squares" for item in advice)
    joker_on_duke = next(m for m in legal if m["card"] == "J/0" and m["piece"] == "0:D")
    best, mine = judge("kasteel", RULES.view(state, "0"), legal, joker_on_duke,
                       random.Random(1), BUDGET, [])
    assert best.value == 0 and LOST / 2 < mine.value <= 0


def test_in_the_last_deal_it_points_at_the_piece_that_can_still_score():
    # two cards left in the last deal of a limited game: only the King (six
    # steps from its castle) can still count; the Duke is later in the order
    state = two_player_state(["K/0", "D/0"], {"K": [30, 0], "D": [20, 0]}, {}, "CBPSX")
    state.cycle, state.deal = state.limit, 3
    _, advice = _advice(state, count=1)
    assert advice[0].move["piece"] == "0:K"
