"""Seeded randomness: every shuffle and die roll is derived from data.

A game's state carries a server-secret integer seed. Each random event is
drawn from a generator seeded with ``sha256(seed:part:part...)``, where the
parts say where in the game the event happens (e.g. the turn number and the
player). Replaying a game from its seed and its moves therefore gives exactly
the same states, and nothing public (turn numbers, moves) lets a player
predict a shuffle without the seed.
"""

from __future__ import annotations

import hashlib
import random
from typing import TypeVar

T = TypeVar("T")


def derive_rng(seed: int, *parts: object) -> random.Random:
    """A generator for one random event, determined by ``seed`` and ``parts``."""
    text = ":".join(str(part) for part in (seed, *parts))
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest, "big"))


def shuffled(items: list[T], seed: int, *parts: object) -> list[T]:
    """A shuffled copy of ``items`` for the event named by ``seed`` and ``parts``."""
    result = list(items)
    derive_rng(seed, *parts).shuffle(result)
    return result
