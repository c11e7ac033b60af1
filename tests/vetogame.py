"""A second game for the tests of the site layer: "Veto duel", two seats and a Veto.

Red and Blue take turns. The player on turn claims 1 or 2 points; the other
player then owes a decision, veto or accept, while the turn stays with the
claimer (so ``owed_by`` differs from ``to_move``, as in Caesar & Cleopatra).
Accepted points count; 3 points win. No hidden information, no randomness.

``install(monkeypatch)`` registers its rules in games.rules and its entry in
the site's catalogue for one test (the ``veto_game`` fixture of tests/conftest.py).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from games import rules as registry
from games.core import catalog
from games.core.catalog import GameInfo, SeatInfo
from games.rules.base import Applied, GameRules, IllegalMove, InvalidState, MalformedMove, Outcome

NAME = "veto-duel"
SEATS = ("red", "blue")
TARGET = 3


def _other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


class VetoRules(GameRules):
    name = NAME

    def seats(self, state) -> tuple[str, ...]:
        return SEATS

    def to_move(self, state) -> str | None:
        return None if state["winner"] else state["current"]

    def owed_by(self, state) -> tuple[str, ...]:
        if state["winner"]:
            return ()
        pending = state["pending"]
        return (pending["player"],) if pending else (state["current"],)

    def turn_number(self, state) -> int:
        return state["turn"]

    def new_game(self, seed: int, options: dict | None = None):
        if options:
            raise registry.InvalidOptions(f"unknown option {sorted(options)[0]!r}")
        return {"turn": 0, "current": "red", "pending": None, "winner": None,
                "scores": {"red": 0, "blue": 0}, "seed": seed}

    def legal_moves(self, state) -> list[dict]:
        if state["winner"]:
            return []
        if state["pending"]:
            return [{"type": "veto"}, {"type": "accept"}]
        return [{"type": "claim", "points": 1}, {"type": "claim", "points": 2}]

    def apply(self, state, move: dict, seat: str | None = None) -> Applied:
        if not isinstance(move, dict) or move.get("type") not in ("claim", "veto", "accept"):
            raise MalformedMove("a move is a claim, a veto or an accept")
        if move not in self.legal_moves(state):
            raise IllegalMove(f"{move['type']} is not legal now")
        mover = self.owed_by(state)[0]
        if seat is not None and seat != mover:
            raise IllegalMove(f"it is {mover}'s decision, not {seat}'s")
        new = copy.deepcopy(state)
        if move["type"] == "claim":
            new["pending"] = {"kind": "veto", "player": _other(mover), "points": move["points"]}
            return Applied(new, [{"type": "claim", "player": mover, "points": move["points"]}])
        claimer, points = state["current"], state["pending"]["points"]
        new["pending"] = None
        new["turn"] += 1
        new["current"] = _other(claimer)
        events = [{"type": move["type"], "player": mover}]
        if move["type"] == "accept":
            new["scores"][claimer] += points
            if new["scores"][claimer] >= TARGET:
                new["winner"] = claimer
                events.append({"type": "won", "player": claimer})
        return Applied(new, events)

    def is_over(self, state) -> bool:
        return state["winner"] is not None

    def outcome(self, state) -> Outcome | None:
        if not state["winner"]:
            return None
        return Outcome(state["winner"], "points", dict(state["scores"]))

    def view(self, state, viewer: str | None) -> dict[str, Any]:
        view = {key: copy.deepcopy(value) for key, value in state.items() if key != "seed"}
        view.update({"game": NAME, "viewer": viewer, "to_move": self.to_move(state)})
        return view

    def to_json(self, state) -> dict[str, Any]:
        return copy.deepcopy(state)

    def from_json(self, data: Any):
        if not isinstance(data, dict) or set(data) != {"turn", "current", "pending", "winner",
                                                      "scores", "seed"}:
            raise InvalidState("not a veto duel state")
        return copy.deepcopy(data)


RULES = VetoRules()


def decision(view: dict[str, Any], seat: str) -> str:
    pending = view.get("pending")
    return "Veto?" if pending and pending["player"] == seat else ""


def event_sentence(event: dict[str, Any]) -> str:
    player = INFO.seat_label(event.get("player"))
    if event["type"] == "claim":
        return f"{player} claims {event['points']} points"
    if event["type"] == "veto":
        return f"{player} vetoes the claim"
    if event["type"] == "accept":
        return f"{player} accepts the claim"
    return f"{player} reaches {TARGET} points"


INFO = GameInfo(
    name=NAME,
    title="Veto duel",
    seats=(SeatInfo("red", "Red"), SeatInfo("blue", "Blue")),
    first_seat="red",
    event_sentence=event_sentence,
    ai_levels=("random",),
    rules_url="https://example.org/veto-duel",
    decision=decision,
)


def install(monkeypatch, **changes: Any) -> GameInfo:
    """Register the game's rules and its catalogue entry (with ``changes``) for one test."""
    info = dataclasses.replace(INFO, **changes)
    monkeypatch.setitem(registry._LOADERS, NAME, lambda: RULES)  # noqa: SLF001
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, NAME))
    monkeypatch.setitem(catalog._entries, NAME, info)  # noqa: SLF001
    return info
