"""The ``baseline`` arena level: determinized UCT with random playouts.

The textbook method for a card game with hidden cards, written as a
yardstick for the site's own levels (it is an arena level only, not a
player on the site), for any game whose engine has the fast path
(``legal_actions``, ``play`` in place) and whose bots can deal the unseen
cards (an ``Observation`` with ``sample``). The budget is shared out over
``DEALS`` deals of the unseen cards, from the view alone (no memory of the
move log); on each deal a plain UCT search treats the deal as if every
card were known, expands one node per iteration, plays the game out to its
end with uniformly random moves and backs the result up (1 a win, 0 a
loss, 0.5 a draw). The root visits of every deal are summed and the most
visited move is played.

Its known weaknesses are the point of a yardstick: each deal's tree trusts
cards that may not be there (strategy fusion), and random playouts say
little about a long game.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .base import Budget, Move, ThinkingBot, View

Action = Any
State = Any
DEALS = 8
EXPLORATION = 0.7  # UCB1 constant (about 1 / sqrt(2)) for rewards in [0, 1]
_CHECK_EVERY = 4  # iterations between two looks at the clock


@dataclass(frozen=True)
class Game:
    """What the baseline needs of a game: its fast path and its dealing."""

    observe: Callable[[View], Any]  # view -> an object with .seat and .sample(rng)
    legal_actions: Callable[[State], list[Action]]
    play: Callable[[State, Action], None]  # in place
    over: int  # the phase of a finished game
    actions_of: Callable[[list[Move], int], list[tuple[Move, Action]]]  # moves, seat
    playout_limit: int  # actions of a random playout before it counts as a draw


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


def first_seat_reward(state: State) -> float:
    """A finished game's result for the first seat: 1 won, 0 lost, 0.5 drawn."""
    return 1.0 if state.winner == 0 else 0.0 if state.winner == 1 else 0.5


def random_playout(game: Game, state: State, rng: random.Random) -> float:
    """Play ``state`` out in place with random moves; the first seat's reward."""
    turns = 0
    draw = rng.random
    legal_actions, play, over = game.legal_actions, game.play, game.over
    while state.phase != over:
        if turns >= game.playout_limit:
            return 0.5
        actions = legal_actions(state)
        play(state, actions[int(draw() * len(actions))])
        turns += 1
    return first_seat_reward(state)


def uct(game: Game, deal: State, rng: random.Random, iterations: int | None,
        end: float | None, seat: int) -> dict[Action, int]:
    """UCT on one deal, as if it were the whole truth; the root's visits."""
    legal_actions, play, over = game.legal_actions, game.play, game.over
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
            child = Node(mover, legal_actions(state) if state.phase != over else [])
            node.children[action] = child
            path.append(child)
        reward = random_playout(game, state, rng) if state.phase != over else (
            first_seat_reward(state))
        for visited in path:
            visited.visits += 1
            visited.reward += reward if visited.player == 0 else 1.0 - reward
    return {action: child.visits for action, child in root.children.items()}


class BaselineBot(ThinkingBot):
    """Determinized UCT with random playouts, root visits summed over deals."""

    def __init__(self, game: Game, default_budget: Budget, deals: int = DEALS) -> None:
        self.game = game
        self.default_budget = default_budget
        self.deals = deals

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        started = time.process_time()
        observation = self.game.observe(view)
        seat = observation.seat
        visits: Counter[Action] = Counter()
        per_deal = None if budget.iterations is None else max(1, budget.iterations // self.deals)
        for deal_index in range(self.deals):
            end = None
            if budget.cpu_seconds is not None:
                end = started + budget.cpu_seconds * (deal_index + 1) / self.deals
            visits.update(uct(self.game, observation.sample(rng), rng, per_deal, end, seat))
        pairs = self.game.actions_of(legal_moves, seat)
        best = max(visits.get(action, 0) for _move, action in pairs)
        candidates = [move for move, action in pairs if visits.get(action, 0) == best]
        return dict(rng.choice(candidates))
