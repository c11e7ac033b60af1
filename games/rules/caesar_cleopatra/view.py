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

from .codec import public_fields
from .constants import (
    BONUS_NAMES,
    GAME,
    GROUP_SIZE,
    GROUPS,
    N_GROUPS,
    OVER,
    P_SPY,
    SEATS,
    VOTE_NAMES,
    card_list,
)
from .state import State


def build_view(state: State, viewer: int | None) -> dict[str, Any]:
    """The view of ``viewer`` (0 cleopatra, 1 caesar, ``None`` a spectator)."""
    pending = state.pending
    spying = pending is not None and pending[0] == P_SPY and viewer == pending[1]
    over = state.phase == OVER
    players = {}
    for seat in (0, 1):
        own = viewer == seat
        show_hand = own or (spying and seat != viewer)
        players[SEATS[seat]] = {
            "hand": card_list(state.hand[seat]) if show_hand else None,
            "hand_size": len(state.hand[seat]),
            "influence_pile_size": len(state.influence[seat]),
            "action_pile_size": len(state.actions[seat]),
            "discard": card_list(state.discard[seat]),
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
                "down": card_list(down) if viewer == seat else None,
                "down_count": len(down),
                "up": card_list(state.up[index]),
            }
        groups[GROUPS[group]] = entry
    return {
        "game": GAME,
        "viewer": SEATS[viewer] if viewer is not None else None,
        **public_fields(state),
        "players": players,
        "groups": groups,
        "vote_deck_size": len(state.vote_deck),
        "vote_discard": [VOTE_NAMES[card] for card in sorted(state.vote_discard)],
        "vote_aside": [VOTE_NAMES[card] for card in sorted(state.vote_aside)],
    }
