"""The ``strong-old`` arena level (the ``strong`` level until the tree search
replaced it): determinized Monte Carlo with guided rollouts.

1. **Candidates.** The heuristic's one-decision scores (``score_actions``)
   over a few deals rank the legal moves; the best ``CANDIDATES`` go on.
2. **Rollouts.** Each round deals a fresh plausible full state from the
   view (``determinize``: the opponent's hand, face-down values, bonus card,
   both piles' order and the vote deck) and plays every candidate on a copy
   of that same deal, then plays on with a greedy policy (``policy``) for
   both sides through the end of the opponent's next turn: the vote at the
   end of this turn and the next, the opponent's reply, its action cards
   and Veto answers. The position reached is scored by the evaluation.
   Using the same deal and the same vote cards for every candidate
   (common random numbers) makes the differences between them far less
   noisy than the rollouts themselves.
3. The candidate with the best mean wins.

Why not a tree search: a decision has up to a hundred legal moves (cards ×
groups × faces, targets, passes) and most are plainly bad; spending the
budget on a few good moves, each followed by sensible play, sees the votes
and the reply that a one-decision heuristic cannot.

The rollout policy is the heuristic on the rollout's own deal (so it sees
the cards dealt there, for both sides alike), made cheaper: a face-up pair
is the best first card with its best second one, and passing is considered
only when nothing can be placed.
"""

from __future__ import annotations

import random

from games.rules.caesar_cleopatra.constants import OVER, P_DRAW, P_VETO, PLACE, SECOND, SETUP, START
from games.rules.caesar_cleopatra.legality import legal_actions
from games.rules.caesar_cleopatra.moves import (
    A_PASS,
    A_PLACE,
    DOWN,
    NO_VETO_ACTION,
    UP,
    Action,
    move_to_action,
)
from games.rules.caesar_cleopatra.state import State
from games.rules.caesar_cleopatra.turn import play

from ..base import Budget, Deadline, Move, ThinkingBot, View
from .determinize import Observation
from .evaluate import HAND_SET, Weights, evaluate
from .heuristic import (
    VETO_CARDS,
    draw_rule,
    greedy,
    score_actions,
    settle,
    setup_choice,
    veto_answer,
)

DEFAULT_BUDGET = Budget(iterations=50, cpu_seconds=0.25)
CANDIDATES = 5
RANKING_DEALS = 6
HORIZON = 2  # turns played out after the current one's start


def policy(state: State, weights: Weights = HAND_SET) -> Action:
    """The rollout's move for the player to move (greedy on this deal, judged
    with ``weights``)."""
    pending = state.pending
    player = state.to_move
    assert player is not None  # rollouts stop when the game ends
    if pending is not None:
        kind = pending[0]
        if kind == P_VETO:
            if VETO_CARDS[player] in state.hand[player]:
                return veto_answer(state, player, weights)
            return NO_VETO_ACTION
        if kind == P_DRAW:
            return draw_rule(state, player, 1)
    actions = legal_actions(state)
    if len(actions) == 1:
        return actions[0]
    step = state.step
    if pending is None and (step == START or step == PLACE):
        return _placement(state, actions, player, weights)
    return greedy(state, actions, player, weights)


def _placement(state: State, actions: list[Action], player: int,
               weights: Weights = HAND_SET) -> Action:
    """Best face-down card, best face-up pair (first card, then second) or,
    at the start, an action card; a pass only if nothing else is legal."""
    best_down = best_up = best_other = None
    down_score = up_score = other_score = -1e9
    for action in actions:
        kind = action[0]
        if kind == A_PASS:
            continue
        child = state.copy()
        play(child, action)
        if kind == A_PLACE:
            score = evaluate(child, player, weights)
            if action[3] == DOWN:
                if score > down_score:
                    down_score, best_down = score, action
            elif score > up_score:
                up_score, best_up = score, action
        else:
            settle(child, player, weights)
            score = evaluate(child, player, weights)
            if score > other_score:
                other_score, best_other = score, action
    if best_up is not None:
        child = state.copy()
        play(child, best_up)
        if child.step == SECOND:
            play(child, greedy(child, legal_actions(child), player, weights))
        up_score = evaluate(child, player, weights)
    options = [(down_score, best_down), (up_score, best_up), (other_score, best_other)]
    found = [(score, action) for score, action in options if action is not None]
    if not found:  # only passes: discard the fewest cards that help most
        return greedy(state, actions, player, weights)
    return max(found)[1]


def rollout(state: State, seat: int, stop_turn: int) -> float:
    """Play on in place until ``stop_turn`` starts (or the game ends)."""
    while state.phase != OVER and state.turn < stop_turn:
        play(state, policy(state))
    return evaluate(state, seat)


def candidates_of(
    observation: Observation, actions: list[Action], rng: random.Random, deadline: Deadline
) -> list[Action]:
    """The most promising actions by the heuristic's scores."""
    if len(actions) <= CANDIDATES:
        return list(actions)
    deals = [observation.sample(rng) for _ in range(RANKING_DEALS)]
    scores = score_actions(deals, actions, observation.seat, deadline)
    order = sorted(range(len(actions)), key=lambda i: -scores[i])
    return [actions[i] for i in order[:CANDIDATES]]


def rollout_scores(
    observation: Observation,
    candidates: list[Action],
    rng: random.Random,
    iterations: int,
    deadline: Deadline,
) -> list[float]:
    """Each candidate's mean rollout value over the same fresh deals."""
    seat = observation.seat
    stop_turn = observation.template.turn + HORIZON
    totals = [0.0] * len(candidates)
    rounds = max(1, iterations // len(candidates))
    done = 0
    for _ in range(rounds):
        deal = observation.sample(rng)
        for index, action in enumerate(candidates):
            child = deal.copy()
            play(child, action)
            if action[0] == A_PLACE and action[3] == UP and child.step == SECOND:
                play(child, greedy(child, legal_actions(child), seat))
            settle(child, seat)
            totals[index] += rollout(child, seat, stop_turn)
        done += 1
        if deadline.passed():
            break
    return [total / done for total in totals]


class RolloutBot(ThinkingBot):
    """Heuristic candidates, then rollouts over deals of the unseen cards."""

    default_budget = DEFAULT_BUDGET

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        deadline = Deadline(budget.cpu_seconds)
        observation = Observation(view)
        actions = [move_to_action(move) for move in legal_moves]
        if observation.template.phase == SETUP:
            choice = setup_choice(observation, actions, rng)
        else:
            candidates = candidates_of(observation, actions, rng, deadline)
            scores = rollout_scores(observation, candidates, rng, budget.iterations or 1, deadline)
            best = max(scores)
            choice = next(a for a, s in zip(candidates, scores) if s >= best - 1e-9)
        return dict(legal_moves[actions.index(choice)])
