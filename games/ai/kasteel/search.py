"""The ``strong`` level of Strijd om het Kasteel: the heuristic's best few
moves played out over sampled worlds until the seat's next turn.

Why this shape: what decides these games is the foes' Bandit walks that
send pieces home, and a one-ply evaluation can only guess at them (a fixed
chance that a foe Bandit walks). Here the foes really move:

1. **Candidates**: every legal move is scored by the heuristic
   (``heuristic.score_actions``, one ply, dice averaged); the best few stay.
2. **Worlds** (determinization): the board is the view's; the cards the seat
   cannot see (all cards but its hand and the public discard pile) are
   shuffled into the other hands (their sizes are public) and the deck, and
   a fresh seed decides every die. Nothing hidden is read: two states that
   differ only in hidden cards, the seed or other hands give the same input
   and the same worlds.
3. **Play-out**: in each world every candidate is played, then each seat
   that moves until the seat's own next turn (at most ``max_plies`` moves)
   plays the heuristic's move for its own sampled hand: its Bandits and
   Sheriffs walk when its cards allow it, as they would. The same world (the
   same hands, the same dice) serves every candidate, so their difference is
   the move's and not the luck's.
4. **Leaf**: the seat's own next turn, worth its best move there (the
   heuristic's score of each legal move, dice averaged: ``leaf_move``), as
   the seat will move before any foe; the evaluation inside it is the
   heuristic's (its static exposure covers the seats beyond the horizon,
   the foes' Bandits and Sheriffs walking by the cards still out:
   ``counting.hunter_chances``) plus the hand's worth, and in a limited
   game the race to the limit (``evaluate.RACE``): the castle values each
   seat can expect when the cards run out, ours against the foes'. The
   same evaluation ranks the candidates.
5. **Choice**: the move with the best mean over the worlds, but the
   heuristic's first choice unless the best beats it by ``SIGNIFICANCE``
   standard errors of their paired difference (``pick``): with a few worlds,
   noise alone would often pick a worse move.
6. **The end of a limited game**: in the last deal of the last cycle the
   game ends when the cards in hand are spent, and castle values alone
   decide it; there every play-out goes on to the end (all seats, the seat
   itself too, play the heuristic) and is worth the seat's share of the win
   (a loss -``WIN``): the search plays for the win itself (rob the leader's
   piece short of its castle, put a piece on a castle place in time, keep a
   piece in the castle from walking back out).

7. **Focus in a limited game** (as measured, only the first piece of the
   home order gets into a castle by the limit): a Joker walks that piece
   when it stands on the ring and enters the first of its home row while
   it waits at home, as long as it can still get in by the limit
   (``heuristic.joker_on_next``, in the candidates and in the play-outs),
   and the home order is King, Bandit,
   Sheriff, then the rest (``HUNTERS_EARLY``), where the limit leaves time
   for the first piece alone (``only_the_first_gets_in``: a 4-seat table's
   9 cycles): a piece walks only once it is first of its home row, so the
   Bandit and Sheriff come out early to rob the foes' Kings and catch the
   Bandits after ours. Where more pieces can get in (a 2-seat table's 18
   cycles) they score by rank, and without a limit the castle order counts:
   there the highest rank first, as the heuristic.

The budget: ``iterations`` counts worlds (``WORLDS`` by default,
``ENDGAME_WORLDS`` times as many in the last deal; reproducible with a
seeded rng); the CPU cap is checked inside the play-outs and by the heuristic at every
move it scores, and a world not finished for every candidate is dropped.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass

from games.rules.kasteel.constants import (
    CARDS_PER_SEAT,
    DEAL_SIZES,
    OVER,
    PIECES,
    SQUARES_PER_SEAT,
)
from games.rules.kasteel.moves import Action, legal_actions, move_to_action
from games.rules.kasteel.state import State
from games.rules.kasteel.turns import play

from ..base import Budget, Deadline, Move, ThinkingBot, View
from .counting import hunter_chances
from .evaluate import (
    NEW,
    RACE,
    WIN,
    Weights,
    evaluate,
    hand_value,
    walk_steps,
)
from .heuristic import (
    COARSE_TOTALS,
    HIGHEST_FIRST,
    HUNTERS_EARLY,
    LOST,
    Totals,
    hunter_ready,
    place,
    public_sizes,
    score_actions,
)
from .observe import state_from_view

#: Eight worlds a decision (32 in the last deal), as measured in the arena,
#: and a CPU cap well inside 2 s at 12 seats (a 12-seat play-out is some
#: 0.1 s). An operator's ``AI_CPU_SECONDS`` replaces it with worlds until
#: that CPU is spent.
WORLDS = 8
DEFAULT_BUDGET = Budget(iterations=WORLDS, cpu_seconds=1.0)
CANDIDATES = 4  # the heuristic's best moves that are played out
ENDGAME_CANDIDATES = 6  # in the last deal, where a move can decide the game
#: With an iteration budget, the last deal plays this many times the worlds
#: (its few decisions decide the game, and a win share varies more).
ENDGAME_WORLDS = 4
MAX_PLIES = 6  # the other seats' moves played out before the leaf
LAST_DEAL = len(DEAL_SIZES) - 1  # the third deal of a cycle (5, 4 and 4 cards)
MARGIN = 0.003  # CPU seconds kept back for choosing and returning
SIGNIFICANCE = 1.5


def only_the_first_gets_in(players: int, limit: int | None) -> bool:
    """Whether a length limit leaves a seat time to bring only the first piece
    of its home order into the castle, even if no Bandit robbed it: a piece
    walks with its own cards and the Jokers (2 of every 13 cards a seat is
    dealt, 13 a cycle), some 7 squares a walk, and needs a lap of the ring
    and its castle places. A 4-seat table's 9 cycles: 1.6 pieces; a 2-seat
    table's 18: 5.9 (measured: docs/ai.md)."""
    if limit is None:
        return False
    return walk_steps(CARDS_PER_SEAT * limit) / (SQUARES_PER_SEAT * players + PIECES) < 2


class StrongBot(ThinkingBot):
    """The heuristic's best moves played out until the next turn, over sampled
    hidden cards and dice."""

    default_budget = DEFAULT_BUDGET
    weights: Weights = RACE
    #: the home order where only the first piece can get in by the limit
    home_order: str = HUNTERS_EARLY
    candidates = CANDIDATES
    endgame_candidates = ENDGAME_CANDIDATES
    max_plies = MAX_PLIES
    policy_totals: Totals = COARSE_TOTALS  # the other seats' dice in the play-outs
    #: another move than the heuristic's best is played only when its paired
    #: advantage over the worlds is this many standard errors (noise guard)
    significance: float = SIGNIFICANCE
    #: whether the play-outs run before the last deal of a limited game (to
    #: the seat's next turn) and in it (to the end); where not, the
    #: heuristic's first choice is played (variants measured in bench/)
    next_turn_search: bool = True
    endgame_search: bool = True
    #: the leaf at the seat's next turn is worth its best move there (the
    #: heuristic's score, with the policy's dice), not the static evaluation
    #: of a position whose foes would move next
    leaf_move: bool = True
    #: the other seats' evaluation in the play-outs (``None``: our own)
    foe_weights: Weights | None = None
    #: the seat's own turns a play-out reaches before its leaf
    horizon: int = 1

    def playout(self) -> Playout:
        return Playout(self.max_plies, self.weights, self.policy_totals, self.leaf_move,
                       self.foe_weights or self.weights, self.horizon)

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        if legal_moves[0]["type"] == "place":
            tight = only_the_first_gets_in(view["players"], view.get("limit"))
            return place(legal_moves, self.home_order if tight else HIGHEST_FIRST)
        cap = budget.cpu_seconds
        deadline = Deadline(None if cap is None else max(0.0, cap - MARGIN))
        state = state_from_view(view)
        seat = view["viewer"]
        actions = [move_to_action(move, state) for move in legal_moves]
        prior = score_actions(state, seat, actions, deadline, self.weights,
                              sizes=public_sizes(view))
        ranked = sorted(range(len(actions)), key=lambda i: (-prior[i], rng.random()))
        endgame = last_deal(state)
        width = self.endgame_candidates if endgame else self.candidates
        chosen = [i for i in ranked[:width] if prior[i] > LOST]
        searching = self.endgame_search if endgame else self.next_turn_search
        if len(chosen) < 2 or not searching:
            return dict(legal_moves[ranked[0]])
        worlds = budget.iterations
        if worlds is not None and endgame:
            worlds *= ENDGAME_WORLDS
        values = play_out(
            state, view, seat, [actions[i] for i in chosen], rng, worlds, deadline,
            self.playout(),
        )
        if values is None:  # not one world in the budget: the heuristic's choice
            return dict(legal_moves[chosen[0]])
        return dict(legal_moves[chosen[pick(values, self.significance)]])


def pick(values: list[list[float]], significance: float) -> int:
    """The candidate to play, given each candidate's value in every world
    (the same worlds for all): the best mean, but the heuristic's first
    choice (index 0) unless the best beats it by ``significance`` standard
    errors of their paired difference (with few worlds, noise alone would
    pick a worse move)."""
    worlds = len(values[0])
    means = [sum(v) / worlds for v in values]
    best = max(range(len(values)), key=lambda k: (means[k], -k))
    if best == 0 or significance <= 0:
        return best
    if worlds < 2:
        return 0
    diffs = [b - a for a, b in zip(values[0], values[best])]
    mean, spread = statistics.fmean(diffs), statistics.stdev(diffs)
    if spread <= 0:
        return best if mean > 0 else 0
    return best if mean / (spread / math.sqrt(worlds)) >= significance else 0


@dataclass(frozen=True)
class Playout:
    """How a play-out plays: ``max_plies`` other seats' moves at most
    between two of the seat's turns, the seat's ``weights`` at the leaf, the
    dice ``totals`` the movers average, whether the leaf is worth the seat's
    best move (``leaf_move``), the other seats' evaluation
    (``foe_weights``), and how many of the seat's own turns the play-out
    reaches (``turns``)."""

    max_plies: int = MAX_PLIES
    weights: Weights = NEW
    totals: Totals = COARSE_TOTALS
    leaf_move: bool = False
    foe_weights: Weights = NEW
    #: the seat's own turns a play-out reaches: at the last the leaf, at
    #: those before it the seat plays the heuristic's move like the others
    turns: int = 1


def play_out(
    state: State,
    view: View,
    seat: int,
    candidates: list[Action],
    rng: random.Random,
    worlds: int | None,
    deadline: Deadline,
    policy: Playout = Playout(),
) -> list[list[float]] | None:
    """Each candidate's value in every world played, the same worlds for
    all (``None``: not one world)."""
    unseen = unseen_cards(state, view)
    columns: list[list[float]] = [[] for _ in candidates]
    played = 0
    while (worlds is None or played < worlds) and not deadline.passed():
        world = sample_world(state, view, unseen, rng)
        values = []
        for action in candidates:
            value = play_one(world, action, seat, deadline, policy)
            if value is None:
                break
            values.append(value)
        if len(values) < len(candidates):
            break
        for column, value in zip(columns, values):
            column.append(value)
        played += 1
    if not played:
        return None
    return columns


def unseen_cards(state: State, view: View) -> list[int]:
    """The cards the seat cannot see: neither in its hand nor discarded (the
    view's discard pile, which ``state_from_view`` put on the board)."""
    seen = set(state.hands[view["viewer"]]) | set(state.discard)
    return [card for card in range(CARDS_PER_SEAT * state.n) if card not in seen]


def sample_world(state: State, view: View, unseen: list[int], rng: random.Random) -> State:
    """The board with the unseen cards dealt at random into the other hands
    (their public sizes) and the deck, and a fresh seed for the dice."""
    world = state.copy()
    pool = unseen[:]
    rng.shuffle(pool)
    for other, info in enumerate(view["seats"]):
        if other != view["viewer"]:
            size = info["hand_size"]
            world.hands[other], pool = pool[:size], pool[size:]
    world.deck = pool
    world.seed = rng.getrandbits(62)
    world.turn_rolls = 0
    return world


def play_one(world: State, action: Action, seat: int, deadline: Deadline,
             policy: Playout = Playout()) -> float | None:
    """The candidate's value in one world: played, then the heuristic for
    every seat that moves before the seat's next turn (``None``: out of time)."""
    state = world.copy()
    to_the_end = last_deal(state)
    play(state, action)
    plies, turns = 0, 0
    weights, totals = policy.weights, policy.totals
    while state.phase != OVER and (to_the_end or plies < policy.max_plies):
        mover = state.to_move
        assert mover is not None  # the loop stops when the game is over
        if mover == seat and state.pending is None and not to_the_end:
            turns += 1
            if turns >= policy.turns:
                break
            plies = -1  # the seat's own move does not count against the others'
        actions = legal_actions(state)
        if len(actions) > 1:
            judge = weights if mover == seat else policy.foe_weights
            scores = score_actions(state, mover, actions, deadline, judge, totals)
            if deadline.passed():
                return None
            best = max(scores)
            action = actions[scores.index(best)]
        else:
            action = actions[0]
        play(state, action)
        plies += 1
    if state.phase == OVER:
        return win_share(state, seat)
    if policy.leaf_move and state.to_move == seat and state.pending is None:
        actions = legal_actions(state)
        if len(actions) > 1:
            scores = score_actions(state, seat, actions, deadline, weights, totals)
            return None if deadline.passed() else max(scores)
    hand = state.hands[seat]
    chances = hunter_chances(state, seat) if weights.counting else None
    return evaluate(state, seat, hunter_ready(hand), weights, chances) + hand_value(
        state, seat, hand, weights
    )


def last_deal(state: State) -> bool:
    """Whether the game ends with the cards now in hand (the last deal of
    the last cycle a length limit allows): then a play-out goes to the end."""
    return state.limit is not None and state.cycle >= state.limit and state.deal >= LAST_DEAL


def win_share(state: State, seat: int) -> float:
    """A finished game's worth: the seat's share of a (shared) win, a loss -WIN."""
    if seat not in state.winners:
        return -WIN
    teams = len(state.winners) // 2 if state.teams else len(state.winners)
    return WIN / max(1, teams)
