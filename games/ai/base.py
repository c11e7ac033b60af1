"""The contract between the site (or the arena) and a game-playing bot.

A bot sees exactly what a human player in its seat sees: the engine's
``view(state, seat)`` and the list of legal moves, both plain JSON data. It
never receives the full state, so it cannot cheat, and the same call works
for every game behind ``games.rules``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Protocol, cast, runtime_checkable

Move = dict[str, Any]
View = dict[str, Any]
Event = dict[str, Any]


@dataclass(frozen=True)
class Budget:
    """How much a bot may think about one move.

    ``iterations``: a count of the bot's own unit of work (search iterations
    for a tree search, sampled hidden-card deals for the heuristic); ``None``
    for the level's default. ``cpu_seconds``: a cap on the CPU time of the
    calling process (``time.process_time``); ``None`` for the level's
    default. A search stops at whichever comes first. A bot always returns a
    legal move, however small the budget.

    Only an iteration budget makes a bot reproducible: with the same rng seed
    and the same input it chooses the same move. A CPU cap that is reached
    depends on the machine's load.
    """

    iterations: int | None = None
    cpu_seconds: float | None = None

    def resolve(self, default: Budget) -> Budget:
        """This budget with unset fields taken from ``default``."""
        return Budget(
            iterations=self.iterations if self.iterations is not None else default.iterations,
            cpu_seconds=self.cpu_seconds if self.cpu_seconds is not None else default.cpu_seconds,
        )


@runtime_checkable
class Bot(Protocol):
    """A player. ``choose`` returns one of ``legal_moves`` (the same dict
    content; a move in the game's canonical notation).

    ``view`` is the engine's ``view(state, my_seat)``; ``legal_moves`` the
    engine's ``legal_moves(state)`` for the same state; ``rng`` the only
    source of randomness a bot may use (seed it for reproducible play);
    ``budget`` a ``Budget`` or ``None`` for the level's default. ``history``,
    when given, is the match's public log so far as this seat saw it: the
    engine's events of every move in order, redacted for the seat
    (``redact_events``: its own secrets in, everyone else's out). A bot that
    remembers cards reads it; the others ignore it.
    """

    def choose(
        self,
        view: View,
        legal_moves: list[Move],
        rng: random.Random,
        budget: Budget | None = None,
        history: list[Event] | None = None,
    ) -> Move: ...


class _ReadsHistory(Protocol):
    """A ``ThinkingBot`` with ``uses_history``: its ``decide`` takes the log."""

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget, history: list[Event] | None = None) -> Move: ...


START = "start"
"""The type of the record that opens a seat's history: ``{"type": "start",
"view": ...}``, the seat's view of the new game. The setup writes no
events, so what the seat saw then (a tree's first card, its first hand) is
in no event; the site and the arena put this record first."""


def start_record(view: View) -> Event:
    """The record of what a seat saw when the game began (its first view)."""
    return {"type": START, "view": view}


def split_start(history: list[Event] | None) -> tuple[View | None, list[Event]]:
    """The first view a history opens with (``None`` without one), and its events."""
    if not history:
        return None, []
    first = history[0]
    if first.get("type") == START and isinstance(first.get("view"), dict):
        return first["view"], history[1:]
    return None, history


def forced_move(legal_moves: list[Move]) -> Move | None:
    """The move to play without thinking: the only legal one, else ``None``."""
    if not legal_moves:
        raise ValueError("no legal move to choose from: the game is over or it is not our turn")
    return dict(legal_moves[0]) if len(legal_moves) == 1 else None


class ThinkingBot:
    """The common opening of every bot that thinks: a forced move is played at
    once, anything else is left to ``decide`` with the budget resolved against
    the level's ``default_budget``. A level that reads the move log sets
    ``uses_history`` and takes it as ``decide(..., history=...)``. A level that
    learns an opponent's habits from its earlier games against them sets
    ``learns_habits``: the site reads each such finished game with
    ``observe_game`` (from the AI seat's final view and log only) and hands the
    observations to ``learn`` before the decision."""

    default_budget: Budget = Budget()
    uses_history = False
    learns_habits = False

    def observe_game(self, view: View, history: list[Event]) -> Any:
        """What the level keeps of one finished game against the opponent, as JSON
        data (``None``: nothing), read from its seat's final ``view`` and log."""
        return None

    def learn(self, observations: list[Any]) -> None:
        """Take in ``observe_game``'s observations of earlier games against the
        opponent (newest first)."""

    def choose(
        self,
        view: View,
        legal_moves: list[Move],
        rng: random.Random,
        budget: Budget | None = None,
        history: list[Event] | None = None,
    ) -> Move:
        forced = forced_move(legal_moves)
        if forced is not None:
            return forced
        resolved = (budget or Budget()).resolve(self.default_budget)
        if self.uses_history:
            reader = cast(_ReadsHistory, self)  # what uses_history promises
            return reader.decide(view, legal_moves, rng, resolved, history=history)
        return self.decide(view, legal_moves, rng, resolved)

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        raise NotImplementedError


class Deadline:
    """A CPU-time deadline, checked cheaply inside search loops."""

    __slots__ = ("end",)

    def __init__(self, cpu_seconds: float | None) -> None:
        self.end = None if cpu_seconds is None else time.process_time() + cpu_seconds

    def passed(self) -> bool:
        return self.end is not None and time.process_time() >= self.end
