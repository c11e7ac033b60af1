"""What one seat (or a spectator) may see: section 11.

Built field by field from the state, so that nothing hidden can slip in:
the viewer's own hand, every other hand's size, the deck's size (never its
order), and everything public (board, homes and their order, castles,
discard pile, dice, a pending doubles decision). Never the seed.
"""

from __future__ import annotations

from typing import Any

from .constants import CASTLE, GAME, PHASES, PIECES, RANKS, card_name, piece_name
from .state import State


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    """The view of seat ``viewer`` (``None``: a spectator)."""
    pending = None
    if state.pending is not None:
        piece, card, die = state.pending
        pending = {"piece": piece_name(piece), "card": card_name(card), "dice": [die, die]}
    return {
        "game": GAME,
        "viewer": viewer,
        "players": state.n,
        "teams": state.teams,
        "phase": PHASES[state.phase],
        "to_move": state.to_move,
        "pending": pending,
        "roll": list(state.roll) if state.roll is not None else None,
        "turn": state.turn,
        "first_round": state.turn < state.n,
        "dealer": state.dealer,
        "deal": state.deal,
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
    base = seat * PIECES
    loc = state.loc
    track = {}
    castle = {}
    for rank in range(PIECES):
        where = loc[base + rank]
        if where >= CASTLE:
            castle[RANKS[rank]] = where - CASTLE
        elif where >= 0:
            track[RANKS[rank]] = [where, state.lines[where].index(base + rank)]
    hand = state.hands[seat]
    return {
        "hand": [card_name(card) for card in hand] if own else None,
        "hand_size": len(hand),
        "order": [RANKS[rank] for rank in state.order[seat]],
        "home": [RANKS[piece % PIECES] for piece in state.home[seat]],
        "track": track,
        "castle": castle,
        "partner": state.partner(seat) if state.teams else None,
    }
