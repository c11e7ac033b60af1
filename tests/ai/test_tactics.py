"""One move deep before the search: the strong level takes a win on the spot
and does not walk into a loss at once when another move avoids it."""

from __future__ import annotations

import random

from games.ai import Budget, get_bot
from games.ai.druidenwalzer.determinize import Observation
from games.ai.druidenwalzer.heuristic import moves_and_actions
from games.ai.druidenwalzer.tactics import check_one_move, exposed
from games.rules.druidenwalzer.constants import OVER
from games.rules.druidenwalzer.engine import apply_action
from games.rules.druidenwalzer.view import build_view

from .helpers import RULES


def _late_positions(games: int, seed: int):
    """Positions of random games where one side could lose within a move."""
    rng = random.Random(seed)
    for index in range(games):
        state = RULES.new_game(900 + index)
        while not RULES.is_over(state):
            if state.phase == 1 and (exposed(state, 0) or exposed(state, 1)):
                yield state
            state = RULES.apply_action(state, rng.choice(RULES.legal_actions(state)))


def test_it_plays_a_move_that_wins_at_once():
    bot = get_bot("druidenwalzer", "strong")
    found = 0
    for state in _late_positions(60, 1):
        seat = state.to_move
        outcomes = {a: apply_action(state, a) for a in RULES.legal_actions(state)}
        winning = [a for a, after in outcomes.items()
                   if after.phase == OVER and after.winner == seat]
        view = build_view(state, seat)
        check = check_one_move(Observation(view), RULES.legal_actions(state), random.Random(1))
        if check.winning is None:
            continue
        assert check.winning in winning  # a move the real state agrees wins
        move = bot.choose(RULES.view(state, RULES.to_move(state)), RULES.legal_moves(state),
                          random.Random(2), Budget(iterations=30))
        after = RULES.apply(state, move).state
        assert RULES.is_over(after) and RULES.outcome(after).winner == RULES.to_move(state)
        found += 1
        if found == 4:
            break
    assert found >= 3


def test_it_leaves_out_moves_that_let_the_opponent_win_at_once():
    bot = get_bot("druidenwalzer", "strong")
    found = 0
    for state in _late_positions(80, 2):
        seat = state.to_move
        view = build_view(state, seat)
        pairs = moves_and_actions(RULES.legal_moves(state), seat)
        # Many deals: the shares are close to the truth.
        check = check_one_move(Observation(view), [a for _m, a in pairs], random.Random(3),
                               deals=40)
        if check.winning is not None or min(check.loss_share) > 0.1:
            continue
        losing = {action for (_m, action), share in zip(pairs, check.loss_share) if share >= 0.9}
        if not losing:
            continue
        move = bot.choose(RULES.view(state, RULES.to_move(state)), RULES.legal_moves(state),
                          random.Random(4), Budget(iterations=60))
        chosen = next(action for candidate, action in pairs if candidate == move)
        assert chosen not in losing
        found += 1
        if found == 4:
            break
    assert found >= 3
