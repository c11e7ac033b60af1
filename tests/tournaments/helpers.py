"""Simulating tournaments with the pure core, for the property tests."""

from __future__ import annotations

import random

from tournaments.pairing import ByeResult, Entrant, GameResult
from tournaments.pairing.swiss_players import FIRST, SECOND, SwissPlayer, compatible


def field(count: int, seed: int = 0) -> list[Entrant]:
    """``count`` entrants with ids 1..count and seeded random ratings (some equal)."""
    rng = random.Random(seed)
    return [
        Entrant(i, rng.choice([1200, 1500, 1500, 1800, 2100]) + rng.randint(0, 3))
        for i in range(1, count + 1)
    ]


def play(pairings, round_number: int, rng: random.Random) -> list[GameResult]:
    return [
        GameResult(round_number, p.first, p.second, rng.choice([1.0, 0.5, 0.0])) for p in pairings
    ]


def seat_differences(games: list[GameResult]) -> dict:
    diff: dict = {}
    for game in games:
        diff[game.first] = diff.get(game.first, 0) + FIRST
        diff[game.second] = diff.get(game.second, 0) + SECOND
    return diff


def any_valid_pairing(players: list[SwissPlayer]) -> bool:
    """Exhaustive search (small fields only): is there any perfect pairing, bye included?"""
    if len(players) % 2:
        return any(_perfect([q for q in players if q is not p]) for p in players if not p.had_bye)
    return _perfect(players)


def _perfect(players: list[SwissPlayer]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        _perfect(rest[:i] + rest[i + 1 :])
        for i, other in enumerate(rest)
        if compatible(first, other)
    )


__all__ = ["ByeResult", "any_valid_pairing", "field", "play", "seat_differences"]
