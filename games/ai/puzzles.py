"""What every game's puzzle finder shares (``games/ai/<game>/puzzles.py``).

A finder looks at one decision of a finished game with exactly what its mover had
and claims a puzzle only when one legal move alone reaches a goal for certain,
whatever the mover could not see. Each game decides what certain means for it (the
deals of the hidden cards, a turn's later decisions, the dice); what they share is
the claim they return, which decisions they look at, and how an explanation keeps
only the events that every deal (or every line of play) shows alike.
"""

from __future__ import annotations

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
