"""Which card of its hand a player places: a habit the deals can weigh.

A face-down card is hidden and the rest of a hand unseen, but the choice of a
card to place is not random. Given the influence cards in hand, players place
their higher cards far more often than their lower ones: the heuristic put
down the highest value of its hand in 83 % of 811 face-down placements (40
games, both seats), a philosopher about as often as a 3, and chose the highest
for 71 % of 938 face-up cards (25 games); the strong level put down its highest in 75 % of
71 (12 games). ``Placement`` models each choice as a softmax over the hand's
cards: ``strength`` points per unit of value, a philosopher as ``philosopher``
units, with parameters of their own for a face-up card. The exact deals
(``knowledge.ExactDeals``) weigh each story by the chance of every placement it
tells, from the hand as that story has it: a story where the opponent put down
its 1s and kept its 5s counts for little, and so does one where it placed a 2
face up holding a 5.

Unlike a habit per kind of card (``search.DOWN_HABITS``, which cost points:
docs/ai.md), the chance is of a choice *given the hand*: a hand of low cards
places a low card without making the story unlikely.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.rules.caesar_cleopatra.constants import CARD_KIND, IS_PHILOSOPHER

Choice = tuple[bool, int, list[int]]  # face up, the card placed, the hand it came from


@dataclass(frozen=True)
class Placement:
    """The chance of placing one card of a hand ∝ exp(its score): ``strength`` ×
    its value, a philosopher ``philosopher`` × ``strength`` (face down; ``up_*``
    face up). ``trust`` tempers a story's weight (its power; 1: the model's own)."""

    strength: float = 1.0
    philosopher: float = 3.0
    up_strength: float = 0.6
    up_philosopher: float = 2.0
    trust: float = 1.0

    def score(self, card: int, face_up: bool) -> float:
        strength, philosopher = ((self.up_strength, self.up_philosopher) if face_up
                                 else (self.strength, self.philosopher))
        return strength * (philosopher if IS_PHILOSOPHER[card] else CARD_KIND[card])

    def chance(self, card: int, hand: list[int], face_up: bool = False) -> float:
        """The chance that ``card`` of ``hand`` (influence cards, ``card`` among
        them) is the one placed."""
        scores = [self.score(other, face_up) for other in hand]
        top = max(scores)
        total = sum(math.exp(score - top) for score in scores)
        return math.exp(self.score(card, face_up) - top) / total

    def weight(self, choices: list[Choice]) -> float:
        """A story's weight: the product over its placements of their chance
        against an even one (1 / the hand's size), to the power ``trust``. A
        placement with a card not named (a negative item) counts 1."""
        weight = 1.0
        for face_up, card, hand in choices:
            if card < 0 or len(hand) < 2 or any(other < 0 for other in hand):
                continue
            weight *= self.chance(card, hand, face_up) * len(hand)
        return weight ** self.trust if self.trust != 1.0 else weight


#: Fitted to the heuristic's choices (most likely on a grid of 0.2 and 0.5):
#: 811 face-down ones (0.51 nats a choice where even chances give 0.80) and
#: 938 face-up ones (0.71 where even chances give 0.90).
HEURISTIC = Placement(strength=1.0, philosopher=3.0, up_strength=0.6, up_philosopher=2.0)
