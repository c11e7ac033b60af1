"""The three reads of a socket's snapshot, with SQL built once per process.

A game socket's handshake reads the match, its seats with their players' names,
and the log since the client's version, then builds what its viewer may see
(``games.core.visibility``, unchanged). Through the ORM those three reads cost
about 2 ms of a web process's CPU, most of it compiling the same SQL again and
building model instances field by field; in a reconnect burst that was half of
a socket's cost (docs/storm.md). Here the SQL is built once from the models'
metadata, and the rows become the same model instances, through the fields' own
converters (JSON, dates) and ``Model.from_db``, as the ORM's would: the payloads
built from them are the ORM's (tests/sockets/test_snapshot_reads.py).

Only what the snapshot reads of a player is loaded (name and whether a bot):
the user instances attached to the seats defer every other field.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection, models

from games.models import Match, MoveRecord, Seat

#: What the snapshot shows of a seat's player (``visibility._seat_summary``).
PLAYER_FIELDS = ("id", "username", "is_bot")

Convert = Callable[[Any], Any]


def _converter(field: models.Field) -> Convert | None:
    """The ORM's conversion of a column read from the database into the field's value."""
    expression = field.get_col(field.model._meta.db_table)
    steps = connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
    if not steps:
        return None

    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value, expression, connection)
        return value

    return convert


class _Loader:
    """Rows of a model's columns (in ``fields`` order) made into its instances."""

    def __init__(self, model: type[models.Model], names: Sequence[str]) -> None:
        self.model = model
        self.fields = [model._meta.get_field(name) for name in names]
        self.attnames = [field.attname for field in self.fields]
        self.converters = [_converter(field) for field in self.fields]
        self.columns = [field.column for field in self.fields]

    def make(self, values: Sequence[Any]) -> models.Model:
        converted = [value if convert is None or value is None else convert(value)
                     for value, convert in zip(values, self.converters)]
        return self.model.from_db(connection.alias, self.attnames, converted)


@functools.cache
def _reads() -> dict[str, Any]:
    quote = connection.ops.quote_name

    def concrete(model: type[models.Model]) -> list[str]:
        return [field.name for field in model._meta.concrete_fields]

    match, seat = _Loader(Match, concrete(Match)), _Loader(Seat, concrete(Seat))
    record, player = _Loader(MoveRecord, concrete(MoveRecord)), _Loader(
        get_user_model(), PLAYER_FIELDS)

    def columns(loader: _Loader, alias: str) -> str:
        return ", ".join(f"{alias}.{quote(column)}" for column in loader.columns)

    user_table = quote(get_user_model()._meta.db_table)
    return {
        "match": match, "seat": seat, "record": record, "player": player,
        "match_sql": (f"SELECT {columns(match, 'm')} FROM {quote(Match._meta.db_table)} m "
                      f"WHERE m.{quote('id')} = %s"),
        "seats_sql": (f"SELECT {columns(seat, 's')}, {columns(player, 'u')} "
                      f"FROM {quote(Seat._meta.db_table)} s "
                      f"INNER JOIN {user_table} u ON u.{quote('id')} = s.{quote('user_id')} "
                      f"WHERE s.{quote('match_id')} = %s ORDER BY s.{quote('id')}"),
        "records_sql": (f"SELECT {columns(record, 'r')} FROM {quote(MoveRecord._meta.db_table)} r "
                        f"WHERE r.{quote('match_id')} = %s AND r.{quote('version')} > %s "
                        f"ORDER BY r.{quote('version')}"),
    }


def read_match(match_id: int) -> tuple[Match, list[Seat]] | None:
    """The match and its seats (ordered as ``Seat.Meta.ordering`` orders one match's),
    each with its player's name; None when there is no such match."""
    reads = _reads()
    with connection.cursor() as cursor:
        cursor.execute(reads["match_sql"], [match_id])
        row = cursor.fetchone()
        if row is None:
            return None
        cursor.execute(reads["seats_sql"], [match_id])
        rows = cursor.fetchall()
    match = reads["match"].make(row)
    width = len(reads["seat"].columns)
    seats = []
    for values in rows:
        seat = reads["seat"].make(values[:width])
        Seat.user.field.set_cached_value(seat, reads["player"].make(values[width:]))
        Seat.match.field.set_cached_value(seat, match)
        seats.append(seat)
    return match, seats


def read_records(match_id: int, since: int) -> list[MoveRecord]:
    """The match's log after version ``since``, oldest first."""
    reads = _reads()
    with connection.cursor() as cursor:
        cursor.execute(reads["records_sql"], [match_id, since])
        rows = cursor.fetchall()
    return [reads["record"].make(values) for values in rows]
