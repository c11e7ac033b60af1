"""The ``strong`` level: information-set Monte Carlo tree search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012): one tree of
the bot's own information sets. Each iteration deals a fresh plausible full
state from the view and what the move log showed (``determinize``,
``memory``), walks down the tree choosing among
the actions legal in *that* deal by UCB, adds one new node, evaluates the
position reached and backs the result up. A node's statistics are kept from
the point of view of the player who made the move into it, so the opponent's
replies are chosen to be good for the opponent.

Why it fits: the opponent's hand and the face-down cards are unknown, so a
search over one guessed deal would trust cards that may not be there;
dealing anew at every iteration averages over what the bot cannot see,
while the tree still learns the best reply to each of its moves. The
opponent's replies differ between deals (its hand differs), so UCB counts a
child's *availability* (how often it was legal when its parent was visited)
instead of the parent's visits.

A leaf's reward is half the static evaluation (``evaluate``, squashed to a
win probability) and half the result of one random playout to the end
(``PLAYOUT_WEIGHT``). The evaluation alone was strong at small budgets but
gained little from more CPU (against the ``baseline`` level's random
playouts: 85 % at 0.05 s a move, 62 % at 0.3 s); the playout's noise
averages out over the iterations a larger budget buys, while its bias is
not the evaluation's. At 0.3 s against baseline (100 games): 0 % playout
62 %, a quarter 67 %, half 75 %, playouts alone 52 %. Short epsilon-greedy
rollouts guided by the evaluation are available (``rollout_plies``) but did
no better at equal CPU time: each greedy ply costs as much as a dozen
iterations.

Before searching, ``tactics`` plays each move one deep: a win on the spot is
taken, and moves that let the opponent win at once in most deals are left
out when another move avoids that. The search then runs until the CPU
budget is spent; an iteration count is only a cap for reproducible tests.
"""

from __future__ import annotations

import math
import random

from games.rules.druidenwalzer.constants import OVER, SETUP
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import Action, legal_actions
from games.rules.druidenwalzer.state import State

from ..base import Budget, Deadline, Event, Move, ThinkingBot, View
from ..baseline import random_playout
from .determinize import Observation
from .evaluate import evaluate
from .heuristic import HeuristicBot, moves_and_actions
from .playout import GAME
from .tactics import check_one_move

DEFAULT_BUDGET = Budget(iterations=None, cpu_seconds=1.5)  # the baseline's too
UNTIMED_ITERATIONS = 10000  # the cap when neither iterations nor CPU seconds are given
EXPLORATION = 0.25  # UCB constant, for rewards in [0, 1]
SCALE = 60.0  # evaluation points per unit of the logistic
ROLLOUT_PLIES = 0
ROLLOUT_GREEDY = 0.5  # share of rollout moves chosen by the evaluation
PLAYOUT_WEIGHT = 0.5  # share of a leaf's reward from a random playout to the end
_CHECK_EVERY = 8  # iterations between two looks at the clock


class Node:
    """A move's statistics: ``reward`` is summed for ``player``, who made it."""

    __slots__ = ("children", "visits", "reward", "available", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.player = player


def moon_reward(state: State) -> float:
    """The position's value for moon in [0, 1]: 1 a win, 0 a loss."""
    if state.phase == OVER:
        return 1.0 if state.winner == 0 else 0.0
    score = evaluate(state, 0) / SCALE
    if score > 30:
        return 1.0
    if score < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score))


def greedy_action(state: State, actions: list[Action]) -> Action:
    """The action whose resulting position evaluates best for the mover."""
    seat = state.to_move
    assert seat is not None  # a game on has a seat to move
    best_action = actions[0]
    best = -math.inf
    for action in actions:
        child = state.copy()
        play(child, action)
        score = evaluate(child, seat)
        if score > best:
            best, best_action = score, action
    return best_action


def rollout(state: State, rng: random.Random, plies: int) -> None:
    """Play ``plies`` epsilon-greedy moves in place (fewer if the game ends)."""
    for _ in range(plies):
        if state.phase == OVER:
            return
        actions = legal_actions(state)
        if rng.random() < ROLLOUT_GREEDY:
            action = greedy_action(state, actions)
        else:
            action = actions[int(rng.random() * len(actions))]
        play(state, action)


def search(
    observation: Observation,
    rng: random.Random,
    iterations: int | None,
    deadline: Deadline,
    exploration: float = EXPLORATION,
    rollout_plies: int = ROLLOUT_PLIES,
    allowed: set[Action] | None = None,
    playout_weight: float = PLAYOUT_WEIGHT,
) -> dict[Action, Node]:
    """Run the ISMCTS; returns the root's children (the bot's moves).

    ``iterations`` caps the search (``None``: until the deadline);
    ``allowed``, when given, limits the bot's own first move to those actions.
    """
    root = Node(observation.seat)
    sample = observation.sample
    log = math.log
    sqrt = math.sqrt
    iteration = 0
    while iterations is None or iteration < iterations:
        if iteration % _CHECK_EVERY == 0 and iteration and deadline.passed():
            break
        iteration += 1
        state = sample(rng)
        node = root
        path = []
        while state.phase != OVER:
            actions = legal_actions(state)
            if node is root and allowed is not None:
                actions = [action for action in actions if action in allowed]
            children = node.children
            untried = []
            for action in actions:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                # Expand one untried action, chosen at random.
                action = untried[0]
                if len(untried) > 1:
                    action = untried[int(rng.random() * len(untried))]
                mover = state.to_move
                assert mover is not None  # a game on has a seat to move
                child = Node(mover)
                children[action] = child
                play(state, action)
                path.append(child)
                break
            best_score = -1.0
            best_action = actions[0]
            for action in actions:
                child = children[action]
                score = child.reward / child.visits + exploration * sqrt(
                    log(child.available) / child.visits
                )
                if score > best_score:
                    best_score, best_action = score, action
            node = children[best_action]
            play(state, best_action)
            path.append(node)
        if rollout_plies:
            rollout(state, rng, rollout_plies)
        reward = moon_reward(state)
        if playout_weight and state.phase != OVER:
            reward += playout_weight * (random_playout(GAME, state, rng) - reward)
        for node in path:
            node.visits += 1
            node.reward += reward if node.player == 0 else 1.0 - reward
    return root.children


class StrongBot(ThinkingBot):
    """ISMCTS over deals of the unseen cards (remembering what the log showed),
    after a one-move check for wins and losses; it thinks for the whole CPU
    budget it is granted."""

    uses_history = True

    def __init__(
        self,
        exploration: float = EXPLORATION,
        rollout_plies: int = ROLLOUT_PLIES,
        default_budget: Budget = DEFAULT_BUDGET,
        remember: bool = True,
        tactics: bool = True,
        search_setup: bool = True,
        playout_weight: float = PLAYOUT_WEIGHT,
    ) -> None:
        self.exploration = exploration
        self.rollout_plies = rollout_plies
        self.default_budget = default_budget
        self.remember = remember
        self.tactics = tactics
        self.search_setup = search_setup
        self.playout_weight = playout_weight
        self._setup = HeuristicBot()

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget, history: list[Event] | None = None) -> Move:
        deadline = Deadline(budget.cpu_seconds)
        observation = Observation(view, history if self.remember else None)
        setup = observation.template.phase == SETUP
        if setup and not self.search_setup:
            # The one-ply heuristic on a single deal (the level's old way).
            return self._setup.choose(view, legal_moves, rng)
        pairs = moves_and_actions(legal_moves, observation.seat)
        allowed = None
        if self.tactics and not setup:  # no game ends during the setup
            check = check_one_move(observation, [action for _move, action in pairs], rng)
            if check.winning is not None:
                return dict(next(move for move, action in pairs if action == check.winning))
            allowed = check.allowed
        iterations = budget.iterations
        if iterations is None and budget.cpu_seconds is None:
            iterations = UNTIMED_ITERATIONS
        children = search(
            observation,
            rng,
            iterations,
            deadline,
            self.exploration,
            self.rollout_plies,
            allowed,
            self.playout_weight,
        )
        if allowed is not None:
            pairs = [pair for pair in pairs if pair[1] in allowed]

        # The most visited move is the most robust choice; its mean reward
        # breaks ties.
        def key(pair: tuple[Move, Action]) -> tuple[int, float]:
            node = children.get(pair[1])
            if node is None:
                return (0, 0.0)
            return (node.visits, node.reward / node.visits)

        return dict(max(pairs, key=key)[0])
