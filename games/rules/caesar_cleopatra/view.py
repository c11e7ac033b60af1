"""What one player (or a spectator) may see: section 7.

Built from the state field by field, so that nothing hidden can slip in by
accident. Public: patricians won and left, face-up influence cards, discard
piles, hand and pile sizes, the vote discard pile and the cards put aside,
the turn's progress and any pending decision (a pending Veto's action card
and target are public). Private, for the viewer's own seat only: the hand,
the bonus card and the face-down cards. Hidden from both: the other player's
face-down cards (their number only), hand (its size) and bonus card, the
order of every pile and the seed. While a Spy choice is pending the spying
player also sees the opponent's hand; at the end both bonus cards are shown.
"""

from __future__ import annotations

from typing import Any

from .codec import pending_to_json
from .constants import (
    BONUS_NAMES,
    CARD_NAMES,
    GAME,
    GROUP_SIZE,
    GROUPS,
    N_GROUPS,
    OVER,
    P_SPY,
    PHASES,
    SEATS,
    STEPS,
    VOTE_NAMES,
    WINNER_NAMES,
)
from .state import State


def _names(cards) -> list[str]:
    return [CARD_NAMES[card] for card in sorted(cards)]


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    """The view of ``viewer`` (0 cleopatra, 1 caesar, ``None`` a spectator)."""
    pending = state.pending
    spying = pending is not None and pending[0] == P_SPY and viewer == pending[1]
    over = state.phase == OVER
    to_move = state.to_move
    players = {}
    for seat in (0, 1):
        own = viewer == seat
        show_hand = own or (spying and seat != viewer)
        players[SEATS[seat]] = {
            "hand": _names(state.hand[seat]) if show_hand else None,
            "hand_size": len(state.hand[seat]),
            "influence_pile_size": len(state.influence[seat]),
            "action_pile_size": len(state.actions[seat]),
            "discard": _names(state.discard[seat]),
            "bonus": BONUS_NAMES[state.bonus[seat]] if own or over else None,
            "patricians": dict(zip(GROUPS, state.won[seat])),
        }
    groups = {}
    for group in range(N_GROUPS):
        entry: dict[str, Any] = {
            "patricians": state.patricians[group],
            "size": GROUP_SIZE[group],
            "cards": state.group_count(group),
        }
        for seat in (0, 1):
            index = group * 2 + seat
            down = state.down[index]
            entry[SEATS[seat]] = {
                "down": _names(down) if viewer == seat else None,
                "down_count": len(down),
                "up": _names(state.up[index]),
            }
        groups[GROUPS[group]] = entry
    return {
        "game": GAME,
        "viewer": SEATS[viewer] if viewer is not None else None,
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "current": SEATS[state.current] if state.current is not None else None,
        "step": STEPS[state.step] if state.step is not None else None,
        "action_played": state.action_played,
        "pending": pending_to_json(pending),
        "to_move": SEATS[to_move] if to_move is not None else None,
        "winner": WINNER_NAMES[state.winner] if state.winner is not None else None,
        "score": (
            {SEATS[0]: state.score[0], SEATS[1]: state.score[1]}
            if state.score is not None
            else None
        ),
        "players": players,
        "groups": groups,
        "vote_deck_size": len(state.vote_deck),
        "vote_discard": [VOTE_NAMES[card] for card in sorted(state.vote_discard)],
        "vote_aside": [VOTE_NAMES[card] for card in sorted(state.vote_aside)],
    }
