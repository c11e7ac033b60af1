"""The ``heuristic`` level: every legal move judged one decision deep.

For each legal move the bot deals a few plausible full states from its view
(``determinize``), plays the move on each with the engine's fast path,
settles what follows inside the same decision (``settle``), and averages
the static evaluation (``evaluate``). The same deals serve every move, so
the moves are compared on equal terms.

Settling, so that a move is judged by what it really does:

- the opponent answers a Veto question as suits them (if they hold a Veto
  in that deal): a Wrath on their best group is vetoed, a Scout rarely;
- the bot's own follow-ups (the Spy's card, the castling's distribution)
  are chosen greedily by the evaluation;
- a first face-up card is judged together with the best second one
  (chosen on the first deal and reused on the others);
- a card drawn after a Spy or a Veto follows ``draw_rule``.

The evaluation counts a refill that is due, so placing, playing an action
card and passing compare fairly; passing (discarding) only wins when no
placement helps.
"""

from __future__ import annotations

import random

from games.rules.caesar_cleopatra.constants import (
    IS_ACTION,
    OVER,
    P_DRAW,
    P_VETO,
    SECOND,
    SETUP,
    VETO,
    card_code,
)
from games.rules.caesar_cleopatra.legality import draw_range, legal_actions
from games.rules.caesar_cleopatra.moves import (
    A_DRAW,
    A_PLACE,
    NO_VETO_ACTION,
    UP,
    VETO_ACTION,
    Action,
    move_to_action,
)
from games.rules.caesar_cleopatra.state import State
from games.rules.caesar_cleopatra.turn import play

from ..base import Budget, Deadline, Move, ThinkingBot, View
from .determinize import Observation
from .evaluate import HAND_SET, Weights, evaluate

DEFAULT_BUDGET = Budget(iterations=6, cpu_seconds=0.5)
VETO_CARDS = (card_code(0, VETO), card_code(1, VETO))
KEEP_ACTIONS = 1  # action cards a refill tops the hand up to, by the rule


def draw_rule(state: State, seat: int, needed: int) -> Action:
    """A refill without looking: influence cards, but keep one action card."""
    total, low, high = draw_range(state, seat, needed)
    held = sum(1 for card in state.hand[seat] if IS_ACTION[card])
    actions = min(total, max(0, KEEP_ACTIONS - held))
    influence = min(high, max(low, total - actions))
    return (A_DRAW, influence, total - influence)


def greedy(state: State, actions: list[Action], player: int,
           weights: Weights = HAND_SET) -> Action:
    """The action whose settled result evaluates best for ``player``."""
    best_action, best = actions[0], None
    for action in actions:
        child = state.copy()
        play(child, action)
        settle(child, player, weights)
        score = evaluate(child, player, weights)
        if best is None or score > best:
            best, best_action = score, action
    return best_action


def settle(state: State, seat: int, weights: Weights = HAND_SET) -> None:
    """Play, in place, the decisions that belong to ``seat``'s move: the
    opponent's Veto answer, ``seat``'s Spy, castling and second face-up card,
    and the single card drawn after a Spy or a Veto."""
    while state.phase != OVER:
        pending = state.pending
        if pending is not None:
            kind, player = pending[0], pending[1]
            if kind == P_VETO:
                if VETO_CARDS[player] in state.hand[player]:
                    choice = veto_answer(state, player, weights)
                else:
                    choice = NO_VETO_ACTION
            elif kind == P_DRAW:
                choice = draw_rule(state, player, 1)
            else:  # the Spy's card or the castling: the mover's own choice
                choice = greedy(state, legal_actions(state), player, weights)
            play(state, choice)
            continue
        if state.step == SECOND and state.current == seat:
            play(state, greedy(state, legal_actions(state), seat, weights))
            continue
        return


def veto_answer(state: State, player: int, weights: Weights = HAND_SET) -> Action:
    """Veto when the action hurts more than the Veto card is worth."""
    vetoed = state.copy()
    play(vetoed, VETO_ACTION)
    play(vetoed, draw_rule(vetoed, player, 1))
    allowed = state.copy()
    play(allowed, NO_VETO_ACTION)
    settle(allowed, 1 - player, weights)
    return (VETO_ACTION if evaluate(vetoed, player, weights) > evaluate(allowed, player, weights)
            else NO_VETO_ACTION)


def score_actions(
    deals: list[State],
    actions: list[Action],
    seat: int,
    deadline: Deadline | None = None,
    weights: Weights = HAND_SET,
) -> list[float]:
    """Each action's settled evaluation for ``seat``, averaged over the deals."""
    seconds: dict[Action, Action] = {}
    first = deals[0]
    totals = [0.0] * len(actions)
    done = 0
    for deal in deals:
        for index, action in enumerate(actions):
            child = deal.copy()
            play(child, action)
            if action[0] == A_PLACE and action[3] == UP and child.step == SECOND:
                second = seconds.get(action)
                if second is None:
                    probe = first.copy()
                    play(probe, action)
                    second = seconds[action] = greedy(probe, legal_actions(probe), seat, weights)
                play(child, second)
            settle(child, seat, weights)
            totals[index] += evaluate(child, seat, weights)
        done += 1
        if deadline is not None and deadline.passed():
            break
    return [total / done for total in totals]


def setup_choice(observation: Observation, actions: list[Action], rng: random.Random,
                 weights: Weights = HAND_SET) -> Action:
    """The setup placement: judged on one deal (nothing is drawn or voted)."""
    scores = score_actions([observation.sample(rng)], actions, observation.seat,
                           weights=weights)
    best = max(scores)
    return rng.choice([a for a, s in zip(actions, scores) if s >= best - 1e-9])


class HeuristicBot(ThinkingBot):
    """One decision of lookahead with a static evaluation, averaged over deals."""

    default_budget = DEFAULT_BUDGET

    def __init__(self, weights: Weights = HAND_SET) -> None:
        self.weights = weights  # the evaluation's

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        deadline = Deadline(budget.cpu_seconds)
        observation = Observation(view)
        actions = [move_to_action(move) for move in legal_moves]
        if observation.template.phase == SETUP:
            choice = setup_choice(observation, actions, rng, self.weights)
            return dict(legal_moves[actions.index(choice)])
        deals = [observation.sample(rng) for _ in range(max(budget.iterations or 1, 1))]
        scores = score_actions(deals, actions, observation.seat, deadline, self.weights)
        best = max(scores)
        # Ties (within rounding) are broken at random, not by list order.
        candidates = [m for m, s in zip(legal_moves, scores) if s >= best - 1e-9]
        return dict(rng.choice(candidates))
