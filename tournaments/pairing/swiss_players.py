"""A Swiss player as pairing sees it, and the two questions asked of a pair: may they
meet, and what seat preference does meeting cost. Both the greedy search (``swiss.py``)
and the matching fallback (``swiss_matching.py``) ask them."""

from __future__ import annotations

from dataclasses import dataclass, field

from .base import PlayerId

FIRST, SECOND = 1, -1


@dataclass
class SwissPlayer:
    """What pairing needs to know of a player (built from the history)."""

    id: PlayerId
    rating: float
    rank: int = 0
    halves: int = 0  # score in half points, so that comparisons stay exact
    opponents: set[PlayerId] = field(default_factory=set)
    seats: list[int] = field(default_factory=list)  # FIRST or SECOND, round by round
    had_bye: bool = False

    @property
    def diff(self) -> int:
        return sum(self.seats)

    def can_take(self, seat: int) -> bool:
        return abs(self.diff + seat) <= 2

    def preference(self) -> tuple[int, int]:
        """(seat wanted, strength): 4 absolute, 3 no third in a row, 2 strong, 1 mild, 0 none."""
        seats, diff = self.seats, self.diff
        if not seats:
            return 0, 0
        if abs(diff) >= 2:
            return -diff // abs(diff), 4
        if len(seats) >= 2 and seats[-1] == seats[-2]:
            return -seats[-1], 3
        if diff:
            return -diff, 2
        return -seats[-1], 1


def compatible(a: SwissPlayer, b: SwissPlayer) -> bool:
    """May ``a`` and ``b`` meet: not met before, and some seating keeps both within two."""
    if b.id in a.opponents:
        return False
    return (a.can_take(FIRST) and b.can_take(SECOND)) or (a.can_take(SECOND) and b.can_take(FIRST))


def conflict(a: SwissPlayer, b: SwissPlayer) -> int:
    """How strong a seat preference one of them must give up if they meet (0: none)."""
    seat_a, strength_a = a.preference()
    seat_b, strength_b = b.preference()
    if seat_a and seat_a == seat_b:
        return min(strength_a, strength_b)
    return 0
