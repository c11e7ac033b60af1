"""Between the record and the rating fold: the rated results stored, the rows written.

``result_of`` reads one match's current result as the fold sees it;
``rated_results`` lists a game kind's rated results in the fold's order;
``rate_result`` stores one step of the fold (ladders.rating_fold.step) for one
match: the Rating rows of its players and one RatingChange per player.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.models import Match, Seat
from ladders import skill
from ladders.models import Rating, RatingChange
from ladders.rating_fold import Change, PlayerState, RatedResult, step
from ladders.rating_locks import lock_unrated

SCORES = {Seat.Result.WIN: 1.0, Seat.Result.DRAW: 0.5, Seat.Result.LOSS: 0.0}


def two_player_result(match: Match, seats: list[Seat]) -> RatedResult | None:
    """A two-player game's current result as Glicko-2 scores, or None if it rates nobody."""
    if len(seats) != 2 or seats[0].user_id == seats[1].user_id:
        return None
    if any(seat.result not in SCORES for seat in seats):
        return None
    return RatedResult(match.pk, match.finished_at or timezone.now(),
                       seats=tuple((seat.user_id, SCORES[seat.result]) for seat in seats))


def result_of(match: Match, seats: list[Seat] | None = None) -> RatedResult | None:
    """What ``match`` counts for in its game kind's ratings now (None: nothing, e.g.
    unrated, unfinished or annulled)."""
    if not match.rated or not match.is_over:
        return None
    if seats is None:
        seats = list(match.seats.order_by("id"))
    if skill.uses_openskill(match.game):
        return skill.ranked_result(match, seats)
    return two_player_result(match, seats)


def rated_games(game: str):
    """The finished rated matches of a game kind in the fold's order: when they ended."""
    return (Match.objects.filter(game=game, rated=True, status=Match.Status.FINISHED)
            .order_by("finished_at", "id"))


def rated_results(game: str) -> list[RatedResult]:
    """Every rated result of a game kind, in order: the input of the fold."""
    return results_of(rated_games(game))


def results_of(matches) -> list[RatedResult]:
    """The rated results of ``matches`` (a queryset, in the fold's order)."""
    results = []
    for match in matches.prefetch_related("seats"):
        seats = sorted(match.seats.all(), key=lambda seat: seat.pk)
        result = result_of(match, seats)
        if result is not None:
            results.append(result)
    return results


def state_of(rating: Rating) -> PlayerState:
    return PlayerState(rating.rating, rating.deviation, rating.volatility, rating.games,
                       rating.rated_at)


def rate_result(match: Match, result: RatedResult) -> list[RatingChange]:
    """Store the step of ``result`` on the players' current ratings; none if ``match``
    has been rated already."""
    user_ids = {user_id for user_id, _score in result.seats}
    user_ids |= {user_id for team, _rank in result.ranked for user_id in team}
    with transaction.atomic():
        locked = lock_unrated(match, user_ids)
        if locked is None:
            return []
        changes = step({user_id: state_of(row) for user_id, row in locked.items()}, result)
        rows = [history_row(match, change) for change in changes]
        for change in changes:
            rating = locked[change.user_id]
            after = change.after
            rating.rating, rating.deviation, rating.volatility = (
                after.rating, after.deviation, after.volatility)
            rating.games, rating.rated_at = after.games, after.rated_at
        Rating.objects.bulk_update(
            [locked[change.user_id] for change in changes],
            ["rating", "deviation", "volatility", "games", "rated_at"])
        RatingChange.objects.bulk_create(rows)
    return rows


def history_row(match: Match, change: Change) -> RatingChange:
    return RatingChange(
        user_id=change.user_id, match=match, game=match.game, opponent_id=change.opponent_id,
        score=change.score, at=change.at,
        rating_before=change.before.rating, rating_after=change.after.rating,
        deviation_before=change.before.deviation, deviation_after=change.after.deviation,
        volatility_before=change.before.volatility, volatility_after=change.after.volatility,
    )
