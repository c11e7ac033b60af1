"""A new game: the bonus deal and the setup shuffles (section 2).

The setup placements (each player's five face-down cards) are not done
here: they are the first two moves of the game (phase ``setup``).

Randomness, all from ``games.rules.rng.derive_rng``:

- ``(seed, "setup", "bonus")`` shuffles the six bonus cards; Cleopatra gets
  the first, Caesar the second, the other four stay out of the game unseen;
- ``(seed, "setup", seat)`` shuffles that player's 27 remaining influence
  cards, then their 13 action cards (the influence pile first);
- ``(seed, "setup", "vote")`` shuffles the eight vote cards.

Each shuffle starts from the cards in code order, so the seed alone decides it.
"""

from __future__ import annotations

from typing import Any

from ..base import InvalidOptions
from ..rng import derive_rng
from .constants import (
    BONUS_CARDS,
    GROUP_SIZE,
    SEATS,
    VOTE_DECK,
    action_deck,
    card_code,
    influence_deck,
)
from .state import State

SETUP_VALUES = (1, 2, 3, 4, 5)


def new_game(seed: int, options: Any = None) -> State:
    """The state after the setup shuffles and the bonus deal, before the
    setup placements: phase setup, Cleopatra to place."""
    if type(seed) is not int:
        raise InvalidOptions(f"seed must be an integer, got {seed!r}")
    if options:
        if not isinstance(options, dict):
            raise InvalidOptions("options must be a JSON object")
        raise InvalidOptions(
            f"unknown option {next(iter(options))!r}; Caesar & Cleopatra takes no options"
        )
    state = State()
    state.seed = seed
    bonus = list(BONUS_CARDS)
    derive_rng(seed, "setup", "bonus").shuffle(bonus)
    state.bonus = bonus[:2]
    for seat in (0, 1):
        rng = derive_rng(seed, "setup", SEATS[seat])
        pile = influence_deck(seat)
        # Two sets of 1..5 are taken out: the future starting hand and the
        # five cards placed face down (both held in hand until the placement).
        hand = [card_code(seat, value) for value in SETUP_VALUES for _ in range(2)]
        for card in hand:
            pile.remove(card)
        rng.shuffle(pile)
        actions = action_deck(seat)
        rng.shuffle(actions)
        state.hand[seat] = hand
        state.influence[seat] = pile[::-1]  # internal order: top at the end
        state.actions[seat] = actions[::-1]
    deck = list(VOTE_DECK)
    derive_rng(seed, "setup", "vote").shuffle(deck)
    state.vote_deck = deck[::-1]
    state.patricians = list(GROUP_SIZE)
    return state
