"""The board diagrams of the player rules pages, built from engine states.

Each diagram is a position reached from a fixed seed by a few moves chosen by
rule (the first legal move that fits a purpose, e.g. "a waltz that makes cards
dance"), never a drawing: when the engine changes, the diagrams change with it.
Only the spectator's view of a position leaves this module (games.core.visibility's
rule for anything a page shows), with the events of its last move for the
board's highlights and the sentences of the move log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.core import catalog
from games.rules import get_rules

SEED = 20261201
Move = dict[str, Any]
Chooser = Callable[[list[Move]], Move | None]


@dataclass
class Diagram:
    """A position as a spectator sees it, the events of the move that led to it
    (empty for a start position) and those events in words."""

    key: str
    view: dict[str, Any]
    events: list[dict[str, Any]] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)
    #: The seat whose side is drawn at the bottom (two-player boards; None: the first).
    bottom: str | None = None

    @property
    def board_id(self) -> str:
        return f"learn-{self.key}"


def _sentences(game: str, events: list[dict[str, Any]]) -> list[str]:
    info = catalog.get(game)
    if info.event_sentence is None:
        return []
    return [text for event in events if (text := info.event_sentence(event))]


def _first(*predicates: Callable[[Move], bool]) -> Chooser:
    """The first legal move that fits the first predicate any move fits."""
    def choose(moves: list[Move]) -> Move | None:
        for predicate in predicates:
            for move in moves:
                if predicate(move):
                    return move
        return None
    return choose


class _Play:
    """A game from ``SEED`` played by choosers; it keeps the last move's events."""

    def __init__(self, game: str, options: dict[str, Any] | None = None,
                 seed: int | None = None) -> None:
        self.game = game
        self.rules = get_rules(game)
        self.state = self.rules.new_game(SEED if seed is None else seed, options or {})
        self.events: list[dict[str, Any]] = []

    def play(self, choose: Chooser, times: int = 1) -> _Play:
        for _ in range(times):
            move = choose(self.rules.legal_moves(self.state))
            if move is None:
                raise LookupError(f"{self.game}: no legal move fits the diagram's script")
            self.apply(move)
        return self

    def until(self, choose: Chooser, done: Callable[[list[dict[str, Any]]], bool],
              limit: int = 200) -> _Play:
        for _ in range(limit):
            self.play(choose)
            if done(self.events):
                return self
        raise LookupError(f"{self.game}: the diagram's script never reached its position")

    def apply(self, move: Move) -> None:
        applied = self.rules.apply(self.state, move)
        self.state, self.events = applied.state, list(applied.events)

    def diagram(self, key: str, with_events: bool = True) -> Diagram:
        events = self.rules.redact_events(self.events, None) if with_events else []
        return Diagram(key, self.rules.view(self.state, None), events,
                       _sentences(self.game, events))


def _kinds(events: list[dict[str, Any]]) -> set[str]:
    return {event.get("type", "") for event in events}


def druidenwalzer() -> dict[str, Diagram]:
    play = _Play("druidenwalzer")
    # The druids on trees 1 to 3 of each side, tree 4 left free.
    for colour, tree in (("purple", 1), ("orange", 2), ("black", 3)):
        for _seat in ("moon", "sun"):
            play.play(_first(lambda m, c=colour, t=tree: (m.get("druid"), m.get("tree")) == (c, t)))
    start = play.diagram("start", with_events=False)
    # The first waltz that makes other cards dance.
    waltzes = [m for m in play.rules.legal_moves(play.state) if m["type"] == "waltz"]
    for move in waltzes:
        trial = play.rules.apply(play.state, move)
        if "dance" in _kinds(trial.events):
            play.apply(move)
            break
    else:
        play.apply(waltzes[0])
    return {"start": start, "waltz": play.diagram("waltz")}


def _cc_strongest_place(moves: list[Move]) -> Move | None:
    """The placement of the highest influence card (philosophers last): votes
    with real numbers in them."""
    places = [m for m in moves if m["type"] == "place" and isinstance(m.get("card"), str)]
    if not places:
        return None
    return max(places, key=lambda m: m["card"][-1] if m["card"][-1].isdigit() else "0")


def caesar_cleopatra() -> dict[str, Diagram]:
    play = _Play("caesar-cleopatra")
    play.play(_first(lambda m: m["type"] == "setup"), times=2)
    start = play.diagram("start", with_events=False)
    # Place cards and draw influence, never an action card, until a vote is held.
    rest = _first(lambda m: m["type"] == "draw" and m.get("action") == 0,
                  lambda m: m["type"] in ("draw", "pass"), lambda m: True)

    def choose(moves: list[Move]) -> Move | None:
        return _cc_strongest_place(moves) or rest(moves)
    play.until(choose, lambda events: "vote" in _kinds(events))
    return {"start": start, "vote": play.diagram("vote")}


def kasteel() -> dict[str, Diagram]:
    play = _Play("kasteel", {"players": 4})
    anything = _first(lambda m: True)
    play.until(anything, lambda events: "deal" in _kinds(events))
    start = play.diagram("start", with_events=False)
    play.until(anything, lambda events: "walk" in _kinds(events) or "enter" in _kinds(events))
    play.play(anything, times=5)
    play.until(anything, lambda events: "walk" in _kinds(events) or "enter" in _kinds(events))
    return {"start": start, "play": play.diagram("play")}


BUILDERS: dict[str, Callable[[], dict[str, Diagram]]] = {
    "druidenwalzer": druidenwalzer,
    "caesar-cleopatra": caesar_cleopatra,
    "kasteel": kasteel,
}


def diagrams(game: str) -> dict[str, Diagram]:
    """The diagrams of ``game``'s rules page by name (none for a game without)."""
    builder = BUILDERS.get(game)
    return builder() if builder is not None else {}
