"""A closed season's final standings: frozen at the close, and a replay of the record.

The rule (docs/ladders.md, "Derived data"): when a ladder closes, its final
standings (each player's place and rating in the ladder's game) are written into
the "close" row of its audit log, and its page and exports show that, whatever
happens later. They equal the record *as it stood at the close*: the ladder's
order is the fold of its events up to the close (ladders.ladder_fold), and the
ratings are the fold of the rated results of the games that had ended by then
(ladders.rating_fold), each with the result it had at the close. An admin's
decision recorded after the close changes today's ratings, not the season's,
as it moves nobody on a closed ladder.

``final_standings`` recomputes them from the record; ``frozen_standings`` reads
what the close stored; ``verify_games`` compares the two (ladders.verify).
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from games.models import Match, MoveRecord, Seat
from ladders.ladder_fold import fold as fold_order
from ladders.ladder_replay import events, start_order
from ladders.models import Ladder, LadderAudit, Rating
from ladders.rating_fold import RatedResult
from ladders.rating_record import rated_games, result_of
from ladders.season_fold import Decision, SeatResult, seats_at, standings_rows

DECISIONS = (MoveRecord.Kind.CORRECT, MoveRecord.Kind.ANNUL)


def close_row(ladder: Ladder) -> LadderAudit | None:
    """The ladder's first "close" row (a closed ladder never reopens), or None."""
    return (LadderAudit.objects.filter(ladder=ladder, action=LadderAudit.Action.CLOSE)
            .order_by("id").first())


def _result_at(match: Match, seats: list[Seat], decisions: list[MoveRecord],
               at: datetime) -> RatedResult | None:
    """``match``'s rated result as it was at ``at`` (ladders.season_fold.seats_at: a
    decision recorded after ``at`` is undone through what it says the game was before
    it, an annulment in force at ``at`` counts for nothing)."""
    if not any(record.created_at > at for record in decisions):
        return result_of(match, seats)
    then = seats_at([SeatResult(seat.seat, seat.user_id, seat.result) for seat in seats],
                    [Decision(record.created_at, record.kind, record.events)
                     for record in decisions], at)
    if then is None:
        return None
    then_seats = []
    for seat, was in zip(seats, then, strict=True):
        seat = copy.copy(seat)
        seat.result = was.result
        then_seats.append(seat)
    return result_of(match, then_seats)


def results_at(game: str, at: datetime) -> list[RatedResult]:
    """The rated results of ``game``'s games that had ended by ``at``, in the fold's
    order, each as it was at ``at``."""
    matches = rated_games(game).filter(finished_at__lte=at).prefetch_related("seats")
    decided: dict[int, list[MoveRecord]] = {}
    for record in MoveRecord.objects.filter(
            match__in=matches.values("pk"), kind__in=DECISIONS).order_by("version"):
        decided.setdefault(record.match_id, []).append(record)
    found = []
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda seat: seat.pk)
        result = _result_at(match, seats, decided.get(match.pk, []), at)
        if result is not None:
            found.append(result)
    return found


def order_at_close(ladder: Ladder) -> list[int]:
    """The ladder's order as the fold of its events up to its close gives it."""
    rows = list(ladder.audit.order_by("id"))
    happened = events(ladder, rows)
    if any(event.kind == "close" for event in happened):
        happened = happened[:next(i for i, e in enumerate(happened) if e.kind == "close")]
    return fold_order(start_order(ladder, rows), happened)


def final_standings(ladder: Ladder, at: datetime,
                    order: list[int] | None = None) -> list[dict[str, Any]]:
    """The standings at ``at``, as the close stores them: place, player id, and the
    rating state from the fold (the default for a player with no rated game).
    ``order``: the places to rate (default: the fold's order at the close)."""
    return standings_rows(order if order is not None else order_at_close(ladder),
                          results_at(ladder.game, at))


def freeze(ladder: Ladder, row: LadderAudit) -> None:
    """Store the final standings in the close row ``row`` (the entries' places now,
    under the ladder's lock, and the ratings of the record at the close)."""
    order = list(ladder.entries.order_by("position").values_list("user_id", flat=True))
    row.detail["standings"] = final_standings(ladder, row.at, order)
    row.save(update_fields=["detail"])


def frozen_standings(ladder: Ladder) -> list[dict[str, Any]] | None:
    """What the close stored, or None (a running ladder, or one closed before the
    standings were stored: its page reads the rating history at the close)."""
    if ladder.status != Ladder.Status.CLOSED:
        return None
    row = close_row(ladder)
    if row is None or "standings" not in row.detail:
        return None
    return row.detail["standings"]


def frozen_ratings(ladder: Ladder, standings: list[dict[str, Any]]) -> dict[int, Rating]:
    """The stored standings as Rating objects (unsaved), keyed by player id, for the
    page and exports that show a Rating; a player with no rated game has none, as on
    a running ladder."""
    return {row["player_id"]: Rating(
        user_id=row["player_id"], game=ladder.game, rating=row["rating"],
        deviation=row["deviation"], volatility=row["volatility"], games=row["games"])
        for row in standings if row["games"]}
