"""Kasteel puzzle claims checked against the engine itself: planted positions, and every
throw of the dice played by the engine's own turn (``turns.play``, its dice scripted).

The finder walks the turn on the board of the mover's view with its own small tree;
this module checks that tree's verdicts the long way: the engine plays the move on a
full state (the hidden cards dealt), every throw of every roll is scripted in turn,
each doubles decision tried both ways, and the goal is judged from the engine's state
after the turn has ended (the next deal, the length limit and all).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations_with_replacement

import pytest

from games.ai.kasteel.puzzles import AGAIN
from games.rules import get_rules
from games.rules.kasteel import turns
from games.rules.kasteel.constants import CASTLE, HOME, OVER, PIECES
from games.rules.kasteel.moves import DICE, MOVE, ONE, TOTAL
from games.rules.kasteel.state import State

RULES = get_rules("kasteel")
#: Every throw of two dice, as the walk sees it (a total, or doubles of one value).
THROWS = tuple(combinations_with_replacement(range(1, 7), 2))


def planted(seats: list[dict], hands: dict[int, list[str]], *, to_move: int = 0,
            turn: int = 20, pending: dict | None = None, limit: int | None = None,
            deal: int = 1, cycle: int = 1, teams: bool = False,
            discarded: tuple[str, ...] = ()) -> State:
    """A valid state of ``len(seats)`` players in play: each seat ``{"home": [...],
    "track": {rank: [square, place]}, "castle": {rank: place}}`` (home order K D C B
    P S X), the named hands, the other cards in the deck (as many as the deal leaves
    there) and the discard pile (``discarded`` first)."""
    n = len(seats)
    deck_size = {1: 8 * n, 2: 4 * n, 3: 0}[deal]
    held = {card for cards in hands.values() for card in cards} | set(discarded)
    rest = [f"{kind}/{colour}" for colour in range(n) for kind in "KDCBPSXJF1234"
            if f"{kind}/{colour}" not in held]
    data = {
        "game": "kasteel", "players": n, "teams": teams, "phase": "play", "to_move": to_move,
        "pending": pending, "roll": None, "turn": turn, "first_round": turn < n,
        "dealer": (to_move - 1) % n, "deal": deal, "cycle": cycle, "limit": limit,
        "deck": rest[:deck_size], "discard": [*discarded, *rest[deck_size:]], "finished": [],
        "winners": [], "scores": None,
        "seats": [{"hand": hands.get(seat, []), "order": list("KDCBPSX"),
                   "home": entry.get("home", []), "track": entry.get("track", {}),
                   "castle": entry.get("castle", {})} for seat, entry in enumerate(seats)],
    }
    return RULES.from_json(data)


def other_deal(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the cards ``seat`` cannot see dealt anew (the other hands keep
    their sizes, the deck its size) and another seed for the dice."""
    other = state.copy()
    pool = [card for index, hand in enumerate(state.hands) if index != seat for card in hand]
    pool += state.deck
    rng.shuffle(pool)
    for index, hand in enumerate(state.hands):
        if index != seat:
            other.hands[index], pool = pool[:len(hand)], pool[len(hand):]
    other.deck = pool
    other.seed = rng.getrandbits(62)
    return other


def home_but(*ranks: str) -> list[str]:
    """A home row of every rank but ``ranks``."""
    return [rank for rank in "KDCBPSX" if rank not in ranks]


@contextmanager
def scripted_dice() -> Iterator[list[tuple[int, int]]]:
    """The engine's dice taken from a list (the first throw first)."""
    script: list[tuple[int, int]] = []
    with pytest.MonkeyPatch.context() as patch:
        def roll(state: State) -> tuple[int, int]:
            state.turn_rolls += 1
            return script.pop(0)

        patch.setattr(turns, "roll_dice", roll)
        yield script


def goal_reached(start: State, end: State, seat: int, goal: str) -> bool:
    """The puzzle goals, judged from the start of the turn and the engine's state after it."""
    friends = {seat, start.partner(seat)} - {-1}
    if goal == "win":
        return end.phase == OVER and bool(end.winners) and set(end.winners) <= friends
    if goal == "castle":
        return sum(end.done[s] for s in friends) > sum(start.done[s] for s in friends)
    sent = [p for p in range(PIECES * start.n)
            if 0 <= start.loc[p] < CASTLE and end.loc[p] == HOME]
    return bool(sent) and all(p // PIECES not in friends for p in sent)


def forced(state: State, action: tuple, seat: int, goal: str,
           script: list[tuple[int, int]], start: State | None = None, again: int = 0) -> bool:
    """Whether the mover makes ``goal`` certain with ``action`` on the full ``state``,
    every throw tried by the engine and each doubles decided at best (one die and a new
    roll at most ``AGAIN`` times in a row, as the finder)."""
    start = start or state
    rolls = action[0] == MOVE and action[3] < 0 or action[0] == DICE and action[1] == ONE
    for throw in THROWS if rolls else [None]:
        child = state.copy()
        script[:] = [throw] if throw else []
        RULES.play(child, action)
        rolled = not script
        if child.phase != OVER and child.pending is not None and child.to_move == seat:
            ok = forced(child, (DICE, TOTAL, 0, 0), seat, goal, script, start, again) or (
                again < AGAIN and forced(child, (DICE, ONE, 0, 0), seat, goal, script,
                                         start, again + 1))
        else:
            ok = goal_reached(start, child, seat, goal)
        if not ok:
            return False
        if not rolled:  # the walk ended the turn before the new roll: one outcome only
            break
    return True
