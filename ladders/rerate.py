"""Ratings replayed from one game on: after an admin's decision, or a game rated late.

The rule (docs/ladders.md, "Derived data"): a game kind's ratings are the fold
of its rated results in the order the games ended (ladders.rating_fold). A
decision changes a game's result, never its place in that order, so every rated
game of the kind that ended at or after it was rated from ratings that the
decision changes. ``rerate_from`` therefore puts each player whose rating changed
since then back to their state from just before (the history keeps it), deletes
those history rows, and folds every game that ended since, in order, with its
current result (an annulled game counts for nothing), writing the new history
and ratings. The result equals the fold from scratch (ladders.verify checks it),
however many decisions were made, undone or repeated, in any order.

All Rating rows of the game kind are locked (in id order, as every rater locks
them) for the replay, so a game finishing meanwhile is rated after it.
"""

from __future__ import annotations

from django.db import transaction

from games.models import Match
from ladders.models import Rating, RatingChange
from ladders.rating_fold import PlayerState, fold
from ladders.rating_record import history_row, rated_games, results_of


def rerate_from(match: Match) -> int:
    """Replay the ratings of ``match``'s game kind from its end on; returns the number
    of games rated in the replay."""
    at = match.finished_at
    if at is None:
        return 0
    with transaction.atomic():
        rows = {rating.user_id: rating for rating in Rating.objects.select_for_update()
                .filter(game=match.game).order_by("id")}
        later = RatingChange.objects.filter(game=match.game, at__gte=at).order_by("at", "id")
        first: dict[int, RatingChange] = {}
        counts: dict[int, int] = {}
        for change in later:
            first.setdefault(change.user_id, change)
            counts[change.user_id] = counts.get(change.user_id, 0) + 1
        start = {}
        for user_id, change in first.items():
            last_at = (RatingChange.objects.filter(user_id=user_id, game=match.game, at__lt=at)
                       .order_by("-at", "-id").values_list("at", flat=True).first())
            start[user_id] = PlayerState(
                change.rating_before, change.deviation_before, change.volatility_before,
                max(0, rows[user_id].games - counts[user_id]) if user_id in rows else 0,
                last_at)
        replay = results_of(rated_games(match.game).filter(finished_at__gte=at))
        # Players untouched since ``at`` start from their stored ratings.
        touched = {u for r in replay for u, _s in r.seats}
        touched |= {u for r in replay for team, _rank in r.ranked for u in team}
        for user_id in touched - set(start):
            row = rows.get(user_id)
            if row is not None:
                start[user_id] = PlayerState(row.rating, row.deviation, row.volatility,
                                             row.games, row.rated_at)
        states, changes = fold(replay, start)
        later.delete()
        matches = {game.pk: game for game in Match.objects.filter(
            pk__in={change.match_id for change in changes})}
        RatingChange.objects.bulk_create(
            [history_row(matches[change.match_id], change) for change in changes])
        for user_id, state in states.items():
            rating = rows.get(user_id) or Rating.objects.get_or_create(
                user_id=user_id, game=match.game)[0]
            rating.rating, rating.deviation, rating.volatility = (
                state.rating, state.deviation, state.volatility)
            rating.games, rating.rated_at = state.games, state.rated_at
            rows[user_id] = rating
        Rating.objects.bulk_update([rows[user_id] for user_id in states],
                                   ["rating", "deviation", "volatility", "games", "rated_at"])
    return len(replay)
