"""Weaker levels made from a stronger one: a random legal move now and then.

``MixedBot(inner, random_rate)`` plays a uniformly random legal move with
chance ``random_rate`` and otherwise the move of ``inner`` (the game's
heuristic). Why this way: the step from random play to the heuristic is the
largest in strength (the heuristic wins nearly every game against random), and
a blunder rate is the one knob that fills it smoothly; a rate tuned in the
arena places a level where it is wanted. The coin comes first from the bot's
own rng, so a seeded game repeats exactly, and the bot sees no more than its
inner level does (the seat's view, the legal moves, the log).
"""

from __future__ import annotations

import random

from .base import Bot, Budget, Event, Move, View, forced_move


class MixedBot:
    """``inner``'s move, or with chance ``random_rate`` a random legal move."""

    def __init__(self, inner: Bot, random_rate: float) -> None:
        if not 0.0 <= random_rate <= 1.0:
            raise ValueError(f"random_rate must lie in [0, 1], not {random_rate}")
        self.inner = inner
        self.random_rate = random_rate

    @property
    def default_budget(self) -> Budget:
        """The inner level's: a random move costs nothing."""
        return getattr(self.inner, "default_budget", Budget())

    def choose(
        self,
        view: View,
        legal_moves: list[Move],
        rng: random.Random,
        budget: Budget | None = None,
        history: list[Event] | None = None,
    ) -> Move:
        forced = forced_move(legal_moves)
        if forced is not None:
            return forced
        if rng.random() < self.random_rate:
            return dict(rng.choice(legal_moves))
        return self.inner.choose(view, legal_moves, rng, budget, history=history)
