"""A director's edit of the next Swiss round: two players paired by hand, checked by the
same rules as the engine's own pairing (no repeat unless allowed, no forbidden pair,
seats that can be balanced), seated as the engine would seat them."""

from __future__ import annotations

from collections.abc import Sequence

from .base import ByeResult, Entrant, GameResult, Pairing, PairingError, PlayerId
from .swiss import build_players, seats_for
from .swiss_players import FIRST, SECOND


def check_fixed_pairing(
    entrants: Sequence[Entrant],
    games: Sequence[GameResult],
    byes: Sequence[ByeResult],
    *,
    round_number: int,
    seed: int,
    first: PlayerId,
    second: PlayerId,
    allow_repeat: bool = False,
    forbidden: Sequence[tuple[PlayerId, PlayerId]] = (),
) -> Pairing:
    """The pairing of ``first`` and ``second`` in round ``round_number`` with its seats,
    or PairingError naming why the engine refuses it."""
    if first == second:
        raise PairingError("a player cannot be paired with themselves")
    players = {p.id: p for p in build_players(entrants, games, byes,
                                              round_number=round_number, seed=seed)}
    for who in (first, second):
        if who not in players:
            raise PairingError(f"{who!r} is not among the players of round {round_number}")
    if {first, second} in [{a, b} for a, b in forbidden]:
        raise PairingError("the two players may not meet (a forbidden pairing)")
    a, b = sorted((players[first], players[second]), key=lambda p: p.rank)
    if not allow_repeat and b.id in a.opponents:
        raise PairingError("the two players have met already (allow the repeat to pair "
                           "them again)")
    if not ((a.can_take(FIRST) and b.can_take(SECOND))
            or (a.can_take(SECOND) and b.can_take(FIRST))):
        raise PairingError("their seats cannot be balanced: both must take the same seat")
    return seats_for(a, b, 0, True)
