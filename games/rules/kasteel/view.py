"""What one seat (or a spectator) may see: section 11.

Built field by field from the state, so that nothing hidden can slip in:
the viewer's own hand, every other hand's size, the deck's size (never its
order), and everything public (board, homes and their order, castles,
discard pile, dice, a pending doubles decision). Never the seed.
"""

from __future__ import annotations

from typing import Any

from .codec import public_fields, seat_pieces
from .constants import GAME, card_name
from .state import State


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    """The view of seat ``viewer`` (``None``: a spectator)."""
    return {
        "game": GAME,
        "viewer": viewer,
        **public_fields(state),
        "cycle": state.cycle,
        "limit": state.limit,
        "deck_size": len(state.deck),
        "discard": [card_name(card) for card in state.discard],
        "finished": list(state.finished),
        "winners": list(state.winners),
        "scores": list(state.scores) if state.scores is not None else None,
        "first_player_rolls": [[list(pair) for pair in rolls] for rolls in state.first_rolls],
        "seats": [_seat_view(state, seat, seat == viewer) for seat in range(state.n)],
    }


def _seat_view(state: State, seat: int, own: bool) -> dict[str, Any]:
    hand = state.hands[seat]
    return {
        "hand": [card_name(card) for card in hand] if own else None,
        "hand_size": len(hand),
        **seat_pieces(state, seat),
        "partner": state.partner(seat) if state.teams else None,
    }
