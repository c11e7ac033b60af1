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

from ..base import Move, Outcome
from ..common import ActionRules, copying
from .checks import check_action
from .codec import state_from_json, state_to_json
from .constants import DRAW, GAME, SEATS
from .legality import legal_actions
from .moves import Action, action_to_move, actions_to_moves, move_to_action
from .scoring import end_reason
from .setup import new_game
from .state import State
from .turn import play
from .view import build_view

apply_action = copying(play)


class CaesarCleopatra(ActionRules):
    """Caesar & Cleopatra for two players, cleopatra and caesar (sections 1-8).

    ``owed_by``: the one seat deciding now; during a pending Veto question or
    the draw after a Spy or a Veto that is the player who is not on turn.
    ``turn_number``: the spec's ``turn``, completed turns in play (0 during setup).
    """

    name = GAME
    state_type = State
    fixed_seats = SEATS
    decision_word = "decision"

    # -- life cycle --------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> State:
        """No options; the state before the setup placements."""
        return new_game(seed, options)

    def final_outcome(self, state: State) -> Outcome:
        assert state.winner is not None and state.score is not None  # the game has ended
        winner = None if state.winner == DRAW else SEATS[state.winner]
        scores = {SEATS[0]: state.score[0], SEATS[1]: state.score[1]}
        return Outcome(winner=winner, reason=end_reason(state), scores=scores)

    # -- fast path for searches ------------------------------------------------
    legal_actions = staticmethod(legal_actions)
    apply_action = staticmethod(apply_action)
    play = staticmethod(play)
    check_action = staticmethod(check_action)
    action_to_move = staticmethod(action_to_move)
    actions_to_moves = staticmethod(actions_to_moves)

    @staticmethod
    def move_to_action(state: State, move: Move) -> Action:
        """The action tuple of a JSON move (the same for every mover)."""
        return move_to_action(move)

    # -- information -------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return build_view(state, self.viewer_index(state, viewer))

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
