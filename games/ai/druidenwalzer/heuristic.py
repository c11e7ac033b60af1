"""The ``heuristic`` level: the best move one ply deep.

For each legal move the bot deals a few plausible full states from its view
(``determinize``), plays the move on each with the engine's fast path and
averages the static evaluation (``evaluate``). The same deals serve every
move, so the moves are compared on equal terms; only the hidden cards a move
reveals (a card turned up, a fresh hand) differ between the deals.
"""

from __future__ import annotations

import random

from games.rules.druidenwalzer.constants import SETUP
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import Action, move_to_action

from ..base import Budget, Deadline, Move, ThinkingBot, View
from .determinize import Observation
from .evaluate import evaluate

DEFAULT_BUDGET = Budget(iterations=8, cpu_seconds=0.5)


def moves_and_actions(legal_moves: list[Move], seat: int) -> list[tuple[Move, Action]]:
    """The legal moves paired with the engine's action tuples."""
    return [(move, move_to_action(move, seat)) for move in legal_moves]


def one_ply_scores(
    observation: Observation,
    actions: list[Action],
    rng: random.Random,
    deals: int,
    deadline: Deadline | None = None,
) -> list[float]:
    """Each action's evaluation for the mover, averaged over ``deals`` deals."""
    seat = observation.seat
    totals = [0.0] * len(actions)
    done = 0
    for _ in range(max(deals, 1)):
        state = observation.sample(rng)
        for index, action in enumerate(actions):
            child = state.copy()
            play(child, action)
            totals[index] += evaluate(child, seat)
        done += 1
        if deadline is not None and deadline.passed():
            break
    return [total / done for total in totals]


class HeuristicBot(ThinkingBot):
    """One ply of lookahead with a static evaluation, averaged over deals."""

    default_budget = DEFAULT_BUDGET

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        deadline = Deadline(budget.cpu_seconds)
        observation = Observation(view)
        pairs = moves_and_actions(legal_moves, observation.seat)
        # Druid placement reveals nothing and draws nothing: one deal is exact.
        deals = 1 if observation.template.phase == SETUP else budget.iterations or 1
        scores = one_ply_scores(observation, [a for _m, a in pairs], rng, deals, deadline)
        best = max(scores)
        # Ties (within rounding) are broken at random, not by list order.
        candidates = [m for (m, _a), s in zip(pairs, scores) if s >= best - 1e-9]
        return dict(rng.choice(candidates))
