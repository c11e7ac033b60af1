"""The parts of a tutorial's script: its steps, how a move is chosen, the
sentences a lesson takes from the engine's events (games.learning.tutorial
replays the scripts and serves their lessons)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core import catalog

Move = dict[str, Any]
Events = list[dict[str, Any]]
Chooser = Callable[[list[Move]], Move]
Lesson = Callable[[Move, Events], str]


@dataclass(frozen=True)
class Step:
    """One move of the script: how it is chosen and, for the player's moves, its lesson."""

    choose: Chooser
    lesson: Lesson | None = None
    #: The lesson first tells what happened since the player's last step (a vote
    #: after the AI's move), from the engine's events.
    recap: bool = False


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    seat: str  # the player's seat
    steps: tuple[Step, ...]
    options: tuple[tuple[str, Any], ...] = ()  # the rules' new_game options

    @property
    def new_game(self) -> dict[str, Any]:
        return dict(self.options)


@dataclass(frozen=True)
class Scripted:
    """A move of the replayed script: who makes it, the move, its events as the
    tutorial's player sees them."""

    seat: str
    move: Move
    events: Events


def first(*predicates: Callable[[Move], bool]) -> Chooser:
    """The first legal move fitting the first predicate that any move fits."""
    def choose(moves: list[Move]) -> Move:
        for predicate in predicates:
            for move in moves:
                if predicate(move):
                    return move
        return moves[0]
    return choose


def sentences(game: str, events: Events, skip: tuple[str, ...] = ()) -> list[str]:
    info = catalog.get(game)
    return [text for event in events if event.get("type") not in skip
            and (text := info.event_sentence(event))]


def exactly(move: Move) -> Chooser:
    """This move, chosen beforehand (as the engine's best at a generous budget, or as
    the engine's shortest way to a lesson; the claim tests check it still fits)."""
    return first(lambda m: m == move)
