"""Puzzles: a decision where one move alone makes a goal certain by the end of the
mover's turn, whatever the dice and whatever the cards the mover cannot see.

A turn is one card and the walks it makes: a number card walks its value, a roll
walks the dice, and doubles let the mover walk the total or one die and roll again.
What the turn does depends on the board (public), the mover's own hand and the
dice; the other hands, the deck's order and the seed only decide what comes after
it (who moves next, what is dealt) and the dice, which are judged at their worst
anyway. So a claim is checked twice:

- **exactly over the dice**, on the board of the mover's view and nothing else
  (``observe.state_from_view``: no hidden card at all): every throw of every roll
  of the turn (the nine totals two different dice show, and the six doubles), the
  mover choosing at each doubles between the total and one die with the throws
  after it (at most ``AGAIN`` times in a row; deeper, nothing is claimed either
  way);
- **again on ``DEALS`` deals** of the hidden cards that fit the view
  (``search.sample_world``: the other hands of their public sizes, the deck, a
  seed for the dice), the solution played by the engine itself and each doubles
  decided by the plan: every deal must reach the goal.

Goals, from the best down: ``win`` (the game is over by the end of the turn and
the mover's side alone won it: its last piece on its target, or the last card at
the length limit), ``castle`` (one more piece of the mover's side on its castle
target), ``capture`` (a foe's piece sent home, and none of the mover's side). A
claim: exactly one legal move makes the first goal any move makes certain, and
every other move is shown not to (a throw after which it fails whatever the mover
chooses). Where two moves make it certain, or a move can be told neither way, there
is no claim, and no lower goal is tried (its one move would not be the best).
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import SECRET_KEY
from games.rules.kasteel.constants import CARDS_PER_SEAT, CASTLE, HOME, NUMBER_VALUE, OVER, PIECES
from games.rules.kasteel.moves import DICE, MOVE, ONE, TOTAL, Action, move_to_action
from games.rules.kasteel.scoring import result
from games.rules.kasteel.state import State
from games.rules.kasteel.turns import play
from games.rules.kasteel.walking import walk

from ..puzzles import Event, Found, agreed, movers_turn
from .heuristic import public_sizes
from .observe import state_from_view
from .search import sample_world, unseen_cards

DEALS = 200
WIN, CASTLE_GOAL, CAPTURE = "win", "castle", "capture"
GOALS = (WIN, CASTLE_GOAL, CAPTURE)
ALL = frozenset(GOALS)
NONE: frozenset[str] = frozenset()
#: The totals two different dice show, the likeliest first (a move that fails on one
#: fails early); doubles are the mover's decision and come after them.
NO_DOUBLES = (7, 6, 8, 5, 9, 4, 10, 3, 11)
#: How many times in a row the mover may walk one die and roll again in a plan.
AGAIN = 3
#: The engine's events an explanation may tell, when every deal shows them alike:
#: never a roll (its dice were not known when the mover decided), a deal or a skip.
TOLD = frozenset({"play", "dice", "enter", "walk", "sent_home", "blocked", "castle", "bounce",
                  "finished", "end"})
#: Parts of an event that depend on the way the dice fell more than on what happened
#: (the step of the walk that sent a piece home, its place in its home row).
UNTOLD_KEYS = frozenset({"step", "home"})
#: The doubles decisions one turn may take in a deal before it is given up (the dice
#: would have to show doubles that many times in a row).
MAX_DECISIONS = 20

Goals = frozenset[str]
Bounds = tuple[Goals, Goals]  # (certain, perhaps certain): a lower and an upper bound


class Turn:
    """The mover's turn on one board: which goals each move makes certain."""

    def __init__(self, board: State, seat: int, sizes: list[int]) -> None:
        self.board = board
        self.seat = seat
        self.friends = frozenset({seat, board.partner(seat)} - {-1})
        self.done = self._done(board)
        self.on_ring = [piece for piece, loc in enumerate(board.loc) if 0 <= loc < CASTLE]
        #: Whether a seat but the mover holds cards (the public hand sizes): if none
        #: does, the mover's last card may end the game at the length limit.
        self.others_hold = any(size for other, size in enumerate(sizes) if other != seat)

    def _done(self, state: State) -> int:
        return sum(state.done[seat] for seat in self.friends)

    def reached(self, state: State, hand_left: int | None) -> Goals:
        """The goals reached by ``state`` at the end of the turn; ``hand_left``: the
        mover's cards then, where the turn's end is still to come (``None``: the
        engine has ended it)."""
        goals = set()
        winners = state.winners
        if state.phase != OVER and hand_left is not None and self._limit_ends(state, hand_left):
            winners = result(state)[0]
        if winners and set(winners) <= self.friends:
            goals.add(WIN)
        if self._done(state) > self.done:
            goals.add(CASTLE_GOAL)
        sent = [piece for piece in self.on_ring if state.loc[piece] == HOME]
        if sent and all(piece // PIECES not in self.friends for piece in sent):
            goals.add(CAPTURE)
        return frozenset(goals)

    def _limit_ends(self, state: State, hand_left: int) -> bool:
        """The rules' end at the length limit: no one holds a card after the last
        deal of the last cycle."""
        return (not hand_left and not self.others_hold and state.deal >= 3
                and state.limit is not None and state.cycle >= state.limit)

    # -- the turn's tree: the mover's choices at best, the dice at worst ----------------
    def bounds(self, state: State, action: Action, wanted: Goals = ALL) -> Bounds:
        """The goals ``action`` makes certain on ``state`` (the mover's decision), and
        those it may make certain beyond the plans' depth: no other goal is certain."""
        kind, card, piece, number = action
        hand = len(state.hands[self.seat])
        if kind == MOVE:
            colour = card // CARDS_PER_SEAT
            left = hand - 1 - (number >= 0)
            if number >= 0:
                return _same(self._walked(state, piece, NUMBER_VALUE[number % CARDS_PER_SEAT],
                                          colour, left) & wanted)
            return self._roll(state, piece, colour, left, wanted, 0)
        if kind == DICE:
            assert state.pending is not None  # a dice decision is pending
            choice = card  # a dice decision's action holds its choice where a move's card is
            piece, card, die = state.pending
            colour = card // CARDS_PER_SEAT
            if choice == TOTAL:
                return _same(self._walked(state, piece, die + die, colour, hand) & wanted)
            return self._one(state, piece, colour, die, hand, wanted, 0)
        return _same(self.reached(state, 0) & wanted)  # a discard (never a puzzle: forced)

    def _walked(self, state: State, piece: int, steps: int, colour: int, left: int) -> Goals:
        child = state.copy()
        walk(child, piece, steps, colour, None)
        return self.reached(child, left)

    def _roll(self, state: State, piece: int, colour: int, left: int, wanted: Goals,
              depth: int) -> Bounds:
        """Two dice rolled for ``piece``: every throw, at worst."""
        sure = maybe = wanted
        for total in NO_DOUBLES:
            got = self._walked(state, piece, total, colour, left)
            sure, maybe = sure & got, maybe & got
            if not maybe:
                return NONE, NONE
        for die in range(1, 7):
            total_goals = self._walked(state, piece, die + die, colour, left) & maybe
            lower, upper = total_goals, total_goals
            rest = maybe - total_goals
            if rest:  # what the total misses, walking one die and rolling again may make
                again = self._one(state, piece, colour, die, left, rest, depth)
                lower, upper = lower | again[0], upper | again[1]
            sure, maybe = sure & lower, maybe & upper
            if not maybe:
                return NONE, NONE
        return sure, maybe

    def _one(self, state: State, piece: int, colour: int, die: int, left: int,
             wanted: Goals, depth: int) -> Bounds:
        """One die walked, then (unless the piece is home or the game over) a new roll."""
        child = state.copy()
        walk(child, piece, die, colour, None)
        if child.phase == OVER or child.on_target(piece):
            return _same(self.reached(child, left) & wanted)
        if depth >= AGAIN:
            return NONE, wanted  # beyond the plans' depth: told neither way
        return self._roll(child, piece, colour, left, wanted, depth + 1)

    # -- the check on deals of the hidden cards ------------------------------------------
    def play_out(self, world: State, action: Action, goal: str) -> list[Event] | None:
        """``action`` played by the engine on one deal (``world``), each doubles by the
        plan (the total when it makes the goal certain, else one die): the turn's
        events as the mover saw them, or ``None`` when the goal was missed."""
        events: list[Event] = []
        turn = world.turn
        play(world, action, events)
        for _ in range(MAX_DECISIONS):
            if world.phase == OVER or world.turn != turn:
                break
            total = (DICE, TOTAL, 0, 0)
            choice = total if goal in self.bounds(world, total, frozenset({goal}))[0] else (
                DICE, ONE, 0, 0)
            play(world, choice, events)
        else:
            return None
        if goal not in self.reached(world, None):
            return None
        return [_public(event) for event in events]


def _same(goals: Goals) -> Bounds:
    return goals, goals


def _public(event: Event) -> Event:
    """An event as every seat sees it, without the parts the dice's way decides."""
    drop = UNTOLD_KEYS if event.get("type") == "sent_home" else frozenset()
    return {key: value for key, value in event.items() if key != SECRET_KEY and key not in drop}


def _told(event: Event) -> bool:
    return event.get("type") in TOLD


def claim(turn: Turn, actions: list[Action]) -> tuple[str, int] | None:
    """The goal and the index of the one action that makes it certain, or ``None``."""
    bounds = [turn.bounds(turn.board, action) for action in actions]
    for goal in GOALS:
        maybe = [index for index, (_sure, upper) in enumerate(bounds) if goal in upper]
        if not maybe:
            continue
        sure = [index for index, (lower, _upper) in enumerate(bounds) if goal in lower]
        if len(maybe) == 1 and sure == maybe:
            return goal, sure[0]
        return None
    return None


def find(view: dict[str, Any], legal: list[dict[str, Any]], history: list[dict[str, Any]],
         rng: random.Random, deals: int = DEALS) -> Found | None:
    """The puzzle at this decision of the mover (``view['viewer']``, whose ``legal``
    moves these are), or ``None``. ``history`` is not needed: the board is public and
    the mover's hand is in the view."""
    if not movers_turn(view) or len(legal) < 2:
        return None
    board = state_from_view(view)
    turn = Turn(board, view["viewer"], public_sizes(view))
    actions = [move_to_action(move, board) for move in legal]
    found = claim(turn, actions)
    if found is None:
        return None
    goal, index = found
    unseen = unseen_cards(board, view)
    lines = []
    for _ in range(deals):
        line = turn.play_out(sample_world(board, view, unseen, rng), actions[index], goal)
        if line is None:
            return None
        lines.append(line)
    return Found(goal, dict(legal[index]), deals, agreed(lines, _told))


__all__ = ["AGAIN", "DEALS", "GOALS", "Turn", "claim", "find"]
