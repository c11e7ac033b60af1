"""The clock of each seat: who owes a move runs a deadline, the others none.

Kept apart from the vacations (games.core.clocks, which commit their pauses) so that
the commit can set clocks without importing what commits.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from games.models import Match, Seat


def set_clocks(match: Match, seats: Iterable[Seat], owed: Iterable[str], now: datetime) -> None:
    """Start the clock of every seat in ``owed`` and stop the others (not saved).

    Correspondence clocks are per move: a seat that owes a new decision gets the
    full days_per_move again.
    """
    owed = set(owed)
    per_move = timedelta(days=match.days_per_move)
    for seat in seats:
        if seat.seat in owed and not match.is_over:
            if seat.user.on_vacation or match.clocks_paused:
                seat.deadline, seat.paused_remaining = None, per_move
            else:
                seat.deadline, seat.paused_remaining = now + per_move, None
        else:
            seat.deadline, seat.paused_remaining = None, None
