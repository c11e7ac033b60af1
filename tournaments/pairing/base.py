"""Shared inputs, outputs and errors of the tournament core (no Django here)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

PlayerId = Hashable


class PairingError(ValueError):
    """No valid pairing or draw exists for the input; the message names the problem."""


@dataclass(frozen=True)
class Entrant:
    """A registered player: an id (the site's user or seat id) and a rating for seeding."""

    id: PlayerId
    rating: float = 1500.0


@dataclass(frozen=True)
class Pairing:
    """One game of a round: ``first`` takes the first seat (moon, Caesar), ``second`` the other."""

    first: PlayerId
    second: PlayerId


@dataclass(frozen=True)
class GameResult:
    """A game of an earlier round and how it ended.

    ``score_first`` is the first seat's points: 1 (won), 0.5 (drawn), 0 (lost), or None
    while the game is still running. ``forfeit`` marks a game lost by forfeit (a withdrawn
    player): it scores as usual but is an unplayed round for the tie-breaks.
    """

    round: int
    first: PlayerId
    second: PlayerId
    score_first: float | None
    forfeit: bool = False

    def score_of(self, player: PlayerId) -> float | None:
        if self.score_first is None:
            return None
        return self.score_first if player == self.first else 1.0 - self.score_first

    def opponent_of(self, player: PlayerId) -> PlayerId:
        return self.second if player == self.first else self.first


@dataclass(frozen=True)
class ByeResult:
    """A round without a game: ``points`` for it (a Swiss bye counts as a win)."""

    round: int
    player: PlayerId
    points: float = 1.0


def by_seed(entrants: list[Entrant] | tuple[Entrant, ...]) -> list[Entrant]:
    """Entrants strongest first; equal ratings keep the order they were given in."""
    return sorted(entrants, key=lambda e: -e.rating)


def check_unique(entrants: list[Entrant] | tuple[Entrant, ...]) -> None:
    seen: set[PlayerId] = set()
    for entrant in entrants:
        if entrant.id in seen:
            raise PairingError(f"player {entrant.id!r} is registered twice")
        seen.add(entrant.id)
