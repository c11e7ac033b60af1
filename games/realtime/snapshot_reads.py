"""The three reads of a socket's snapshot, with SQL built once per process.

A game socket's handshake reads the match, its seats with their players' names,
and the log since the client's version, then builds what its viewer may see
(``games.core.visibility``, unchanged). Through the ORM those three reads cost
about 2 ms of a web process's CPU, most of it compiling the same SQL again and
building model instances field by field; in a reconnect burst that was half of
a socket's cost (docs/storm.md). Here the SQL is built once from the models'
metadata, and the rows become the same model instances as the ORM's
(``druidsite.row_loader``): the payloads built from them are the ORM's
(tests/sockets/test_snapshot_reads.py).

Only what the snapshot reads of a player is loaded (name and whether a bot):
the user instances attached to the seats defer every other field.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import connection

from druidsite.row_loader import RowLoader, quoted_column, quoted_table
from games.models import Match, MoveRecord, Seat

#: What the snapshot shows of a seat's player (``visibility._seat_summary``).
PLAYER_FIELDS = ("id", "username", "is_bot")


@dataclass(frozen=True)
class _Reads:
    """The snapshot's three queries and the loaders of their rows."""

    match: RowLoader
    seat: RowLoader
    player: RowLoader
    record: RowLoader
    match_sql: str
    seats_sql: str
    records_sql: str


@functools.cache
def _reads() -> _Reads:
    user = get_user_model()
    match, seat = RowLoader(Match), RowLoader(Seat)
    record, player = RowLoader(MoveRecord), RowLoader(user, PLAYER_FIELDS)
    return _Reads(
        match=match, seat=seat, player=player, record=record,
        match_sql=(f"SELECT {match.select_list('m')} FROM {quoted_table(Match)} m "
                   f"WHERE {quoted_column(Match, 'id', 'm')} = %s"),
        seats_sql=(f"SELECT {seat.select_list('s')}, {player.select_list('u')} "
                   f"FROM {quoted_table(Seat)} s INNER JOIN {quoted_table(user)} u "
                   f"ON {quoted_column(user, user._meta.pk.name, 'u')} "
                   f"= {quoted_column(Seat, 'user', 's')} "
                   f"WHERE {quoted_column(Seat, 'match', 's')} = %s "
                   f"ORDER BY {quoted_column(Seat, 'id', 's')}"),
        records_sql=(f"SELECT {record.select_list('r')} FROM {quoted_table(MoveRecord)} r "
                     f"WHERE {quoted_column(MoveRecord, 'match', 'r')} = %s "
                     f"AND {quoted_column(MoveRecord, 'version', 'r')} > %s "
                     f"ORDER BY {quoted_column(MoveRecord, 'version', 'r')}"),
    )


def read_match(match_id: int) -> tuple[Match, list[Seat]] | None:
    """The match and its seats (ordered as ``Seat.Meta.ordering`` orders one match's),
    each with its player's name; None when there is no such match."""
    reads = _reads()
    with connection.cursor() as cursor:
        cursor.execute(reads.match_sql, [match_id])
        row = cursor.fetchone()
        if row is None:
            return None
        cursor.execute(reads.seats_sql, [match_id])
        rows = cursor.fetchall()
    match = reads.match.make(row)
    width = reads.seat.width
    seats = []
    for values in rows:
        seat = reads.seat.make(values[:width])
        Seat.user.field.set_cached_value(seat, reads.player.make(values[width:]))
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    return match, seats


def read_records(match_id: int, since: int) -> list[MoveRecord]:
    """The match's log after version ``since``, oldest first."""
    reads = _reads()
    with connection.cursor() as cursor:
        cursor.execute(reads.records_sql, [match_id, since])
        rows = cursor.fetchall()
    return [reads.record.make(values) for values in rows]
