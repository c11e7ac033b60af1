"""A player's games and records, read with a fixed number of queries.

Every figure is public: results, opponents and dates of games, never a hand or
a seed. Records count finished games only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Count, F, Prefetch, Q, QuerySet

from accounts.models import User
from games.models import Match, Seat

_FINISHED = Match.Status.FINISHED
_ACTIVE = Match.Status.ACTIVE


@dataclass
class Record:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def played(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass
class OpponentRecord(Record):
    opponent: str = ""
    opponent_is_bot: bool = False


@dataclass
class GameRow:
    """One game seen from one player: their seat, the match, the others at the table."""

    seat: Seat
    opponents: list[User] = field(default_factory=list)
    to_move: list[User] = field(default_factory=list)

    @property
    def match(self) -> Match:
        return self.seat.match


def _counts(result_path: str) -> dict[str, Count]:
    """Conditional counts of wins, losses and draws read from ``result_path``."""
    return {
        name: Count("pk", filter=Q(**{result_path: value}))
        for name, value in (
            ("wins", Seat.Result.WIN),
            ("losses", Seat.Result.LOSS),
            ("draws", Seat.Result.DRAW),
        )
    }


def overall_record(player: User) -> Record:
    """Wins, losses and draws in finished games: one query."""
    totals = Seat.objects.filter(user=player, match__status=_FINISHED,
                                 match__tutorial=False).aggregate(
        **_counts("result")
    )
    return Record(**totals)


def opponent_records(player: User) -> list[OpponentRecord]:
    """The player's record against each opponent they finished a game with: one query.

    It reads the opponents' seats joined to the player's own seat in the same
    match (the filter's join is reused by the counts), and counts the player's
    results, most played opponents first.
    """
    rows = (
        Seat.objects.filter(match__status=_FINISHED, match__seats__user=player,
                            match__tutorial=False)
        .exclude(user=player)
        .values("user__username", "user__is_bot")
        .annotate(**_counts("match__seats__result"))
        .order_by("user__username")
    )
    records = [
        OpponentRecord(
            opponent=row["user__username"],
            opponent_is_bot=row["user__is_bot"],
            wins=row["wins"],
            losses=row["losses"],
            draws=row["draws"],
        )
        for row in rows
    ]
    records.sort(key=lambda record: -record.played)
    return records


def pair_record(player: User, other: User) -> Record:
    """The player's wins, losses and draws against ``other``: one query."""
    return Record(**finished_seats(player, other).aggregate(**_counts("result")))


def _with_tables(seats: QuerySet[Seat]) -> QuerySet[Seat]:
    """The player's seats with their match and every seat of it (with its player)."""
    return seats.select_related("match").prefetch_related(
        Prefetch("match__seats", queryset=Seat.objects.select_related("user").order_by("id"))
    )


def finished_seats(player: User, other: User | None = None) -> QuerySet[Seat]:
    """The player's seats in finished games, newest first (against ``other`` if given)."""
    seats = Seat.objects.filter(user=player, match__status=_FINISHED, match__tutorial=False)
    if other is not None:
        seats = seats.filter(match__seats__user=other)
    return _with_tables(seats).order_by(F("match__finished_at").desc(nulls_last=True), "-match_id")


def active_seats(player: User) -> QuerySet[Seat]:
    """The player's seats in games in progress: the most urgent clock first, then the latest."""
    return _with_tables(Seat.objects.filter(
        user=player, match__status=_ACTIVE, match__tutorial=False)).order_by(
        F("deadline").asc(nulls_last=True), "-match__updated_at", "-match_id"
    )


def rows(seats: Iterable[Seat]) -> list[GameRow]:
    """Game rows from seats fetched by finished_seats or active_seats (no further query)."""
    result = []
    for seat in seats:
        table = list(seat.match.seats.all())
        result.append(
            GameRow(
                seat=seat,
                opponents=[other.user for other in table if other.pk != seat.pk],
                to_move=[other.user for other in table if other.owes_move],
            )
        )
    return result
