"""The ``baseline`` arena level: determinized UCT with random playouts.

The textbook method for a card game with hidden cards, written as a
yardstick for the site's own levels (it is an arena level only, not a
player on the site). The budget is shared out over ``DEALS`` deals of the
unseen cards (``determinize``, from the view alone: no memory of the move
log); on each deal a plain UCT search treats the deal as if every card
were known, expands one node per iteration, plays the game out to its end
with uniformly random moves and backs the result (1 win, 0 loss) up. The
root visits of every deal are summed and the most visited move is played.

Its known weaknesses are the point of a yardstick: each deal's tree trusts
cards that may not be there (strategy fusion), and random playouts say
little about a game of 20-60 turns.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter

from games.rules.druidenwalzer.constants import OVER
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import Action, legal_actions
from games.rules.druidenwalzer.state import State

from ..base import Budget, Move, ThinkingBot, View
from .determinize import Observation
from .heuristic import moves_and_actions

DEFAULT_BUDGET = Budget(iterations=None, cpu_seconds=1.5)
DEALS = 8
EXPLORATION = 0.7  # UCB1 constant (about 1 / sqrt(2)) for rewards in [0, 1]
PLAYOUT_LIMIT = 300  # turns of a random playout before it counts as a draw
_CHECK_EVERY = 4  # iterations between two looks at the clock


class Node:
    """A perfect-information UCT node; ``reward`` is summed for ``player``,
    who made the move into it."""

    __slots__ = ("children", "untried", "visits", "reward", "player")

    def __init__(self, player: int, untried: list[Action]) -> None:
        self.children: dict[Action, Node] = {}
        self.untried = untried
        self.visits = 0
        self.reward = 0.0
        self.player = player


def random_playout(state: State, rng: random.Random) -> float:
    """Play ``state`` out in place with random moves; moon's reward."""
    turns = 0
    draw = rng.random
    while state.phase != OVER:
        if turns >= PLAYOUT_LIMIT:
            return 0.5
        actions = legal_actions(state)
        play(state, actions[int(draw() * len(actions))])
        turns += 1
    return 1.0 if state.winner == 0 else 0.0


def uct(deal: State, rng: random.Random, iterations: int | None, end: float | None,
        seat: int) -> dict[Action, int]:
    """UCT on one deal, as if it were the whole truth; the root's visits."""
    actions = legal_actions(deal)
    root = Node(1 - seat, actions[:])
    sqrt, log = math.sqrt, math.log
    iteration = 0
    while iterations is None or iteration < iterations:
        if iteration % _CHECK_EVERY == 0 and iteration and end is not None \
                and time.process_time() >= end:
            break
        iteration += 1
        state = deal.copy()
        node = root
        path = [root]
        while not node.untried and node.children:
            log_visits = log(node.visits)
            best_score, best, action = -1.0, node, None
            for candidate, child in node.children.items():
                score = child.reward / child.visits + EXPLORATION * sqrt(log_visits / child.visits)
                if score > best_score:
                    best_score, best, action = score, child, candidate
            play(state, action)
            node = best
            path.append(node)
        if node.untried:
            untried = node.untried
            action = untried.pop(int(rng.random() * len(untried)))
            mover = state.to_move
            play(state, action)
            child = Node(mover, legal_actions(state) if state.phase != OVER else [])
            node.children[action] = child
            path.append(child)
        reward = random_playout(state, rng) if state.phase != OVER else (
            1.0 if state.winner == 0 else 0.0)
        for visited in path:
            visited.visits += 1
            visited.reward += reward if visited.player == 0 else 1.0 - reward
    return {action: child.visits for action, child in root.children.items()}


class BaselineBot(ThinkingBot):
    """Determinized UCT with random playouts, root visits summed over deals."""

    default_budget = DEFAULT_BUDGET

    def __init__(self, deals: int = DEALS) -> None:
        self.deals = deals

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        started = time.process_time()
        observation = Observation(view)
        seat = observation.seat
        visits: Counter[Action] = Counter()
        per_deal = None if budget.iterations is None else max(1, budget.iterations // self.deals)
        for deal_index in range(self.deals):
            end = None
            if budget.cpu_seconds is not None:
                end = started + budget.cpu_seconds * (deal_index + 1) / self.deals
            visits.update(uct(observation.sample(rng), rng, per_deal, end, seat))
        pairs = moves_and_actions(legal_moves, seat)
        best = max(visits.get(action, 0) for _move, action in pairs)
        candidates = [move for move, action in pairs if visits.get(action, 0) == best]
        return dict(rng.choice(candidates))
