"""The ``strong`` level: information-set Monte Carlo tree search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), as the
Druidenwalzer strong level does it: one tree of the bot's own information
sets. Each iteration deals a fresh plausible full state from the view and
what the move log showed (``determinize``, ``memory``): the opponent's hand,
face-down cards and bonus card, both players' piles and the vote deck, so
the vote cards turned at the end of a turn and the cards drawn are drawn in
that deal. It walks down the tree choosing among the actions legal in *that*
deal by UCB, stops at the first node never visited, scores the position
reached and backs the result up. Every decision is a node: the setup
placement, a turn's first and second card, action cards and their targets,
the opponent's Veto answer, the Spy's card, the castling's distribution,
the refills and the passes' discards. A node's statistics are kept from the
point of view of the player who made the move into it, so the opponent's
replies are chosen to be good for the opponent, and with *its* cards in the
deal. The opponent's replies differ between deals (its hand differs), so a
child's exploration term counts its *availability* (how often it was legal
when its parent was visited) instead of the parent's visits.

Priors, because a decision has up to a hundred legal moves and most are
plainly bad: the first time an action is legal at a node, the position it
leads to is scored by the static evaluation (``evaluate``, a few
microseconds) for the player who chose it and squashed into a win
probability. That score starts the child off as ``PRIOR_VISITS`` virtual
visits, so the search tries the promising moves first and the tree grows
deep along them instead of sampling every card on every group. A leaf (a
child never visited) is first played on in the iteration's own deal by the
greedy rollout policy of ``strong-old`` (``rollouts.policy``: the heuristic
on that deal, for both sides) to the end of the turn in progress, the vote
included, and scored there the same way; scored at once, the leaves saw too
little (see ``ROLLOUT_TURNS``).
The evaluation counts the tempo of the turn (``TEMPO``): positions where
different players are about to move compare only so, and leaves of every
depth meet in one mean. Decisions pending inside a move (the Veto answer,
the Spy's card, the card drawn after them) are settled as the heuristic
would before scoring, so an action card is judged by what it does.

The search runs until the CPU budget is spent (the clock is read before
every iteration, every new child and every rollout move, so it stops within
a few milliseconds of the cap); an iteration count is only a cap for
reproducible tests. The most
visited move is played, its mean breaking ties.
"""

from __future__ import annotations

import gc
import math
import random
from dataclasses import dataclass, replace
from typing import Any

from games.rules.caesar_cleopatra.constants import (
    CARD_KIND,
    CASTLING,
    EXTRAORDINARY,
    N_GROUPS,
    OVER,
    P_DRAW,
    P_SPY,
    P_VETO,
    PLACED,
    SEAT_INDEX,
    SEATS,
    SETUP,
)
from games.rules.caesar_cleopatra.legality import legal_actions
from games.rules.caesar_cleopatra.moves import A_DRAW, NO_VETO_ACTION, Action, move_to_action
from games.rules.caesar_cleopatra.state import State
from games.rules.caesar_cleopatra.turn import play

from ..base import Budget, Deadline, Event, Move, ThinkingBot, View
from ..baseline import random_playout
from . import setup_habits
from .determinize import Observation
from .evaluate import BLIND, FITTED, HAND_SET, Weights, evaluate
from .group_model import WEIGHTS as GROUP_WEIGHTS
from .heuristic import VETO_CARDS, draw_rule, greedy, veto_answer
from .placement import Placement
from .playout import GAME
from .rollouts import policy
from .setup_prior import Counts
from .tactics import TurnCheck, check_turn

DEFAULT_BUDGET = Budget(iterations=None, cpu_seconds=0.25)
UNTIMED_ITERATIONS = 2000  # the cap when neither iterations nor CPU seconds are given
EXPLORATION = 0.2  # UCB constant, for rewards in [0, 1]
SCALE = 2.5  # evaluation points per unit of the logistic
PRIOR_VISITS = 2.0  # how many visits a child's prior counts for
# A leaf is played on by the greedy rollout policy (``rollouts.policy``, for
# both sides) to the end of the turn in progress, votes included, and scored
# there: 11 wins in 16 games against strong-old at the default budget, where
# leaves scored at once won 3 (same seed).
ROLLOUT_TURNS = 1
# The root's priors averaged over this many deals (1: the first deal's alone, as
# every other node's). At the default budget the search runs about 130
# iterations over up to a hundred root moves, so the priors decide much of the
# choice; the heuristic averages over 6 deals. Measured (bench/ai_variants.py,
# strong-root-6): 6 deals won no more against the heuristic (docs/ai.md).
ROOT_DEALS = 1
TEARDOWN_SHARE = 0.012  # of the CPU budget, left for freeing the tree
# The share of a leaf's value taken from one random playout to the end of the
# game (as the Druidenwalzer level mixes them); 0: the judgement alone. A
# playout costs about as much as an iteration (0.5 ms). Measured: half the
# value from a playout (``strong-playout-50``) won 29 of 56 games against the
# heuristic where the level won 43 of the same (docs/ai.md): random play tells
# little of who wins the votes.
PLAYOUT_WEIGHT = 0.0
# The turn's tempo, in evaluation points for the player whose turn it is, by
# step (setup, start, place, second, placed, passive). A whole active turn
# gains its player 2.0 points of evaluation on average (heuristic against
# heuristic, 383 turns); without a correction a leaf where the opponent is
# about to move would look 2 points better than the same position a move
# later, and moves searched one reply deeper would look worse than their
# untried siblings. So the player to start a turn gets half a turn (1.0), and
# each step the part of the turn still to come, less half a turn: after a
# first face-up card (0.68 gained) +0.3, after an opening action card (1.22)
# -0.2, with the placement done (1.44) -0.45; a passive turn gains nothing.
TEMPO = (0.0, 1.0, -0.2, 0.3, -0.45, -0.95)
# A leaf's rollout that ends with an active turn's vote card is scored as the
# mean over the cards that can be on top of the vote deck (each weighted by its
# count there), not by the one card of the iteration's deal: the vote is the
# largest chance event of a turn, and a leaf is visited once. Costs a copy and
# an evaluation per distinct card (at most seven).
EXPECTED_VOTES = False
# Deals weigh the opponent's orders of its face-down setup cards by how players
# place them (``setup_prior``: a 4 or a 5 at the bonus card's group, low cards
# at the small groups) and draw its bonus card to fit the order; the share of
# those habits against even chances (0: off).
SETUP_PRIOR = 0.0
# How much likelier than its share of the hand each kind of influence card
# (philosopher, 1..5) is to be placed face down in play; both the heuristic and
# this level put 3s to 5s face down about twice as often as they hold them, 1s
# half as often (docs/ai.md). None: deals take every card of the hand alike.
DOWN_HABITS = (1.4, 0.5, 1.0, 1.5, 1.8, 1.8)
DOWN_HABITS_ON = False
# The opponent in the tree judges its moves (the priors of its children, its
# moves in a leaf's rollout) blind to the seat's face-down cards, which it
# cannot see; otherwise it answers, in every deal, a face-down card as if it
# knew it (its statistics average over its own hidden cards, which it knows,
# and hold the seat's fixed). Its moves' values are still the outcome in the deal.
# Measured at 400 iterations a move (docs/ai.md, 2026-12-07): against the heuristic
# it won 343 of 400 (85.8 %), more of the same games than the open-eyed level
# (p = 0.028); against the open-eyed level at the same work 48.5 % of 200 games,
# within chance of half (bench/ai_variants.py's ``strong-open`` keeps it).
BLIND_OPPONENT = True


@dataclass(frozen=True)
class Judgement:
    """How a leaf is scored: the evaluation's weights, the tempo of the turn by
    step (for the player whose turn it is) and the points per unit of the
    logistic that makes a win chance of them."""

    weights: Weights
    tempo: tuple[float, ...]
    scale: float


#: The hand-set judgement: the heuristic's evaluation and the tempo above.
HAND_SET_JUDGEMENT = Judgement(HAND_SET, TEMPO, SCALE)
#: Fitted with the evaluation's weights to the outcomes of games between
#: heuristic players (``evaluate.FITTED``, ``bench/cc_fit_evaluation.py``). Not
#: the level's: it won 78 of 100 games against the heuristic where the
#: hand-set one won 75 (docs/ai.md); the variant ``strong-fitted`` plays it.
FITTED_JUDGEMENT = Judgement(FITTED, (0.0, 0.646, 0.365, 0.617, 0.065, -0.164), 2.66)
#: The hand-set judgement with each group's next patrician learned
#: (``group_model``); the variant ``strong-groups`` plays it.
GROUPS_JUDGEMENT = Judgement(Weights(groups=GROUP_WEIGHTS), TEMPO, SCALE)


class Node:
    """A move's statistics: ``reward`` is summed for ``player``, who made it;
    ``prior`` is the squashed evaluation of where it led, the first time."""

    __slots__ = ("children", "visits", "reward", "available", "player", "prior")

    def __init__(self, player: int, prior: float) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.player = player
        self.prior = prior


def settled(state: State) -> State:
    """``state`` itself, or, when a decision inside the move is pending (the
    Veto question, the Spy's card, the card drawn after them), a copy with
    those played as the heuristic would in this deal: an action card is
    judged by what it does, not by the card gone from the hand. A castling
    is judged before its cards move (choosing their best distribution here
    could cost milliseconds; the tree chooses it when it matters)."""
    if state.pending is None:
        return state
    state = state.copy()
    while state.phase != OVER and state.pending is not None:
        pending = state.pending
        kind, player = pending[0], pending[1]
        if kind == P_VETO:
            if VETO_CARDS[player] in state.hand[player] and CARD_KIND[pending[2][1]] != CASTLING:
                choice = veto_answer(state, player)
            else:
                choice = NO_VETO_ACTION
        elif kind == P_DRAW:
            choice = draw_rule(state, player, 1)
        elif kind == P_SPY:
            choice = greedy(state, legal_actions(state), player)
        else:
            break
        play(state, choice)
    return state


def win_chance(state: State, seat: int, judgement: Judgement = HAND_SET_JUDGEMENT) -> float:
    """The position's value for ``seat`` in [0, 1]: 1 a win, 0 a loss, ½ a draw
    (pending decisions settled first, the tempo of the turn counted)."""
    state = settled(state)
    if state.phase == OVER:
        winner = state.winner
        return 1.0 if winner == seat else 0.5 if winner == 2 else 0.0
    score = evaluate(state, seat, judgement.weights)
    step = state.step
    if step is not None and state.phase != SETUP:
        tempo = judgement.tempo[step]
        score += tempo if state.current == seat else -tempo
    score /= judgement.scale
    if score > 30:
        return 1.0
    if score < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-score))


def ends_with_vote_card(state: State, action: Action) -> bool:
    """Whether ``action`` ends an active turn whose vote check turns a vote card
    (the refill after the placement, no group at the extraordinary vote's 8)."""
    if action[0] != A_DRAW or state.pending is not None or state.step != PLACED:
        return False
    return all(state.group_count(group) < EXTRAORDINARY for group in range(N_GROUPS))


def expected_after_vote(state: State, action: Action, seat: int,
                        judgement: Judgement = HAND_SET_JUDGEMENT) -> float:
    """``win_chance`` for ``seat`` after ``action`` (``ends_with_vote_card``),
    averaged over the vote deck's possible top cards, each by its count; the
    rest of the deck keeps the deal's order. ``state`` is left unchanged."""
    deck = state.vote_deck
    size = len(deck)
    if not size:  # not met in play (the reshuffle card stays in the deck); as the engine does
        after = state.copy()
        play(after, action)
        return win_chance(after, seat, judgement)
    total = 0.0
    for card in set(deck):
        after = state.copy()
        order = after.vote_deck
        order.reverse()
        order.remove(card)  # its copy nearest the top
        order.reverse()
        order.append(card)
        play(after, action)
        total += deck.count(card) * win_chance(after, seat, judgement)
    return total / size


def search(
    observation: Observation,
    rng: random.Random,
    iterations: int | None,
    deadline: Deadline,
    exploration: float = EXPLORATION,
    rollout_turns: int = ROLLOUT_TURNS,
    allowed: set[Action] | None = None,
    root_deals: int = ROOT_DEALS,
    judgement: Judgement = HAND_SET_JUDGEMENT,
    playout_weight: float = PLAYOUT_WEIGHT,
    expected_votes: bool = EXPECTED_VOTES,
    blind_opponent: bool = BLIND_OPPONENT,
) -> dict[Action, Node]:
    """Run the ISMCTS; returns the root's children (the bot's moves).

    ``iterations`` caps the search (``None``: until the deadline);
    ``allowed``: the root's moves to search (``None``: all); ``root_deals``: the
    deals the root's priors are averaged over; ``judgement``: how leaves are scored;
    ``playout_weight``: the share of a leaf's value a random playout gives;
    ``expected_votes``: a leaf whose rollout ends with a vote card scored over
    every top card (``EXPECTED_VOTES``); ``blind_opponent``: the opponent judges
    its moves blind to the seat's face-down cards (``BLIND_OPPONENT``)."""
    seat = observation.seat
    # How each player judges its own moves: priors and rollout moves.
    judges = [judgement, judgement]
    rollout_weights = [HAND_SET, HAND_SET]
    if blind_opponent:
        judges[1 - seat] = replace(judgement, weights=replace(judgement.weights, blind=True))
        rollout_weights[1 - seat] = BLIND
    root = Node(1 - seat, 0.5)
    if root_deals > 1:
        _root_priors(root, observation, rng, root_deals, allowed, deadline, judgement)
    sample = observation.sample
    log, sqrt = math.log, math.sqrt
    prior_visits = PRIOR_VISITS
    passed = deadline.passed
    iteration = 0
    while iterations is None or iteration < iterations:
        if iteration and passed():
            break
        iteration += 1
        state = sample(rng)
        node = root
        path: list[Node] = []
        value = 0.5  # for seat 0
        while True:
            if state.phase == OVER:
                value = win_chance(state, 0, judgement)
                break
            mover = state.to_move
            assert mover is not None  # an ended game was scored above
            children = node.children
            best_score = -1.0
            best_action = best_child = None
            actions = legal_actions(state)
            if allowed is not None and node is root:
                actions = [action for action in actions if action in allowed]
            for action in actions:
                child = children.get(action)
                if child is None:
                    if iteration > 1 and passed():  # out of time: drop this iteration
                        return root.children
                    after = state.copy()
                    play(after, action)
                    child = children[action] = Node(mover, win_chance(after, mover, judges[mover]))
                child.available += 1
                visits = child.visits + prior_visits
                score = (child.reward + prior_visits * child.prior) / visits + exploration * sqrt(
                    log(child.available + 1) / visits
                )
                if score > best_score:
                    best_score, best_action, best_child = score, action, child
            assert best_action is not None and best_child is not None  # a game on has moves
            play(state, best_action)
            path.append(best_child)
            node = best_child
            if node.visits == 0:
                expected = None
                if rollout_turns:  # played on by the greedy policy first
                    stop = state.turn + rollout_turns
                    while state.phase != OVER and state.turn < stop:
                        if iteration > 1 and passed():  # out of time: score it here
                            break
                        player = state.to_move
                        assert player is not None  # the game is on
                        move = policy(state, rollout_weights[player])
                        if (expected_votes and state.turn + 1 == stop
                                and ends_with_vote_card(state, move)):
                            expected = expected_after_vote(state, move, 0, judgement)
                            break
                        play(state, move)
                # A leaf: scored in this deal (over the vote's top cards, if it ends with one).
                value = win_chance(state, 0, judgement) if expected is None else expected
                if (playout_weight and expected is None and state.phase != OVER
                        and not (iteration > 1 and passed())):
                    value += playout_weight * (random_playout(GAME, state, rng) - value)
                break
        for visited in path:
            visited.visits += 1
            visited.reward += value if visited.player == 0 else 1.0 - value
    return root.children


def _root_priors(root: Node, observation: Observation, rng: random.Random, deals: int,
                 allowed: set[Action] | None, deadline: Deadline,
                 judgement: Judgement = HAND_SET_JUDGEMENT) -> None:
    """The root's children, each with its prior averaged over ``deals`` deals (fewer
    when the deadline comes first; a move not met here gets its prior in the search)."""
    values: dict[Action, list[float]] = {}
    for number in range(deals):
        if number and deadline.passed():
            break
        state = observation.sample(rng)
        mover = state.to_move
        assert mover is not None  # the bot decides in a game still on
        for action in legal_actions(state):
            if allowed is None or action in allowed:
                after = state.copy()
                play(after, action)
                values.setdefault(action, []).append(win_chance(after, mover, judgement))
    for action, chances in values.items():
        root.children[action] = Node(observation.seat, sum(chances) / len(chances))


class StrongBot(ThinkingBot):
    """ISMCTS over deals of the unseen cards (remembering what the log showed);
    it thinks for the whole CPU budget it is granted."""

    uses_history = True
    learns_habits = True
    default_budget = DEFAULT_BUDGET

    def __init__(self, exploration: float = EXPLORATION, remember: bool = True,
                 rollout_turns: int = ROLLOUT_TURNS, root_deals: int = ROOT_DEALS,
                 exact: bool = True, turn_check: bool = True,
                 judgement: Judgement = HAND_SET_JUDGEMENT,
                 playout_weight: float = PLAYOUT_WEIGHT,
                 expected_votes: bool = EXPECTED_VOTES,
                 setup_prior: float = SETUP_PRIOR,
                 down_habits: bool = DOWN_HABITS_ON,
                 setup_counts: Counts | None = None,
                 seat_counts: tuple[Counts, Counts] | None = None,
                 placement: Placement | None = None,
                 blind_opponent: bool = BLIND_OPPONENT,
                 default_budget: Budget = DEFAULT_BUDGET) -> None:
        self.exploration = exploration
        #: The level's own budget (the Ovate's: a fixed number of iterations).
        self.default_budget = default_budget
        #: The opponent's setup habits learned from earlier games against it
        #: (``setup_habits.fit``): its setup orders are weighed by them (None: by
        #: ``setup_prior``'s share of the heuristic's habits, 0 by default: even).
        self.setup_counts = setup_counts
        #: The same per seat of the opponent (Cleopatra's, Caesar's), each learned
        #: from its games in that seat (``setup_habits.fit_by_seat``); before
        #: ``setup_counts`` when given (a variant of bench/ai_variants.py).
        self.seat_counts = seat_counts
        self.down_habits = DOWN_HABITS if down_habits else None
        #: How the opponent chooses the card it puts face down, given its hand
        #: (``placement``): stories are weighed by it (None: every choice alike).
        self.placement = placement
        self.blind_opponent = blind_opponent
        self.setup_prior = setup_prior
        self.remember = remember
        self.exact = exact  # False: deals from the view and the log's memory alone
        self.turn_check = turn_check  # False: no check of the rest of the turn first
        self.judgement = judgement
        self.playout_weight = playout_weight
        self.expected_votes = expected_votes
        self.rollout_turns = rollout_turns
        self.root_deals = root_deals

    def observe_game(self, view: View, history: list[Event]) -> Any:
        """The opponent's bonus card and the setup orders the log allows, from a
        finished game's end (``setup_habits.observe``)."""
        seen = setup_habits.observe(view, history)
        if seen is None:
            return None
        bonus, orders, seat = seen
        return [bonus, [list(order) for order in orders]] + ([] if seat is None else [SEATS[seat]])

    def learn(self, observations: list[Any]) -> None:
        """The opponent's setup habits, fitted to earlier games against it in either
        seat: their setup orders are weighed by them (few games: near even chances).
        Habits per seat (``seat_counts``, ``setup_habits.fit_by_seat``) did no better
        against the heuristic, whose setups differ by seat (docs/ai.md, 2026-12-07)."""
        # an observation of another shape is skipped, not fatal
        seen = [item for item in map(setup_habits.checked, observations) if item is not None]
        self.setup_counts = setup_habits.fit(seen) if seen else None

    def _habits(self, view: View) -> Counts | None:
        """The opponent's learned setup habits in the seat it plays in ``view``'s game."""
        seat = SEAT_INDEX.get(view.get("viewer") or "")
        if self.seat_counts is None or seat is None:
            return self.setup_counts
        return self.seat_counts[1 - seat]

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget, history: list[Event] | None = None) -> Move:
        cpu = budget.cpu_seconds
        deadline = Deadline(None if cpu is None else cpu * (1 - TEARDOWN_SHARE))
        observation = Observation(view, history if self.remember else None, self.exact,
                                  self.setup_prior, self.down_habits, self._habits(view),
                                  self.placement)
        pairs = [(move, move_to_action(move)) for move in legal_moves]
        actions = [action for _move, action in pairs]
        check = (check_turn(observation, actions, rng, deadline=deadline) if self.turn_check
                 else TurnCheck.nothing(len(actions)))
        if check.winning is not None:
            return dict(next(move for move, action in pairs if action == check.winning))
        iterations = budget.iterations
        if iterations is None and budget.cpu_seconds is None:
            iterations = UNTIMED_ITERATIONS
        # The tree holds no reference cycles; the cyclic collector would only
        # stop the search now and then to walk its thousands of nodes. The
        # tree is freed before the collector is back on (freeing it takes
        # about a percent of the budget, which the search leaves for it).
        collecting = gc.isenabled()
        gc.disable()
        try:
            children = search(observation, rng, iterations, deadline, self.exploration,
                              self.rollout_turns, check.allowed, self.root_deals,
                              self.judgement, self.playout_weight, self.expected_votes,
                              self.blind_opponent)
            stats = {
                action: (node.visits, node.reward / node.visits if node.visits else node.prior)
                for action, node in children.items()
            }
            del children
            # The most visited move is the most robust choice; its mean breaks ties.
            if check.allowed is not None:
                pairs = [pair for pair in pairs if pair[1] in check.allowed]
            choice = dict(max(pairs, key=lambda pair: stats.get(pair[1], (0, 0.0)))[0])
        finally:
            if collecting:
                gc.enable()
        return choice
