"""The first step of rating a match, the same for Glicko-2 and openskill."""

from __future__ import annotations

from collections.abc import Iterable

from games.models import Match
from ladders.models import Rating, RatingChange


def lock_unrated(match: Match, user_ids: Iterable[int]) -> dict[int, Rating] | None:
    """The players' ratings in the match's game (created at need), locked in id order so
    that concurrent raters cannot deadlock; None if the match has been rated already.
    Call it inside a transaction."""
    user_ids = sorted(set(user_ids))
    for user_id in user_ids:
        Rating.objects.get_or_create(user_id=user_id, game=match.game)
    locked = {
        rating.user_id: rating
        for rating in Rating.objects.select_for_update()
        .filter(user_id__in=user_ids, game=match.game)
        .order_by("id")
    }
    if RatingChange.objects.filter(match=match).exists():
        return None
    return locked
