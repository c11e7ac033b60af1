"""What every game's puzzle finder shares (``games/ai/<game>/puzzles.py``).

A finder looks at one decision of a finished game with exactly what its mover had
and claims a puzzle only when one legal move alone reaches a goal for certain,
whatever the mover could not see. Each game decides what certain means for it (the
deals of the hidden cards, a turn's later decisions, the dice); what they share is
the claim they return, which decisions they look at, and how an explanation keeps
only the events that every deal (or every line of play) shows alike.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Event = dict[str, Any]


@dataclass(frozen=True)
class Found:
    """A puzzle: its goal (``kind``), the one move that reaches it and how many deals
    of the hidden cards agreed."""

    kind: str
    solution: dict[str, Any]
    deals: int
    #: The solution's public events that every deal shows alike, as the mover sees
    #: them: what the mover knew would happen.
    events: list[Event]


def movers_turn(view: dict[str, Any]) -> bool:
    """Whether ``view`` is its viewer's own decision in play (a puzzle's first test)."""
    return view.get("phase") == "play" and view.get("viewer") == view.get("to_move")


def agreed(lines: list[list[Event]], told: Callable[[Event], bool]) -> list[Event]:
    """The events every line shows alike, of the kinds ``told`` keeps, as many times as
    the line that shows them least, in the first line's order."""
    common: Counter[str] | None = None
    for events in lines:
        counts = Counter(repr(event) for event in events if told(event))
        common = counts if common is None else common & counts
    if not lines or common is None:
        return []
    shown = []
    for event in lines[0]:
        text = repr(event)
        if common[text] > 0:
            common[text] -= 1
            shown.append(event)
    return shown


__all__ = ["Event", "Found", "agreed", "movers_turn"]


#: The most puzzles one game gives: a game where a chance is left untaken turn after
#: turn (a Kasteel capture nobody makes) would otherwise fill the list with it.
MAX_PER_GAME = 6
#: The goals, strongest first: a game's puzzles beyond ``MAX_PER_GAME`` are the weakest.
STRENGTH = ("win", "save", "vote", "castle", "capture")


@dataclass(frozen=True)
class Candidate:
    """A decision of a finished game that its finder claimed."""

    version: int
    number: int
    seat: str
    view: Any
    legal: list[dict[str, Any]]
    claim: Found


def chosen_claims(claims: list[Candidate]) -> list[Candidate]:
    """The claims a game keeps, in the game's order: the same answer of the same seat
    for the same goal once (its first time: a chance left untaken turn after turn is
    one puzzle), then at most ``MAX_PER_GAME``, the strongest goals first."""
    seen: set[tuple[str, str, str]] = set()
    distinct = []
    for candidate in claims:
        key = (candidate.seat, str(candidate.claim.kind),
               json.dumps(candidate.claim.solution, sort_keys=True))
        if key not in seen:
            seen.add(key)
            distinct.append(candidate)

    def strength(candidate: Candidate) -> tuple[int, int]:
        kind = str(candidate.claim.kind)
        return (STRENGTH.index(kind) if kind in STRENGTH else len(STRENGTH), candidate.version)

    return sorted(sorted(distinct, key=strength)[:MAX_PER_GAME], key=lambda c: c.version)
