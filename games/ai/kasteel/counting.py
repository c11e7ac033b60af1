"""Counting the public cards: the chance that a foe's Bandit or Sheriff walks
before a seat's next turn.

The evaluation's exposure (``evaluate``) weighs each piece in reach of a
foe's hunter by the chance that the hunter walks at all. A fixed guess
(``evaluate.MOVE_CHANCE``) fears a Bandit whose every card is already in
the discard pile as much as one whose owner is about to be dealt a fresh
hand. Here the chance comes from what the seat may know: the cards it
cannot see (neither in its hand nor discarded) and the public hand sizes.
Nothing hidden is read: the same view gives the same chances whoever holds
the unseen cards (``tests/ai/kasteel/test_counting.py``).
"""

from __future__ import annotations

from games.rules.kasteel.constants import BANDIT, CARDS_PER_SEAT, JACK, JOKER, SHERIFF
from games.rules.kasteel.state import State

from .evaluate import Chances, team_of

#: a foe holding a card that walks its hunter uses it on a piece in reach this
#: often (scaled so that a full first hand gives about ``MOVE_CHANCE``)
HUNTER_WILL = 0.85
JACK_WILL = 0.3  # a third seat walks the hunter with its Jack


def _none_dealt(pool: int, hits: int, size: int) -> float:
    """The chance that ``size`` cards drawn from ``pool`` hold none of ``hits``."""
    chance = 1.0
    for i in range(size):
        if pool - i <= 0:
            return 0.0
        chance *= max(0.0, (pool - hits - i) / (pool - i))
    return chance


def hunter_chances(state: State, seat: int, sizes: list[int] | None = None) -> Chances | None:
    """``(foe seat, rank) -> chance`` that the foe's Bandit (or Sheriff) walks
    before ``seat``'s next turn, counted from what ``seat`` may know: the
    cards it cannot see (not in its hand, not in the discard pile) are the
    others' hands and the deck, and the hand sizes are public (``sizes``;
    by default the state's hands). A hunter walks with its own piece card
    in any colour or a Joker, or a third seat's Jack. A foe without cards
    does not move before our next turn while we hold more than the card we
    play; when that card is our last, the next deal may come first:
    ``None``, the fixed ``MOVE_CHANCE``."""
    hand = state.hands[seat]
    if len(hand) <= 1:
        return None
    n = state.n
    if sizes is None:
        sizes = [len(h) for h in state.hands]
    seen = set(hand) | set(state.discard)
    kinds = [0] * CARDS_PER_SEAT
    for card in range(CARDS_PER_SEAT * n):
        if card not in seen:
            kinds[card % CARDS_PER_SEAT] += 1
    pool = CARDS_PER_SEAT * n - len(seen)
    first_round = state.turn < n
    mine = team_of(state, seat)
    no_jack = {s: _none_dealt(pool, kinds[JACK], sizes[s]) for s in range(n) if s not in mine}
    chances: Chances = {}
    for foe in no_jack:
        jack = 0.0
        if not first_round:  # no Joker nor Jack in the first round
            held = 1.0
            for other, none in no_jack.items():
                if other != foe and state.is_foe(other, foe):
                    held *= none
            jack = 1.0 - held
        for rank in (BANDIT, SHERIFF):
            hits = kinds[rank] + (0 if first_round else kinds[JOKER])
            own = 1.0 - _none_dealt(pool, hits, sizes[foe])
            chances[foe, rank] = 1.0 - (1.0 - HUNTER_WILL * own) * (1.0 - JACK_WILL * jack)
    return chances
