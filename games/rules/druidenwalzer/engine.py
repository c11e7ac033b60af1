"""The Druidenwalzer rules behind the generic ``GameRules`` interface.

Two ways in, one rules code:

- the public interface speaks canonical JSON moves and returns events:
  ``apply(state, {"type": "waltz", "card": "S5L", "tree": 4})``;
- the fast path for searches speaks action tuples and builds no events:
  ``legal_actions(state)`` and ``apply_action(state, action)`` (or ``play``
  to change a state in place). Both paths run the same ``play`` function.
"""

from __future__ import annotations

from typing import Any

from ..base import Event, Move, Outcome
from ..common import ActionRules, copying, number_or_text
from .codec import state_from_json, state_to_json
from .constants import (
    CARD_NAMES,
    COLOURS,
    CULT_POSITION,
    GAME,
    MOON,
    NO_DRUID,
    PLAY,
    POSITION_NAMES,
    SEATS,
    SETUP,
    TREE_NUMBER,
)
from .dance import play_card_and_dance, turn_up
from .flips import END_REASON, empty_trees, end_of_turn
from .measuring import measure
from .moves import (
    LEAP,
    WALTZ,
    WITHDRAW_HAND,
    WITHDRAW_TREE,
    Action,
    action_to_move,
    actions_to_moves,
    check_action,
    legal_actions,
    move_to_action,
)
from .setup import new_game
from .state import State
from .view import build_view


def play(state: State, action: Action, events: list[Event] | None = None) -> None:
    """Carry out a legal ``action`` on ``state`` IN PLACE.

    The single implementation of a turn. ``events`` is a list to append the
    public events to, or ``None`` to build none. The action must be legal
    (``check_action``); ``play`` does not check it again.
    """
    kind, a, b = action
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    if state.phase == SETUP:
        state.druid[b] = a
        if events is not None:
            events.append(
                {
                    "type": "place",
                    "player": SEATS[seat],
                    "druid": COLOURS[a],
                    "tree": TREE_NUMBER[b],
                    "position": POSITION_NAMES[b],
                }
            )
        placed = sum(1 for colour in state.druid if colour != NO_DRUID)
        if placed == 6:
            state.phase = PLAY
            state.to_move = MOON
        else:
            state.to_move = 1 - seat
        return

    turn = state.turn
    # A state is always between two actions, so the mover's trees without
    # cards now are exactly those "already without cards at the start of
    # this turn" (section 9).
    empty_at_start = empty_trees(state, seat)
    state.turn = turn + 1  # the action counts even if it ends the game
    if kind == WALTZ:
        banned = play_card_and_dance(state, seat, a, b, events)
        if measure(state, seat, banned, events):
            return
    elif kind == WITHDRAW_TREE:
        card = state.up[a].pop()
        board = CULT_POSITION[seat]
        state.up[board].append(card)
        if events is not None:
            events.append(
                {
                    "type": "withdraw",
                    "player": SEATS[seat],
                    "card": CARD_NAMES[card],
                    "from": POSITION_NAMES[a],
                    "to": POSITION_NAMES[board],
                }
            )
        turn_up(state, a, events)
    elif kind == WITHDRAW_HAND:
        state.hand[seat].remove(a)
        board = CULT_POSITION[seat]
        state.up[board].append(a)
        if events is not None:
            events.append(
                {
                    "type": "withdraw",
                    "player": SEATS[seat],
                    "card": CARD_NAMES[a],
                    "from": "hand",
                    "to": POSITION_NAMES[board],
                }
            )
    elif kind == LEAP:
        source = state.druid_position(seat, a)
        target = state.free_tree(seat)
        state.druid[source] = NO_DRUID
        state.druid[target] = a
        if events is not None:
            events.append(
                {
                    "type": "leap",
                    "player": SEATS[seat],
                    "druid": COLOURS[a],
                    "from": POSITION_NAMES[source],
                    "to": POSITION_NAMES[target],
                }
            )
    elif events is not None:  # PASS
        events.append({"type": "pass", "player": SEATS[seat]})
    end_of_turn(state, seat, empty_at_start, turn, events)


apply_action = copying(play)


class Druidenwalzer(ActionRules):
    """Druidenwalzer for two players, moon and sun (rules: section 1-8)."""

    name = GAME
    state_type = State
    fixed_seats = SEATS

    # -- life cycle --------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> State:
        """Options: ``{"removed": {"moon": [2], "sun": []}}`` (handicaps)."""
        return new_game(seed, options)

    def final_outcome(self, state: State) -> Outcome:
        assert state.winner is not None  # an ended game has its winner
        return Outcome(winner=SEATS[state.winner], reason=END_REASON, scores=None)

    # -- fast path for searches ------------------------------------------------
    legal_actions = staticmethod(legal_actions)
    apply_action = staticmethod(apply_action)
    play = staticmethod(play)
    check_action = staticmethod(check_action)
    action_to_move = staticmethod(action_to_move)
    actions_to_moves = staticmethod(actions_to_moves)

    @staticmethod
    def move_to_action(state: State, move: Move) -> Action:
        """The action tuple of a JSON move of the player to move."""
        mover = state.to_move if state.to_move is not None else MOON
        return move_to_action(move, mover)

    # -- information -------------------------------------------------------------
    def view(self, state: State, viewer: str | None) -> dict[str, Any]:
        return build_view(state, self.viewer_index(state, viewer))

    # -- persistence -------------------------------------------------------------
    def to_json(self, state: State) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: Any) -> State:
        return state_from_json(data)

    # -- conformance command ------------------------------------------------------
    def add_new_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--handicap-moon",
            action="append",
            default=[],
            metavar="V",
            help="remove one moon card of value V (1..5); may repeat",
        )
        parser.add_argument(
            "--handicap-sun",
            action="append",
            default=[],
            metavar="V",
            help="remove one sun card of value V (1..5); may repeat",
        )

    def options_from_arguments(self, arguments: Any) -> dict[str, Any]:
        removed: dict[str, list[Any]] = {}
        for seat, values in (("moon", arguments.handicap_moon), ("sun", arguments.handicap_sun)):
            removed[seat] = [number_or_text(text) for text in values]
        return {"removed": removed}


RULES = Druidenwalzer()
"""The shared instance (the rules hold no state)."""

__all__ = [
    "RULES",
    "Druidenwalzer",
    "State",
    "apply_action",
    "legal_actions",
    "play",
]
