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

from ..base import Move, Outcome, RulesError
from ..common import ActionRules, copying, number_or_text
from .codec import state_from_json, state_to_json
from .constants import GAME, SETUP
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

apply_action = copying(play)


@lru_cache(maxsize=16)
def _seat_names(players: int) -> tuple[str, ...]:
    return tuple(str(seat) for seat in range(players))


class Kasteel(ActionRules):
    """Strijd om het Kasteel for 2 to 12 seats "0".."N-1", optionally in teams.

    ``owed_by``: the seat to move, also while it owes a doubles decision.
    ``turn_number``: completed turns of play (setup placements are not turns).
    """

    name = GAME
    state_type = State
    not_a_state = "the rules need a state from new_game or from_json"

    # -- seats and turns -------------------------------------------------------
    def seats(self, state: State | None = None) -> tuple[str, ...]:
        return _seat_names(self.checked(state).n)

    def teams(self, state: State) -> tuple[tuple[str, ...], ...]:
        """The teams: ``(("0", "2"), ("1", "3"))`` with teams, else each seat alone."""
        state = self.checked(state)
        names = _seat_names(state.n)
        if not state.teams:
            return tuple((name,) for name in names)
        half = state.n // 2
        return tuple((names[seat], names[seat + half]) for seat in range(half))

    def unknown_seat(self, state: State, seat: Any) -> str:
        return f"unknown seat {seat!r}; the seats are 0..{state.n - 1}"

    def not_owed(self, state: State, seat: str) -> str:
        owes = "places pieces" if state.phase == SETUP else "is to move"
        return f"seat {state.to_move} {owes} now, not seat {seat}"

    # -- life cycle --------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> State:
        """Options: ``{"players": 2..12, "teams": bool, "limit": K or None}``."""
        return new_game(seed, options)

    def legal_moves(self, state: State) -> list[Move]:
        return super().legal_moves(self.checked(state))

    def final_outcome(self, state: State) -> Outcome:
        assert state.scores is not None  # an ended game has its scores
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
    actions_to_moves = staticmethod(actions_to_moves)

    @staticmethod
    def move_to_action(state: State, move: Move) -> Action:
        """The action tuple of a JSON move (notation checked, not legality)."""
        return move_to_action(move, state)

    # -- information -------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        state = self.checked(state)
        return build_view(state, self.viewer_index(state, viewer))

    # -- persistence -------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(self.checked(state))

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
            "players": number_or_text(arguments.players),
            "teams": bool(arguments.teams),
        }
        if arguments.limit is not None:
            options["limit"] = number_or_text(arguments.limit)
        return options

    def parse_seat(self, text: str, state: State) -> str:
        names = _seat_names(self.checked(state).n)
        seat = text.strip() if isinstance(text, str) else text
        if seat not in names:
            raise RulesError(f"player must be a seat 0..{state.n - 1}, got {text!r}")
        return seat


RULES = Kasteel()
"""The shared instance (the rules hold no state)."""

__all__ = ["RULES", "Kasteel", "State", "apply_action", "legal_actions", "play"]
