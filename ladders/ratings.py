"""Ratings: Glicko-2 for two-player games, openskill at tables (ladders.skill).

A game kind's ratings are the fold of its rated results in the order the games
ended (ladders.rating_fold; docs/ladders.md, "Derived data"). ``settle`` runs in
the receiver of games.core.commit.result_changed: the result of the game that ended
last is one step of the fold (``rate_match``); a decision, or a game rated late,
replays the kind from that game on (ladders.rerate). A task sweeps up any rated
game a receiver missed (``rate_missed``). AI players are rated like everyone
else. The players' Rating rows are locked (in id order, so two games of one
player never deadlock) before the history is checked, which makes a second call
for the same match a no-op; the unique (user, match) constraint of RatingChange
backs that up.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.models import Match
from ladders.models import Rating, RatingChange
from ladders.rating_record import SCORES, rate_result, result_of

log = logging.getLogger(__name__)

__all__ = ["SCORES", "closed_at", "current", "history", "leaderboard", "rate_match",
           "rate_missed", "safely_rate", "settle", "standing_ratings"]

LEADERBOARD_SIZE = 100


def rate_match(match_id: int) -> list[RatingChange]:
    """Rate a finished rated game on its players' current ratings; returns the new
    history rows (none if already rated, or if it rates nobody). Call it for the
    game that ended last; ``settle`` replays instead when later games were rated."""
    match = Match.objects.filter(pk=match_id).first()
    result = result_of(match) if match is not None else None
    if result is None:
        return []
    try:
        return rate_result(match, result)
    except IntegrityError:
        # Another process rated it between our check and our insert.
        return []


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
        if settle(match_id):
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


def _rated_later(match: Match) -> bool:
    """Whether a game of the kind that ended after ``match`` has been rated already."""
    at = match.finished_at
    if at is None:
        return False
    return RatingChange.objects.filter(game=match.game).filter(
        Q(at__gt=at) | Q(at=at, match_id__gt=match.pk)).exists()


def settle(match_id: int, version: int | None = None) -> bool:
    """Bring the ratings in line with ``match_id``'s current result; True if anything
    was (re)rated. The rule (docs/ladders.md, "Derived data"): ratings equal the fold
    of the rated results in the order the games ended. A new result of the game that
    ended last is one step of the fold (rate_match). Anything else replays the game
    kind from that game on (ladders.rerate), so the game keeps its place in the order:
    an admin's decision (a correction, an annulment, each undone or repeated in any
    order), a game rated late (its receiver missed it), or a rated game that no
    longer counts."""
    from ladders.rerate import rerate_from

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return False
    decided = version is not None and match.records.filter(
        version=version, kind__in=ADMIN_DECISIONS).exists()
    rated = RatingChange.objects.filter(match=match).exists()
    counts = result_of(match) is not None
    if decided or (counts and _rated_later(match)) or (rated and not counts):
        return rerate_from(match) > 0 or rated
    return bool(rate_match(match_id))


def safely_rate(match_id: int, version: int | None = None) -> None:
    """The receiver's call: a failure is logged (and repaired by rate_missed), never
    raised into the move, resignation or timeout that finished the game."""
    try:
        settle(match_id, version)
    except Exception:
        log.exception("rating match %s failed; the catch-up task will retry", match_id)


def closed_at(ladder) -> datetime | None:
    """When ``ladder`` closed (its "close" audit row), or None while it runs."""
    from ladders.models import LadderAudit

    if ladder.status != ladder.Status.CLOSED:
        return None
    return (LadderAudit.objects.filter(ladder=ladder, action=LadderAudit.Action.CLOSE)
            .order_by("id").values_list("at", flat=True).first())


def standing_ratings(ladder, user_ids) -> dict[int, Rating]:
    """The ratings a ladder's standings show: today's while it runs; a closed season's
    as its close stored them (ladders.season_close), so its final standings stay as
    the season ended; a season closed before they were stored: from the rating
    history at the close."""
    from ladders.season_close import frozen_ratings, frozen_standings

    user_ids = list(user_ids)
    frozen = frozen_standings(ladder)
    if frozen is not None:  # stored at the close (ladders.season_close)
        return {user_id: rating for user_id, rating in frozen_ratings(ladder, frozen).items()
                if user_id in user_ids}
    at = closed_at(ladder)
    if at is None:
        return {rating.user_id: rating for rating in Rating.objects.filter(
            game=ladder.game, user__in=user_ids)}
    found: dict[int, Rating] = {}
    counts: dict[int, int] = {}
    for change in RatingChange.objects.filter(game=ladder.game, user__in=user_ids,
                                              at__lte=at).order_by("at", "id"):
        counts[change.user_id] = counts.get(change.user_id, 0) + 1
        found[change.user_id] = Rating(
            user_id=change.user_id, game=ladder.game, rating=change.rating_after,
            deviation=change.deviation_after, volatility=change.volatility_after,
            games=counts[change.user_id], rated_at=change.at)
    return found
