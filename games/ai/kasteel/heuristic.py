"""The ``heuristic`` level of Strijd om het Kasteel: one ply of lookahead.

Every legal move is walked on the board rebuilt from the view
(``observe.state_from_view``) with the engine's own walk (``walking.walk``,
the code ``play`` runs) and the position scored by ``evaluate``:

- a number card walks its value: one walk;
- a move that rolls is averaged over the totals of two dice (2..12 with
  their chances; a doubles counts as its total here: choosing ``one`` later
  can only do better);
- the doubles decision compares ``total`` with ``one``: one die's walk,
  then the average over the next roll (unless the piece stands on its
  target or the game is over).

Walks of the same piece by the same number of steps are scored once (the
card's colour only matters against equal ranks, so it is part of the key);
the cards left in hand add ``hand_value``, judged on the board after a
typical walk of the move (entering a piece makes the next one's card live,
a piece on its target makes its card dead). Home orders are placed highest
rank first (castle values count at a length limit). Ties go to the rng.
"""

from __future__ import annotations

import random

from games.rules.kasteel.constants import (
    CARDS_PER_SEAT,
    CASTLE,
    JOKER,
    NUMBER_VALUE,
    OVER,
    PIECES,
    SHERIFF,
)
from games.rules.kasteel.moves import DICE, MOVE, TOTAL, Action, move_to_action
from games.rules.kasteel.state import State
from games.rules.kasteel.walking import walk

from ..base import Budget, Deadline, Move, ThinkingBot, View
from .counting import hunter_chances
from .evaluate import (
    NEW,
    OLD,
    TOTALS,
    TYPICAL_WALK,
    Weights,
    entry_chance,
    evaluate,
    hand_value,
    next_piece,
    team_of,
)
from .observe import state_from_view

DEFAULT_BUDGET = Budget(iterations=None, cpu_seconds=2.0)
LOST = -1e9  # a move not scored before the CPU cap, or ruled out (``joker_on_next``)
#: (steps, chance) of two dice: every total, as the heuristic decides.
#: (total of two dice, its chance): the walks a roll is averaged over.
Totals = tuple[tuple[int, float], ...]
DICE_TOTALS: Totals = tuple(
    (total, chance) for total, chance in enumerate(TOTALS) if chance
)
#: Three walks standing for the two dice (2-5, 6-8, 9-12): the cheap policy of
#: the other seats in the strong level's play-outs.
COARSE_TOTALS: Totals = ((4, 10 / 36), (7, 16 / 36), (10, 10 / 36))


HIGHEST_FIRST = "KDCBPSX"
#: The strong level's home order: the King first (its 7 points decide a
#: limited game), then the Bandit and the Sheriff, which walk only once they
#: are first of the home row: early, they rob the foes' Kings and catch the
#: Bandits after ours. Measured: docs/ai.md.
HUNTERS_EARLY = "KXSDCBP"


def place(legal_moves: list[Move], order: str) -> Move:
    """The setup move that puts the first piece of ``order`` not yet placed."""
    ranks = {move["piece"].rpartition(":")[2]: move for move in legal_moves}
    return dict(next(ranks[rank] for rank in order if rank in ranks))


def hunter_ready(hand: list[int]) -> bool:
    """Whether the hand can move the seat's Bandit or Sheriff next turn."""
    return any(SHERIFF <= card % CARDS_PER_SEAT <= JOKER for card in hand)


class Walker:
    """Scores walks on one position, each (piece, steps, colour) once."""

    def __init__(self, state: State, seat: int, weights: Weights = NEW,
                 totals: Totals = DICE_TOTALS, sizes: list[int] | None = None) -> None:
        self.state = state
        self.seat = seat
        self.weights = weights
        self.totals = totals
        self.cache: dict[tuple[int, int, bool, bool], float] = {}
        # counted once: a walk changes no hand and no discard pile
        self.chances = hunter_chances(state, seat, sizes) if weights.counting else None

    def after(self, piece: int, steps: int, colour: int, base: State | None = None) -> State:
        """The state after the walk (``base``: another starting state)."""
        child = (base or self.state).copy()
        walk(child, piece, steps, colour, None)
        return child

    def value(self, piece: int, steps: int, colour: int, ready: bool) -> float:
        key = (piece, steps, colour == piece // PIECES, ready)
        found = self.cache.get(key)
        if found is None:
            child = self.after(piece, steps, colour)
            found = self.cache[key] = evaluate(child, self.seat, ready, self.weights, self.chances)
        return found

    def rolled(self, piece: int, colour: int, ready: bool) -> float:
        """The walk's value averaged over two dice."""
        return sum(chance * self.value(piece, total, colour, ready)
                   for total, chance in self.totals)

    def one_die(self, piece: int, die: int, colour: int, ready: bool) -> float:
        """Walk one die, then (unless done) the average over the next roll."""
        child = self.after(piece, die, colour)
        if child.phase == OVER or child.on_target(piece):
            return evaluate(child, self.seat, ready, self.weights, self.chances)
        total = 0.0
        for steps, chance in self.totals:
            grandchild = self.after(piece, steps, colour, child)
            total += chance * evaluate(grandchild, self.seat, ready, self.weights, self.chances)
        return total


class HeuristicBot(ThinkingBot):
    """The best move one ply deep, dice averaged."""

    default_budget = DEFAULT_BUDGET
    weights: Weights = NEW
    home_order: str = HIGHEST_FIRST

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        if legal_moves[0]["type"] == "place":
            return place(legal_moves, self.home_order)
        deadline = Deadline(budget.cpu_seconds)
        state = state_from_view(view)
        seat = view["viewer"]
        scores = score_moves(state, seat, legal_moves, deadline, self.weights,
                             public_sizes(view))
        best = max(scores)
        candidates = [m for m, s in zip(legal_moves, scores) if s >= best - 1e-9]
        return dict(rng.choice(candidates))


def public_sizes(view: View) -> list[int]:
    """Every seat's hand size, as the view shows it."""
    return [info["hand_size"] for info in view["seats"]]


def score_moves(state: State, seat: int, legal_moves: list[Move], deadline: Deadline,
                weights: Weights = NEW, sizes: list[int] | None = None) -> list[float]:
    """Each legal move's value for ``seat`` (the seat to move)."""
    actions = [move_to_action(move, state) for move in legal_moves]
    return score_actions(state, seat, actions, deadline, weights, sizes=sizes)


def score_actions(state: State, seat: int, actions: list[Action], deadline: Deadline,
                  weights: Weights = NEW, totals: Totals = DICE_TOTALS,
                  sizes: list[int] | None = None) -> list[float]:
    """Each legal action's value for ``seat`` (the seat to move): the engine's
    action tuples, as a search walks them; ``LOST`` for those not scored
    before the deadline. ``totals``: the dice walks averaged; ``sizes``: the
    hand sizes where the state's other hands are not dealt (a view's board)."""
    hand = state.hands[seat]
    walker = Walker(state, seat, weights, totals, sizes)
    allowed = (joker_on_next(state, seat, actions, weights.joker_queue, weights.joker_hope)
               if weights.joker_next else None)
    scores = []
    for index, (kind, card, piece, number) in enumerate(actions):
        if deadline.passed() or (allowed is not None and not allowed[index]):
            scores.append(LOST)
            continue
        if kind == DICE:
            pending = state.pending
            assert pending is not None  # a dice decision is pending
            held, die = hunter_ready(hand), pending[2]
            p, c = pending[0], pending[1] // CARDS_PER_SEAT
            if card == TOTAL:
                scores.append(walker.value(p, die + die, c, held))
            else:
                scores.append(walker.one_die(p, die, c, held))
            continue
        if kind != MOVE:  # a discard is forced and never reaches here
            scores.append(0.0)
            continue
        left = [c for c in hand if c != card and c != number]
        held = hunter_ready(left)
        colour = card // CARDS_PER_SEAT
        if number >= 0:
            board = walker.value(piece, NUMBER_VALUE[number % CARDS_PER_SEAT], colour, held)
        else:
            board = walker.rolled(piece, colour, held)
        after = state
        if weights.hand_after:  # a typical walk: which cards it makes live or dead
            steps = NUMBER_VALUE[number % CARDS_PER_SEAT] if number >= 0 else TYPICAL_WALK
            after = walker.after(piece, steps, colour)
        scores.append(board + hand_value(after, seat, left, weights))
    return scores


def joker_on_next(state: State, seat: int, actions: list[Action],
                  queue: bool = False, hope: float = 0.0) -> list[bool] | None:
    """Which actions a limited game leaves when a Joker can walk the next
    piece of the home order standing on the ring: a Joker walks only that
    piece (``None``: no such Joker, every action stays). With ``queue``,
    while that piece waits at home a Joker only enters the first of its home
    row (the piece itself, or one that must be out before it); with
    ``hope``, the rule stands aside once the piece's chance to get into its
    castle by the limit (``evaluate.entry_chance``) is below ``hope``.

    Why: at a table's length limit the castle values decide, and in practice
    only that piece gets in (a 4-seat table at its default limit ends 7 or 0
    for nearly every seat). It walks with its own cards and the Jokers alone,
    and the one-ply evaluation spends the Joker elsewhere more often than not
    (entering a piece, walking a Bandit). A Joker let walk our Bandit (it
    robs the foes' Kings) cost 5 points of win rate; once the piece cannot
    get in, the Jokers do more elsewhere. Measured: docs/ai.md."""
    if state.limit is None:
        return None
    nexts = {next_piece(state, s) for s in team_of(state, seat)}
    walked = {p for p in nexts if 0 <= state.loc[p] < CASTLE}
    if queue:  # a next piece at home: the first of its row enters first
        walked |= {state.home[p // PIECES][0] for p in nexts if p >= 0 and state.loc[p] < 0}
    jokers = [a[0] == MOVE and a[1] % CARDS_PER_SEAT == JOKER for a in actions]
    if not any(j and a[2] in walked for j, a in zip(jokers, actions)):
        return None
    if hope and entry_chance(state, seat) < hope:  # after the cheap checks: most turns stop there
        return None
    return [not j or a[2] in walked for j, a in zip(jokers, actions)]


class OldHeuristicBot(HeuristicBot):
    """The evaluation before the homing terms (arena only: a yardstick)."""

    weights = OLD
