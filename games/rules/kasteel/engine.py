"""Strijd om het Kasteel behind the generic ``GameRules`` interface.

Two ways in, one rules code:

- the public interface speaks canonical JSON moves and returns events:
  ``apply(state, {"type": "move", "card": "K/2", "piece": "0:K"})``;
- the fast path for playouts and searches speaks action tuples and builds
  no events: ``legal_actions(state)``, ``apply_action(state, action)`` (a
  copy) and ``play(state, action)`` (in place). Both run ``turns.play``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..base import Applied, GameRules, IllegalMove, InvalidState, Move, Outcome, RulesError
from .codec import state_from_json, state_to_json
from .constants import GAME, OVER, SETUP
from .moves import (
    Action,
    action_to_move,
    actions_to_moves,
    check_action,
    legal_actions,
    move_to_action,
)
from .scoring import end_reason
from .setup import new_game
from .state import State
from .turns import play
from .view import build_view


def apply_action(state: State, action: Action, events: list | None = None) -> State:
    """Fast path: a new state after a legal ``action`` (input unchanged)."""
    new = state.copy()
    play(new, action, events)
    return new


@lru_cache(maxsize=16)
def _seat_names(players: int) -> tuple[str, ...]:
    return tuple(str(seat) for seat in range(players))


def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise InvalidState("the rules need a state from new_game or from_json")
    return state


class Kasteel(GameRules):
    """Strijd om het Kasteel for 2 to 12 seats "0".."N-1", optionally in teams."""

    name = GAME

    # -- seats and turns -------------------------------------------------------
    def seats(self, state: State) -> tuple[str, ...]:
        return _seat_names(_check_state(state).n)

    def teams(self, state: State) -> tuple[tuple[str, ...], ...]:
        """The teams: ``(("0", "2"), ("1", "3"))`` with teams, else each seat alone."""
        state = _check_state(state)
        names = _seat_names(state.n)
        if not state.teams:
            return tuple((name,) for name in names)
        half = state.n // 2
        return tuple((names[seat], names[seat + half]) for seat in range(half))

    def to_move(self, state: State) -> str | None:
        return str(state.to_move) if state.to_move is not None else None

    def owed_by(self, state: State) -> tuple[str, ...]:
        """The seat to move, also while it owes a doubles decision."""
        return (str(state.to_move),) if state.to_move is not None else ()

    def turn_number(self, state: State) -> int:
        """Completed turns of play (setup placements are not turns)."""
        return state.turn

    # -- life cycle --------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> State:
        """Options: ``{"players": 2..12, "teams": bool, "limit": K or None}``."""
        return new_game(seed, options)

    def legal_moves(self, state: State) -> list[Move]:
        return actions_to_moves(legal_actions(_check_state(state)))

    def apply(self, state: State, move: Move, seat: str | None = None) -> Applied:
        state = _check_state(state)
        if seat is not None:
            if state.phase == OVER:
                raise IllegalMove("the game is over")
            if seat not in _seat_names(state.n):
                raise IllegalMove(f"unknown seat {seat!r}; the seats are 0..{state.n - 1}")
            if int(seat) != state.to_move:
                owes = "places pieces" if state.phase == SETUP else "is to move"
                raise IllegalMove(f"seat {state.to_move} {owes} now, not seat {seat}")
        action = move_to_action(move, state)
        check_action(state, action)
        new = state.copy()
        events: list[dict[str, Any]] = []
        play(new, action, events)
        return Applied(new, events)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(
            winner="+".join(str(seat) for seat in state.winners),
            reason=end_reason(state),
            scores={str(seat): score for seat, score in enumerate(state.scores)},
        )

    # -- fast path ------------------------------------------------------------
    legal_actions = staticmethod(legal_actions)
    apply_action = staticmethod(apply_action)
    play = staticmethod(play)
    check_action = staticmethod(check_action)
    action_to_move = staticmethod(action_to_move)

    @staticmethod
    def move_to_action(state: State, move: Move) -> Action:
        """The action tuple of a JSON move (notation checked, not legality)."""
        return move_to_action(move, state)

    # -- information -------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        state = _check_state(state)
        if viewer is None:
            return build_view(state, None)
        if viewer not in _seat_names(state.n):
            raise IllegalMove(f"unknown seat {viewer!r}; the seats are 0..{state.n - 1}")
        return build_view(state, int(viewer))

    # -- persistence -------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(_check_state(state))

    def from_json(self, data: Any) -> State:
        return state_from_json(data)

    # -- conformance command ------------------------------------------------------
    def add_new_arguments(self, parser: Any) -> None:
        parser.add_argument("--players", required=True, metavar="N", help="2..12 players")
        parser.add_argument(
            "--teams", action="store_true", help="teams of opposite seats (even N >= 4)"
        )
        parser.add_argument("--limit", metavar="K", help="end after K dealing cycles")

    def options_from_arguments(self, arguments: Any) -> dict[str, Any]:
        options: dict[str, Any] = {
            "players": _number(arguments.players),
            "teams": bool(arguments.teams),
        }
        if arguments.limit is not None:
            options["limit"] = _number(arguments.limit)
        return options

    def parse_seat(self, text: str, state: State) -> str:
        names = _seat_names(_check_state(state).n)
        seat = text.strip() if isinstance(text, str) else text
        if seat not in names:
            raise RulesError(f"player must be a seat 0..{state.n - 1}, got {text!r}")
        return seat


def _number(text: str) -> Any:
    """An int from the command line; a non-number stays text so that
    ``new_game`` names it in its error."""
    try:
        return int(text)
    except ValueError:
        return text


RULES = Kasteel()
"""The shared instance (the rules hold no state)."""

__all__ = ["RULES", "Kasteel", "State", "apply_action", "legal_actions", "play"]
