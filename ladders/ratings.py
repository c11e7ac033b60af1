"""Glicko-2 ratings: every finished rated two-player game updates both players, once.
(Games played by more than two, at tables, are rated with openskill: ladders.skill.)

rate_match runs in the receiver of games.commit.result_changed; a task sweeps
up any rated game a receiver missed (rate_missed). AI players are rated like
everyone else. Both players' Rating rows are locked (in id order, so two games
of one player never deadlock) before the history is checked, which makes a
second call for the same match a no-op; the unique (user, match) constraint of
RatingChange backs that up.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from games.models import Match, Seat
from ladders import glicko, skill
from ladders.models import Rating, RatingChange
from ladders.rating_locks import lock_unrated

log = logging.getLogger(__name__)

SCORES = {Seat.Result.WIN: 1.0, Seat.Result.DRAW: 0.5, Seat.Result.LOSS: 0.0}
LEADERBOARD_SIZE = 100


def _rateable_seats(match: Match) -> list[Seat] | None:
    if not match.rated or not match.is_over:
        return None
    seats = list(match.seats.select_related("user").order_by("id"))
    if len(seats) != 2 or seats[0].user_id == seats[1].user_id:
        return None
    if any(seat.result not in SCORES for seat in seats):
        return None
    return seats


def _idle_periods(rating: Rating, at: datetime) -> int:
    if rating.rated_at is None or at <= rating.rated_at:
        return 0
    return (at - rating.rated_at).days // glicko.RATING_PERIOD_DAYS


def rate_match(match_id: int) -> list[RatingChange]:
    """Rate a finished rated game; returns the new history rows (none if already rated)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is not None and skill.uses_openskill(match.game):
        try:
            return skill.rate_match(match)  # more than two seats, or teams: openskill
        except IntegrityError:
            return []
    seats = _rateable_seats(match) if match is not None else None
    if not seats:
        return []
    try:
        return _rate(match, seats)
    except IntegrityError:
        # Another process rated it between our check and our insert.
        return []


def _rate(match: Match, seats: list[Seat]) -> list[RatingChange]:
    at = match.finished_at or timezone.now()
    with transaction.atomic():
        locked = lock_unrated(match, (seat.user_id for seat in seats))
        if locked is None:
            return []
        # Both updates use the ratings from before the game (one rating period).
        before = {
            user_id: glicko.idle(rating.as_glicko(), _idle_periods(rating, at))
            for user_id, rating in locked.items()
        }
        changes = []
        for seat, other in ((seats[0], seats[1]), (seats[1], seats[0])):
            rating = locked[seat.user_id]
            old = before[seat.user_id]
            score = SCORES[seat.result]
            new = glicko.rate(old, [(before[other.user_id], score)])
            changes.append(RatingChange(
                user_id=seat.user_id, match=match, game=match.game, opponent_id=other.user_id,
                score=score, at=at,
                rating_before=rating.rating, rating_after=new.rating,
                deviation_before=rating.deviation, deviation_after=new.deviation,
                volatility_before=rating.volatility, volatility_after=new.volatility,
            ))
            rating.rating, rating.deviation, rating.volatility = (
                new.rating, new.deviation, new.volatility)
            rating.games += 1
            rating.rated_at = at
        Rating.objects.bulk_update(
            list(locked.values()), ["rating", "deviation", "volatility", "games", "rated_at"]
        )
        RatingChange.objects.bulk_create(changes)
    return changes


def rate_missed(since: timedelta = timedelta(days=7)) -> int:
    """Rate the recent rated games that no receiver rated (a crash between commit and
    receiver); returns how many were rated."""
    unrated = (
        Match.objects.filter(
            status=Match.Status.FINISHED, rated=True,
            finished_at__gte=timezone.now() - since, rating_changes__isnull=True,
        )
        .order_by("finished_at", "id")
        .values_list("pk", flat=True)
    )
    count = 0
    for match_id in list(unrated):
        if rate_match(match_id):
            count += 1
    return count


def current(user, game: str) -> Rating | None:
    return Rating.objects.filter(user=user, game=game).first()


def history(user, game: str) -> QuerySet[RatingChange]:
    return RatingChange.objects.filter(user=user, game=game).order_by("at", "id")


def leaderboard(game: str, size: int = LEADERBOARD_SIZE) -> QuerySet[Rating]:
    """The best rated active players of a game; provisional ratings are marked, not hidden."""
    return (
        Rating.objects.filter(game=game, user__is_active=True, games__gt=0)
        .select_related("user")
        .order_by("-rating", "deviation", "user__username")[:size]
    )


#: Log records of an admin's decision on a finished game's result.
ADMIN_DECISIONS = ("correct", "annul")


def settle(match_id: int, version: int | None = None) -> None:
    """A new result is rated; a result an admin changed (the record at ``version`` is
    a correction or an annulment) has its game kind's ratings replayed from that game
    on (ladders.rerate), once it had been rated."""
    from ladders.rerate import rerate_from

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return
    decided = version is not None and match.records.filter(
        version=version, kind__in=ADMIN_DECISIONS).exists()
    if decided and RatingChange.objects.filter(match=match).exists():
        rerate_from(match)
    else:
        rate_match(match_id)


def safely_rate(match_id: int, version: int | None = None) -> None:
    """The receiver's call: a failure is logged (and repaired by rate_missed), never
    raised into the move, resignation or timeout that finished the game."""
    try:
        settle(match_id, version)
    except Exception:
        log.exception("rating match %s failed; the catch-up task will retry", match_id)
