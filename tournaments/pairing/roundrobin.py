"""Round robin by the circle method (Berger tables), once or twice with seats swapped."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .base import Entrant, Pairing, PairingError, PlayerId, by_seed, check_unique


@dataclass(frozen=True)
class RoundRobinRound:
    """One round: its games and the player who rests (odd fields), if any."""

    number: int
    pairings: tuple[Pairing, ...]
    rest: PlayerId | None = None


def round_robin(
    entrants: Sequence[Entrant], *, cycles: int = 1, seed: int | None = None
) -> list[RoundRobinRound]:
    """Every round of a round robin of ``entrants``.

    Players are numbered by rating (strongest 1), or shuffled by ``seed`` when one is given.
    With an odd count a phantom joins; whoever meets it rests that round (no points: the
    standings leave rests out unless the tournament gives points for them). Each cycle has
    N-1 rounds for N even (N rounds for N odd); the second cycle repeats the first with the
    seats swapped. Within a cycle every player's first-seat count differs by at most one
    from everyone else's.
    """
    if cycles not in (1, 2):
        raise PairingError(f"a round robin has one or two cycles, not {cycles}")
    check_unique(list(entrants))
    if len(entrants) < 2:
        raise PairingError("a round robin needs at least two players")
    players: list[PlayerId | None] = [e.id for e in by_seed(list(entrants))]
    if seed is not None:
        random.Random(seed).shuffle(players)
    if len(players) % 2:
        players.append(None)
    first_cycle = _circle(players)
    rounds = [_as_round(number, games) for number, games in enumerate(first_cycle, 1)]
    if cycles == 2:
        offset = len(first_cycle)
        rounds += [
            _as_round(offset + number, [(b, a) for a, b in games])
            for number, games in enumerate(first_cycle, 1)
        ]
    return rounds


# A game of the circle; None is the dummy of an odd field (its partner has the bye).
CircleGame = tuple[PlayerId | None, PlayerId | None]


def _circle(players: list[PlayerId | None]) -> list[list[CircleGame]]:
    """The circle method: the last player stays put, the others turn one place a round.

    The fixed player alternates seats; in the other games the player on the top row of the
    circle takes the first seat. Every turning player spends N/2-1 rounds on each row and
    meets the fixed player once, so first-seat counts are N/2-1 or N/2 for everyone.
    """
    n = len(players)
    fixed, ring = players[-1], players[:-1]
    rounds = []
    for r in range(n - 1):
        turned = ring[r:] + ring[:r]
        games = []
        opposite = turned[0]
        games.append((opposite, fixed) if r % 2 == 0 else (fixed, opposite))
        for i in range(1, n // 2):
            top, bottom = turned[i], turned[n - 1 - i]
            games.append((top, bottom))
        rounds.append(games)
    return rounds


def _as_round(number: int, games: list[CircleGame]) -> RoundRobinRound:
    rest = None
    pairings = []
    for first, second in games:
        if first is None or second is None:
            rest = second if first is None else first
        else:
            pairings.append(Pairing(first, second))
    return RoundRobinRound(number, tuple(pairings), rest)
