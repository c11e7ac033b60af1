"""Ratings after an admin changes a result: the game and every later rated game again.

A corrected or annulled game was rated with its old result, and every rated
game of its kind that ended after it was rated from ratings that included that
result. The rule (docs/ladders.md): the history of that game kind is replayed
from the changed game on. Each player whose rating changed at or after that
moment is put back to their rating from just before it (the history keeps it),
those history rows are deleted, and every rated game that ended since is rated
again in the order the games ended, with its current result (an annulled game
is not rated). Every player's rating therefore ends as if the result had been
right from the start; the profile's chart shows the replayed history.

All Rating rows of that game kind are locked (in id order, as every rater locks
them) for the replay, so a game finishing meanwhile is rated after it.
"""

from __future__ import annotations

from django.db import transaction

from games.models import Match
from ladders.models import Rating, RatingChange


def rerate_from(match: Match) -> int:
    """Replay the ratings of ``match``'s game from its end on; returns the games rated."""
    from ladders.ratings import rate_match

    at = match.finished_at
    if at is None:
        return 0
    with transaction.atomic():
        list(Rating.objects.select_for_update().filter(game=match.game).order_by("id"))
        later = RatingChange.objects.filter(game=match.game, at__gte=at).order_by("at", "id")
        first: dict[int, RatingChange] = {}
        counts: dict[int, int] = {}
        for change in later:
            first.setdefault(change.user_id, change)
            counts[change.user_id] = counts.get(change.user_id, 0) + 1
        ratings = {r.user_id: r for r in Rating.objects.filter(game=match.game,
                                                               user_id__in=list(first))}
        for user_id, change in first.items():
            rating = ratings[user_id]
            rating.rating = change.rating_before
            rating.deviation = change.deviation_before
            rating.volatility = change.volatility_before
            rating.games = max(0, rating.games - counts[user_id])
            rating.rated_at = (RatingChange.objects.filter(user_id=user_id, game=match.game,
                                                           at__lt=at)
                               .order_by("-at", "-id").values_list("at", flat=True).first())
        Rating.objects.bulk_update(list(ratings.values()),
                                   ["rating", "deviation", "volatility", "games", "rated_at"])
        later.delete()
        replay = (Match.objects.filter(game=match.game, rated=True,
                                       status=Match.Status.FINISHED, finished_at__gte=at)
                  .order_by("finished_at", "id"))
        return sum(bool(rate_match(game.pk)) for game in replay)
