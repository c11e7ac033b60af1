"""The Caesar & Cleopatra rules behind the generic ``GameRules`` interface.

Two ways in, one rules code:

- the public interface speaks canonical JSON moves and returns events:
  ``apply(state, {"type": "place", "card": "C4", "group": "praetors", "face": "down"})``;
- the fast path for searches speaks action tuples and builds no events:
  ``legal_actions(state)`` and ``apply_action(state, action)`` (or ``play``
  to change a state in place). Both paths run the same ``turn.play``.
"""

from __future__ import annotations

from typing import Any

from ..base import Applied, GameRules, IllegalMove, InvalidState, Move, Outcome
from .checks import check_action
from .codec import state_from_json, state_to_json
from .constants import DRAW, GAME, OVER, SEAT_INDEX, SEATS
from .legality import legal_actions
from .moves import Action, action_to_move, actions_to_moves, move_to_action
from .scoring import end_reason
from .setup import new_game
from .state import State
from .turn import play
from .view import build_view


def apply_action(state: State, action: Action, events: list | None = None) -> State:
    """Fast path: a new state after a legal ``action`` (input unchanged)."""
    new = state.copy()
    play(new, action, events)
    return new


class CaesarCleopatra(GameRules):
    """Caesar & Cleopatra for two players, cleopatra and caesar (sections 1-8)."""

    name = GAME

    # -- seats and turns -------------------------------------------------------
    def seats(self, state: State | None = None) -> tuple[str, ...]:
        return SEATS

    def to_move(self, state: State) -> str | None:
        seat = state.to_move
        return SEATS[seat] if seat is not None else None

    def owed_by(self, state: State) -> tuple[str, ...]:
        """The one seat deciding now: during a pending Veto question or the
        draw after a Spy or a Veto that is the player who is not on turn."""
        seat = state.to_move
        return (SEATS[seat],) if seat is not None else ()

    def turn_number(self, state: State) -> int:
        """The spec's ``turn``: completed turns in play (0 during setup)."""
        return state.turn

    # -- life cycle --------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> State:
        """No options; the state before the setup placements."""
        return new_game(seed, options)

    def legal_moves(self, state: State) -> list[Move]:
        return actions_to_moves(legal_actions(state))

    def apply(self, state: State, move: Move, seat: str | None = None) -> Applied:
        if not isinstance(state, State):
            raise InvalidState("apply needs a state from new_game or from_json")
        if seat is not None:
            if state.phase == OVER:
                raise IllegalMove("the game is over")
            if not isinstance(seat, str) or seat not in SEAT_INDEX:
                raise IllegalMove(f"unknown player {seat!r}; use cleopatra or caesar")
            owner = SEATS[state.to_move]
            if seat != owner:
                raise IllegalMove(f"it is {owner}'s decision, not {seat}'s")
        action = move_to_action(move)
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
        winner = None if state.winner == DRAW else SEATS[state.winner]
        scores = {SEATS[0]: state.score[0], SEATS[1]: state.score[1]}
        return Outcome(winner=winner, reason=end_reason(state), scores=scores)

    # -- fast path for searches ------------------------------------------------
    legal_actions = staticmethod(legal_actions)
    apply_action = staticmethod(apply_action)
    play = staticmethod(play)
    check_action = staticmethod(check_action)
    action_to_move = staticmethod(action_to_move)

    @staticmethod
    def move_to_action(state: State, move: Move) -> Action:
        """The action tuple of a JSON move (the same for every mover)."""
        return move_to_action(move)

    # -- information -------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        if viewer is not None and (not isinstance(viewer, str) or viewer not in SEAT_INDEX):
            raise IllegalMove(f"unknown player {viewer!r}; use cleopatra or caesar")
        return build_view(state, SEAT_INDEX[viewer] if viewer is not None else None)

    def redact_move(self, move: Move, mover: str | None, viewer: str | None) -> Move:
        """Section 7 for stored moves: the setup placement, a card placed face down
        and a castling's new distribution name cards only their mover may know."""
        if viewer is not None and viewer == mover or not isinstance(move, dict):
            return move
        kind = move.get("type")
        if kind == "setup":
            return {"type": "setup"}
        if kind == "place" and move.get("face") != "up":
            return {key: value for key, value in move.items() if key != "card"}
        if kind == "castle":
            cards = move.get("cards")
            groups = ({group: len(names) for group, names in cards.items()
                       if isinstance(names, list)} if isinstance(cards, dict) else {})
            return {"type": "castle", "groups": groups}
        return move

    # -- persistence -------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Any) -> State:
        return state_from_json(data)


RULES = CaesarCleopatra()
"""The shared instance (the rules hold no state)."""

__all__ = ["RULES", "CaesarCleopatra", "State", "apply_action", "legal_actions", "play"]
