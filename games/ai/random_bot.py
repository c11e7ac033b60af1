"""The ``random`` level: a uniformly random legal move, for any game."""

from __future__ import annotations

import random

from .base import Budget, Move, ThinkingBot, View


class RandomBot(ThinkingBot):
    """Picks one of the legal moves uniformly with the given rng."""

    def decide(self, view: View, legal_moves: list[Move], rng: random.Random,
               budget: Budget) -> Move:
        return dict(rng.choice(legal_moves))
