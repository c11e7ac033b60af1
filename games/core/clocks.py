"""Correspondence clocks and vacation.

Each seat that owes a move has a deadline: days_per_move after the moment it
began to owe it. The clock runs only for such seats. A player on vacation has
their clocks paused: the time left is kept in Seat.paused_remaining and turned
back into a deadline when the vacation ends. Every player has
VACATION_DAYS_PER_YEAR days a calendar year; a vacation that uses them up ends
by itself (a periodic task).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Match, Seat


class VacationError(Exception):
    """A vacation that cannot start (none left, already on vacation)."""


def allowance_seconds() -> int:
    return int(getattr(settings, "VACATION_DAYS_PER_YEAR", 30)) * 86400


def _used_seconds(user, now: datetime) -> int:
    used = user.vacation_used_seconds if user.vacation_year == now.year else 0
    if user.vacation_since is not None:
        used += max(0, int((now - user.vacation_since).total_seconds()))
    return used


def vacation_seconds_left(user, now: datetime | None = None) -> int:
    now = now or timezone.now()
    return max(0, allowance_seconds() - _used_seconds(user, now))


def start_vacation(user, now: datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        if user.on_vacation:
            raise VacationError(_("You are already on vacation."))
        if vacation_seconds_left(user, now) <= 0:
            raise VacationError(_("You have no vacation days left this year."))
        if user.vacation_year != now.year:
            user.vacation_year, user.vacation_used_seconds = now.year, 0
        user.vacation_since = now
        user.save(update_fields=["vacation_since", "vacation_year", "vacation_used_seconds"])
        _pause_or_resume(user, now, pause=True)


def end_vacation(user, now: datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        if not user.on_vacation:
            return
        used = min(_used_seconds(user, now), allowance_seconds())
        user.vacation_year, user.vacation_used_seconds = now.year, used
        user.vacation_since = None
        user.save(update_fields=["vacation_since", "vacation_year", "vacation_used_seconds"])
        _pause_or_resume(user, now, pause=False)


def _pause_or_resume(user, now: datetime, *, pause: bool) -> None:
    """Pause (or resume) the running clocks of ``user``'s games: one commit per game,
    so each game's clients see the change with a new version."""
    from games.core.commit import Entry, NothingToDo, commit
    from games.core.errors import Conflict

    running = {"deadline__isnull": False} if pause else {"paused_remaining__isnull": False,
                                                         "match__clocks_paused": False}
    match_ids = (Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE, **running)
                 .order_by("match_id").values_list("match_id", flat=True).distinct())

    def change(pending) -> Entry:
        seats = [seat for seat in pending.seats if seat.user_id == user.pk
                 and (seat.deadline if pause else seat.paused_remaining) is not None]
        if not seats or (not pause and pending.match.clocks_paused):  # the game stands still
            raise NothingToDo
        for seat in seats:
            if pause:
                seat.paused_remaining = max(seat.deadline - now, timedelta(0))
                seat.deadline = None
            else:
                seat.deadline = now + seat.paused_remaining
                seat.paused_remaining = None
        kind = "pause" if pause else "resume"
        return Entry(kind, seats[0].seat,
                     events=[{"type": kind, "player": seat.seat} for seat in seats])

    for match_id in list(match_ids):
        try:
            commit(match_id, change, now=now)
        except (NothingToDo, Conflict):  # ended meanwhile
            continue


def stop_match_clocks(match_id: int, reason: str, now: datetime | None = None) -> bool:
    """Stop every running clock of a game (its tournament is paused): one commit, like a
    vacation's, with the time left kept per seat. The game may go on; a seat that comes
    to owe a move meanwhile gets its full time kept, not running (deadlines.set_clocks).
    False when the game had ended or stood still already."""
    return _match_clocks(match_id, reason, now or timezone.now(), stop=True)


def restart_match_clocks(match_id: int, reason: str, now: datetime | None = None) -> bool:
    """Restart the clocks a stop kept (a player still on vacation stays paused)."""
    return _match_clocks(match_id, reason, now or timezone.now(), stop=False)


def _match_clocks(match_id: int, reason: str, now: datetime, *, stop: bool) -> bool:
    from games.core.commit import Entry, NothingToDo, commit
    from games.core.errors import Conflict

    def change(pending) -> Entry:
        match = pending.match
        if match.clocks_paused == stop:
            raise NothingToDo
        match.clocks_paused = stop
        for seat in pending.seats:
            if stop and seat.deadline is not None:
                seat.paused_remaining = max(seat.deadline - now, timedelta(0))
                seat.deadline = None
            elif not stop and seat.paused_remaining is not None and not seat.user.on_vacation:
                seat.deadline = now + seat.paused_remaining
                seat.paused_remaining = None
        kind = "pause" if stop else "resume"
        return Entry(kind, events=[{"type": kind, "all": True, "reason": reason[:200]}])

    try:
        commit(match_id, change, now=now)
    except (NothingToDo, Conflict):  # ended meanwhile, or already so
        return False
    return True


def end_exhausted_vacations(now: datetime | None = None) -> int:
    """End every vacation whose allowance is used up; returns how many ended."""
    now = now or timezone.now()
    ended = 0
    for user in get_user_model().objects.filter(vacation_since__isnull=False):
        if vacation_seconds_left(user, now) <= 0:
            end_vacation(user, now)
            ended += 1
    return ended
