"""What one player (or a spectator) may see: section 7.

Built from the state field by field, so that nothing hidden (face-down
cards, covered cards, draw piles, the other hand, the seed) can slip in by
accident: only visible tops, counts and the viewer's own hand are copied.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    CARD_NAMES,
    COLOURS,
    CULT_POSITION,
    GAME,
    NO_DRUID,
    PHASES,
    POSITION_NAMES,
    SEATS,
    TREE_NUMBER,
    TREE_POSITIONS,
)
from .state import State


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    """The view of ``viewer`` (0 moon, 1 sun, ``None`` a spectator)."""
    return {
        "game": GAME,
        "phase": PHASES[state.phase],
        "to_move": SEATS[state.to_move] if state.to_move is not None else None,
        "winner": SEATS[state.winner] if state.winner is not None else None,
        "turn": state.turn,
        "viewer": SEATS[viewer] if viewer is not None else None,
        "players": {SEATS[seat]: _player_view(state, seat, viewer == seat) for seat in (0, 1)},
    }


def _player_view(state: State, seat: int, own: bool) -> dict[str, Any]:
    up = state.up
    down = state.down
    trees = []
    for position in TREE_POSITIONS[seat]:
        stack = up[position]
        colour = state.druid[position]
        trees.append(
            {
                "tree": TREE_NUMBER[position],
                "position": POSITION_NAMES[position],
                "top": CARD_NAMES[stack[-1]] if stack else None,
                "down": len(down[position]),
                "covered": max(len(stack) - 1, 0),
                "druid": COLOURS[colour] if colour != NO_DRUID else None,
                "signs": state.signs[position],
                "flipped": state.flipped[position],
            }
        )
    board = up[CULT_POSITION[seat]]
    return {
        "trees": trees,
        "cult_board": {
            "position": POSITION_NAMES[CULT_POSITION[seat]],
            "top": CARD_NAMES[board[-1]] if board else None,
            "count": len(board),
        },
        "hand": [CARD_NAMES[card] for card in state.hand[seat]] if own else None,
        "hand_size": len(state.hand[seat]),
        "draw_pile_size": len(state.draw[seat]),
        "removed": list(state.removed[seat]),
    }
