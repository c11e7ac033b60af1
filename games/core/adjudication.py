"""Ending a running two-player game by a rule, at a deadline set from outside the game
(a tournament round's deadline): one commit through games.core.commit, like any end.

The rule (docs/tournaments.md, "Schedules"): of the seats on move, the one with less
time left on its clock loses. In a correspondence game one seat is on move, so that
seat loses: it kept the game from ending in time. Two seats on move with equal time
left, or none on move, make a draw. Time left is the running clock's deadline less
now, or the time a paused clock keeps (a vacation, a paused tournament).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.utils.translation import gettext as _

from games.core import commit
from games.core.commit import Committed, Entry, Pending
from games.core.errors import Conflict
from games.models import Match, MoveRecord, Seat

ADJUDICATED = "adjudicate"


def time_left(seat: Seat, now: datetime) -> timedelta | None:
    """The time on ``seat``'s clock, or None when it owes no move."""
    if seat.deadline is not None:
        return max(seat.deadline - now, timedelta(0))
    return seat.paused_remaining


def loser(seats: list[Seat], on_move: tuple[str, ...], now: datetime) -> Seat | None:
    """The seat that loses by the rule, or None for a draw."""
    clocks = [(left, seat) for seat in seats if seat.seat in on_move
              for left in [time_left(seat, now) or timedelta(0)]]
    if not clocks:
        return None
    clocks.sort(key=lambda pair: pair[0])
    if len(clocks) > 1 and clocks[0][0] == clocks[1][0]:
        return None
    return clocks[0][1]


def adjudicate_on_time(match_id: Any, reason: str, now: datetime | None = None) -> Committed:
    """End a running two-player game by the rule above; ``reason`` (the round's deadline)
    goes into its log. A game over already answers Conflict, so a rerun changes nothing."""
    reason = " ".join(str(reason or "").split())[:200]

    def change(pending: Pending) -> Entry:
        if len(pending.seats) != 2:
            raise Conflict(_("Only two-player games are adjudicated."))
        losing = loser(pending.seats, pending.owed(), pending.now)
        winner = pending.other_seat(losing) if losing is not None else None
        pending.finish(winner, Match.Reason.ADJUDICATED, reason)
        return Entry(MoveRecord.Kind.ADJUDICATE, losing.seat if losing else "", events=[
            {"type": ADJUDICATED, "player": losing.seat if losing else None,
             "reason": reason}])

    return commit.commit(match_id, change, now=now)
