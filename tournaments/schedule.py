"""Schedules: the start when registration closes, each round's start time and deadline,
the warning before a deadline and the adjudication after it.

A director sets a round's times from the page (``set_round``). The beat task
``tournaments.run_schedules`` (every minute) calls ``sweep``, which does what is due:

- a tournament whose registration has closed starts (``services.begin``) if the fewest
  players joined; otherwise its directors and entrants are told, once;
- a round whose start time has come is queued, once the round before has ended (the
  round task is idempotent: queued twice, it makes the round once);
- a day before a round's deadline the players of its unfinished games are told;
- at the deadline its unfinished games are adjudicated through the games' one commit
  path (games.core.adjudication: the player on move with less time left loses).

Each one-off act writes a ``ScheduleMark`` keyed with the time it was for, in the
transaction of the act: a rerun (a beat tick twice, a worker killed and the task run
again) finds the mark and does nothing twice; a moved deadline is a new key.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from games.core import adjudication
from games.core.errors import Conflict, ServiceError
from games.models import Match
from tournaments import notices, reading, rounds, services
from tournaments.directing import authorise
from tournaments.models import (
    SWISS_MAX_ROUNDS,
    ScheduledRound,
    ScheduleMark,
    Tournament,
    TournamentGame,
    TournamentRound,
)
from tournaments.writes import Action, audit, lock

log = logging.getLogger(__name__)
Status = Tournament.Status
#: The players of a round's unfinished games are told this long before its deadline.
WARNING_BEFORE = timedelta(hours=24)


def parse_time(value: Any) -> datetime | None:
    """A time from the page (``2026-12-24T18:00``, the site's time zone), or None."""
    if isinstance(value, datetime):
        moment = value
    else:
        text = str(value or "").strip()
        if not text:
            return None
        try:
            moment = parse_datetime(text)
        except ValueError:  # well formed, but no such day or hour
            moment = None
        if moment is None:
            raise ServiceError(_("%(value)s is not a time (write 2026-12-24 18:00).") % {
                "value": text[:40]})
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


def _shown(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M")


# --- the director's times -------------------------------------------------------------


def set_round(tournament_id: Any, actor, round_number: Any, starts_at: Any, deadline: Any,
              reason: Any, now: datetime | None = None) -> ScheduledRound | None:
    """Set round ``round_number``'s start time and/or deadline (a time left empty stays
    as it was); both empty: the round's times are removed. Refused, nothing changed: a
    time in the past, a deadline before the start, a round started (its start time) or
    ended, a deadline at a Kasteel table, a start time when every round starts at once."""
    reason = authorise(tournament_id, actor, reason)
    now = now or timezone.now()
    starts_at, deadline = parse_time(starts_at), parse_time(deadline)
    with transaction.atomic():
        tournament = lock(tournament_id)
        if tournament.is_over:
            raise Conflict(_("The tournament is over already."))
        number = _round_number(tournament, round_number)
        row = ScheduledRound.objects.filter(tournament=tournament, number=number).first()
        if starts_at is None and deadline is None:
            if row is None:
                raise ServiceError(_("Give the round's start time, its deadline or both."))
            row.delete()
            audit(tournament, actor, Action.SCHEDULE, round=number, cleared=True,
                  reason=reason)
            return None
        played = tournament.rounds.filter(number=number).first()
        if played is not None and played.status == TournamentRound.Status.FINISHED:
            raise Conflict(_("Round %(n)s has ended: its times cannot change.") % {"n": number})
        if starts_at is not None:
            if rounds.all_at_once(tournament):
                raise ServiceError(_("Every round of this tournament starts at once: a "
                                     "round has no start time of its own."))
            if played is not None:
                raise Conflict(_("Round %(n)s has started: its start time cannot change.")
                               % {"n": number})
            if starts_at <= now:
                raise ServiceError(_("The start time %(when)s is in the past: give a time "
                                     "to come.") % {"when": _shown(starts_at)})
        if deadline is not None:
            if not tournament.two_player:
                raise ServiceError(_("Kasteel tables have no round deadline: their games "
                                     "end by the clock of each move."))
            if deadline <= now:
                raise ServiceError(_("The deadline %(when)s is in the past: give a time to "
                                     "come.") % {"when": _shown(deadline)})
        begins = starts_at or (row.starts_at if row else None)
        if played is None and deadline is not None and begins is not None \
                and deadline <= begins:
            raise ServiceError(_("The deadline must come after the round's start "
                                 "(%(when)s).") % {"when": _shown(begins)})
        row = row or ScheduledRound(tournament=tournament, number=number)
        if starts_at is not None:
            row.starts_at = starts_at
        if deadline is not None:
            row.deadline = deadline
        row.save()
        audit(tournament, actor, Action.SCHEDULE, round=number, reason=reason,
              starts_at=row.starts_at.isoformat() if row.starts_at else None,
              deadline=row.deadline.isoformat() if row.deadline else None)
    return row


def _round_number(tournament: Tournament, value: Any) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServiceError(_("Give the round's number.")) from None
    total = reading.total_rounds(tournament) if tournament.players.exists() else None
    most = total or tournament.round_count or SWISS_MAX_ROUNDS
    if not 1 <= number <= most:
        raise ServiceError(_("The tournament has rounds 1 to %(total)s.") % {"total": most})
    return number


# --- the scheduled task ---------------------------------------------------------------


def _mark(tournament: Tournament, key: str) -> bool:
    """Write the mark ``key``; False if it was written before (done already)."""
    _row, made = ScheduleMark.objects.get_or_create(tournament=tournament, key=key)
    return made


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Everything due at ``now``; returns how many of each were done (a rerun: none)."""
    now = now or timezone.now()
    done = {"started": 0, "not_started": 0, "rounds_queued": 0, "warned": 0,
            "adjudicated": 0}
    for tournament_id in Tournament.objects.filter(
            status=Status.REGISTRATION, auto_start=True,
            registration_closes_at__lte=now).values_list("pk", flat=True):
        outcome = _start_or_tell(tournament_id)
        if outcome:
            done[outcome] += 1
    due = ScheduledRound.objects.filter(tournament__status=Status.RUNNING)
    for row in due.filter(starts_at__lte=now).select_related("tournament"):
        done["rounds_queued"] += _queue_if_due(row)
    marks = set(ScheduleMark.objects.filter(tournament__status=Status.RUNNING)
                .values_list("tournament_id", "key"))
    for row in due.filter(deadline__isnull=False).select_related("tournament"):
        stamp = row.deadline.isoformat()
        if (row.tournament_id, f"adjudicate:{row.number}:{stamp}") in marks:
            continue  # done: checked again under the lock only when it may not be
        if row.deadline <= now:
            done["adjudicated"] += _adjudicate(row.tournament_id, row.number, now)
        elif row.deadline - WARNING_BEFORE <= now and (
                row.tournament_id, f"warn:{row.number}:{stamp}") not in marks:
            done["warned"] += _warn(row.tournament_id, row.number)
    return done


def _start_or_tell(tournament_id: int) -> str | None:
    with transaction.atomic():
        tournament = lock(tournament_id)
        closes = tournament.registration_closes_at
        if tournament.status != Status.REGISTRATION or not tournament.auto_start \
                or closes is None:
            return None
        key = f"start:{closes.isoformat()}"
        if ScheduleMark.objects.filter(tournament=tournament, key=key).exists():
            return None
        try:
            with transaction.atomic():
                services.begin(tournament, None, "registration closed", scheduled=True)
        except (Conflict, ServiceError) as refusal:
            tournament.status = Status.REGISTRATION  # begin set it before it refused
            count = tournament.players.count()
            _mark(tournament, key)
            audit(tournament, None, Action.SHORT, players=count,
                  fewest=tournament.min_players, reason=refusal.message)
            notices.not_started(tournament, count,
                                "" if count < tournament.min_players else refusal.message)
            return "not_started"
        _mark(tournament, key)
        return "started"


def _queue_if_due(row: ScheduledRound) -> int:
    """Queue a round whose time has come, once the round before it has ended."""
    tournament = row.tournament
    if tournament.rounds.filter(number=row.number).exists():
        return 0
    if row.number > 1 and not tournament.rounds.filter(
            number=row.number - 1, status=TournamentRound.Status.FINISHED).exists():
        return 0  # it starts when the round before ends (rounds.advance queues it)
    with transaction.atomic():
        rounds.queue_round(tournament.pk, row.number)
    return 1


def _unfinished(tournament: Tournament, number: int) -> list[TournamentGame]:
    return list(TournamentGame.objects.filter(
        round__tournament=tournament, round__number=number, ended=False,
        match__status=Match.Status.ACTIVE).select_related("first", "second")
        .order_by("board", "replay"))


def _warn(tournament_id: int, number: int) -> int:
    with transaction.atomic():
        tournament = lock(tournament_id)
        row = tournament.scheduled_rounds.filter(number=number).first()
        if tournament.status != Status.RUNNING or row is None or row.deadline is None:
            return 0
        if not tournament.rounds.filter(number=number).exists():
            return 0  # not started yet: warned once it runs, if still in time
        games = _unfinished(tournament, number)
        if not games or not _mark(tournament, f"warn:{number}:{row.deadline.isoformat()}"):
            return 0
        notices.deadline_near(tournament, number, row.deadline, games)
    return 1


def _adjudicate(tournament_id: int, number: int, now: datetime) -> int:
    """The round's unfinished games, ended by the rule, in one transaction with the
    mark and the audit row: a worker killed half-way leaves nothing, and a rerun finds
    the mark. The results reach the tournament through the settle task, as any end."""
    with transaction.atomic():
        tournament = lock(tournament_id)
        row = tournament.scheduled_rounds.filter(number=number).first()
        if tournament.status != Status.RUNNING or row is None or row.deadline is None \
                or row.deadline > now:
            return 0
        if not tournament.rounds.filter(number=number).exists():
            return 0
        key = f"adjudicate:{number}:{row.deadline.isoformat()}"
        if not _mark(tournament, key):
            return 0
        reason = f"round {number} deadline {_shown(row.deadline)}"
        decided = []
        for game in _unfinished(tournament, number):
            try:
                committed = adjudication.adjudicate_on_time(game.match_id, reason, now=now)
            except Conflict:  # ended meanwhile
                continue
            winner = committed.match.winner_seat
            names = {seat.seat: seat.user.username for seat in committed.seats}
            outcome = names.get(winner, "draw") if winner else "draw"
            decided.append({"game": game.match_id, "outcome": outcome})
            notices.decided(tournament, [game.first, game.second], "adjudicated", reason,
                            match=game.match_id, outcome=outcome)
        audit(tournament, None, Action.ADJUDICATE, round=number, games=decided,
              reason=_("deadline %(when)s") % {"when": _shown(row.deadline)})
    return 1
