"""The ``random`` level: a uniformly random legal move, for any game."""

from __future__ import annotations

import random

from .base import Budget, Move, View, forced_move


class RandomBot:
    """Picks one of the legal moves uniformly with the given rng."""

    def choose(
        self,
        view: View,
        legal_moves: list[Move],
        rng: random.Random,
        budget: Budget | None = None,
    ) -> Move:
        forced = forced_move(legal_moves)
        return forced if forced is not None else dict(rng.choice(legal_moves))
