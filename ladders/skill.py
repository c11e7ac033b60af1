"""Ratings of games of more than two players and of teams: openskill (Plackett-Luce).

A game whose catalogue entry allows more than two seats (``GameInfo.max_seats
> 2``, e.g. Strijd om het Kasteel) is rated here, whatever the number of seats
of one match; two-player games keep Glicko-2 (ladders.ratings). Every finished
rated match updates each player once, ranked by the rules' result: the winning
seats (or team) first, the others by their points (a team by the sum of its
seats' points), equal points sharing a rank. A team game rates the rules'
teams (``rules.teams(state)``) as openskill teams.

The values are kept in the same rows as Glicko-2, on its scale
(ladders.openskill_scale, where the model lives). A player holding several
seats of one match (an AI player filling two seats) is not rated by it: their
rating still counts for the others.
"""

from __future__ import annotations

from django.utils import timezone

from games.core import catalog
from games.models import Match, Seat
from games.rules import get_rules
from ladders.rating_fold import RatedResult


def uses_openskill(game: str) -> bool:
    info = catalog.find(game)
    return info is not None and info.max_seats > 2


def ranks(match: Match, seats: list[Seat]) -> list[tuple[tuple[Seat, ...], int]]:
    """The teams of the match (single seats outside team games) with their rank, 1 best."""
    rules = get_rules(match.game)
    try:
        teams = rules.teams(rules.from_json(match.state))
    except Exception:
        teams = tuple((seat.seat,) for seat in seats)
    by_name = {seat.seat: seat for seat in seats}
    groups = [tuple(by_name[name] for name in team if name in by_name) for team in teams]
    groups = [group for group in groups if group]

    def key(group: tuple[Seat, ...]) -> tuple[int, int]:
        won = any(seat.result == Seat.Result.WIN for seat in group)
        return (0 if won else 1, -sum(seat.score or 0 for seat in group))

    ordered = sorted(groups, key=key)
    ranked, rank = [], 0
    for i, group in enumerate(ordered):
        if i == 0 or key(group) != key(ordered[i - 1]):
            rank = i + 1
        ranked.append((group, rank))
    return ranked


def ranked_result(match: Match, seats: list[Seat]) -> RatedResult | None:
    """The match's current result as openskill ranks, or None if it rates nobody."""
    if len(seats) < 2 or any(seat.result not in Seat.Result.values or not seat.result
                             for seat in seats):
        return None
    ranked = ranks(match, seats)
    if len(ranked) < 2:
        return None
    return RatedResult(match.pk, match.finished_at or timezone.now(), ranked=tuple(
        (tuple(seat.user_id for seat in group), rank) for group, rank in ranked))

