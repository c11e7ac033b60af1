"""The rest of the turn, before any search: a win that is certain, a loss that is.

The game ends only at the end of an active turn (the vote that wins the last
patrician) or when neither player has an influence card left. So whether a
move wins or loses *at once* is decided by the end of the mover's turn: the
strong level plays each of its moves on deals of what it cannot see and
searches the rest of the turn in each (its own later decisions chosen at
best, the opponent's Veto answers at worst, the vote cards as the deal has
them):

- a move that wins the game by the turn's end in every deal is played at once;
- a move that loses it by the turn's end in every deal is left out of the
  search whenever another move does not (passing always avoids the vote).

Most positions skip the check: the turn holds an extraordinary vote at each
group that reaches 8 cards, else one vote, so the game can end only when the
patricians left are no more than the groups within two cards of 8 (at least
one), or when the opponent has no influence card left.

Certainty: every deal fits everything the seat observed (``knowledge``), so
a move that wins (or loses) in every deal that fits wins (or loses) in every
sampled deal and is always found. The deals the seat cannot tell apart are
far too many to enumerate (the vote deck's order alone), so the check runs
on 8 deals, and when a move wins or loses in all of them on 56 more (64 in
all): a move that wins in only a share p of the deals that fit passes for
certain with a chance of at most p**64 (0.1 % when p is 90 %). The search
of the rest of a turn stops after ``NODES`` positions; a move whose search
stopped counts as neither (so a win hidden that deep may be missed), and
the check as a whole stops at the bot's CPU deadline (it then tells nothing:
at the default 0.25 s it took 0.19 s at most, over 730 decisions).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from games.rules.caesar_cleopatra.constants import DRAW, EXTRAORDINARY, IS_INFLUENCE, N_GROUPS, OVER
from games.rules.caesar_cleopatra.legality import legal_actions
from games.rules.caesar_cleopatra.moves import A_DRAW, Action
from games.rules.caesar_cleopatra.state import State
from games.rules.caesar_cleopatra.turn import play

from ..base import Deadline
from .determinize import Observation

DEALS = 8
CONFIRM_DEALS = 56  # more deals when a move looks certain (64 in all)
NODES = 4000  # positions searched for one move in one deal, at most
LOSS, OPEN, WIN = 0, 1, 2
UNKNOWN = -1  # the search stopped
#: What the end of the turn (or of the game) is worth to the seat searched for:
#: ``LOSS``, ``OPEN`` or ``WIN``. Without one, the game's result (``OPEN`` when
#: the game goes on); the puzzles judge other goals (a patrician won) alike.
Judge = Callable[[State], int]


class _TooBig(Exception):
    pass


@dataclass
class TurnCheck:
    winning: Action | None  # a move that wins by the turn's end in every deal
    allowed: set[Action] | None  # the moves worth searching (None: all)
    win_share: list[float]
    loss_share: list[float]
    deals: int = 0  # how many deals the shares count (0: the game cannot end this turn)

    @classmethod
    def nothing(cls, moves: int) -> TurnCheck:
        """A check that tells nothing about any of ``moves`` moves."""
        return cls(None, None, [0.0] * moves, [0.0] * moves)


def can_end_this_turn(state: State) -> bool:
    """Could the game end by the end of the turn in progress?"""
    if state.phase == OVER or state.current is None:
        return False
    left = sum(state.patricians)
    near = sum(1 for group in range(N_GROUPS)
               if state.patricians[group] and state.group_count(group) >= EXTRAORDINARY - 2)
    if left <= max(near, 1):
        return True
    opponent = 1 - state.current
    # The opponent's pile size is public: with cards in it, it has influence.
    return not state.influence[opponent] and (
        len(state.influence[state.current])
        + sum(1 for card in state.hand[state.current] if IS_INFLUENCE[card])) <= 3


def turn_outcome(state: State, seat: int, turn: int, nodes: list[int],
                 judge: Judge | None = None) -> int:
    """``WIN``, ``OPEN`` or ``LOSS`` for ``seat`` by the end of ``turn``, the
    mover's decisions at best and the opponent's at worst (``judge`` says what
    the end of the turn is worth, the game's result by default)."""
    if judge is not None and (state.phase == OVER or state.turn != turn):
        return judge(state)
    if state.phase == OVER:
        winner = state.winner
        return OPEN if winner == DRAW else WIN if winner == seat else LOSS
    if state.turn != turn:
        return OPEN
    nodes[0] += 1
    if nodes[0] > NODES:
        raise _TooBig
    mover = state.to_move
    assert mover is not None  # a game on has a player to move
    mine = mover == seat
    best = LOSS if mine else WIN
    for action in turn_actions(state):
        child = state.copy()
        play(child, action)
        value = turn_outcome(child, seat, turn, nodes, judge)
        if mine and value > best:
            best = value
            if best == WIN:
                break
        elif not mine and value < best:
            best = value
            if best == LOSS:
                break
    return best


def turn_actions(state: State) -> list[Action]:
    """The actions that can make a difference by the end of the turn: all legal
    ones, but one refill when the drawing player's influence pile holds cards."""
    actions = legal_actions(state)
    mover = state.to_move
    if actions and actions[0][0] == A_DRAW and mover is not None and state.influence[mover]:
        # A refill decides nothing about the vote after it; only a player
        # whose influence pile is empty could end the game by what it draws.
        return actions[:1]
    return actions


def move_outcome(state: State, action: Action, seat: int, judge: Judge | None = None) -> int:
    """What ``action`` leads to by the turn's end in ``state`` (``UNKNOWN``:
    the search stopped)."""
    child = state.copy()
    play(child, action)
    try:
        return turn_outcome(child, seat, state.turn, [0], judge)
    except _TooBig:
        return UNKNOWN


def check_turn(observation: Observation, actions: list[Action], rng: random.Random,
               deals: int = DEALS, confirm: int = CONFIRM_DEALS,
               deadline: Deadline | None = None) -> TurnCheck:
    """Each move's share of deals in which it wins by the turn's end, and in
    which it loses by then. A check the ``deadline`` cuts short tells nothing
    (the bot's CPU cap comes first)."""
    nothing = TurnCheck.nothing(len(actions))
    first = observation.sample(rng)
    if not can_end_this_turn(first):
        return nothing
    wins = [0] * len(actions)
    losses = [0] * len(actions)
    try:
        _count(observation, actions, rng, deals, wins, losses, first, 0, deadline)
        total = deals
        if confirm and (deals in wins or (deals in losses and min(losses) < deals)):
            _count(observation, actions, rng, confirm, wins, losses, None, deals, deadline)
            total += confirm
    except _TooBig:
        return nothing
    win_share = [count / total for count in wins]
    loss_share = [count / total for count in losses]
    winning = next((actions[i] for i, share in enumerate(win_share) if share == 1.0), None)
    least = min(loss_share)
    allowed = {action for action, share in zip(actions, loss_share)
               if not (share == 1.0 and least < 1.0)}
    return TurnCheck(winning, allowed if len(allowed) < len(actions) else None,
                     win_share, loss_share, total)


def _count(observation: Observation, actions: list[Action], rng: random.Random, deals: int,
           wins: list[int], losses: list[int], first: State | None, done: int = 0,
           deadline: Deadline | None = None) -> None:
    """Add each move's wins and losses over ``deals`` more deals. Only the
    moves that won (or lost) in every deal so far are played on the later
    deals: the others can be certain of nothing any more (their counts stop)."""
    seat = observation.seat
    for deal in range(deals):
        state = first if deal == 0 and first is not None else observation.sample(rng)
        open_moves = [index for index in range(len(actions))
                      if wins[index] == done or losses[index] == done]
        if not open_moves:
            return
        for index in open_moves:
            if deadline is not None and deadline.passed():
                raise _TooBig
            outcome = move_outcome(state, actions[index], seat)
            wins[index] += outcome == WIN
            losses[index] += outcome == LOSS
        done += 1
