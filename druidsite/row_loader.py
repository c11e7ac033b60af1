"""Plain SQL for the hottest reads, with rows made into the ORM's own instances.

A reconnect burst is mostly handshakes, and a handshake's few reads cost more
in compiling the same ORM query again than in running it (docs/storm.md). The
few reads on that path (a socket's snapshot, a program's token) are written as
SQL built once per process from the models' metadata, and their rows become
model instances the ORM's way: each column through the converters the ORM
applies to it (JSON, dates, booleans on SQLite) and then ``Model.from_db``. So
an instance read here equals one read through the ORM (the callers' tests
compare them), and a renamed column or table changes the SQL with the model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import connection, models

Convert = Callable[[Any], Any]


def quoted_column(model: type[models.Model], name: str, alias: str) -> str:
    """``alias."column"`` of field ``name`` (a foreign key names its ``_id`` column)."""
    return f"{alias}.{connection.ops.quote_name(model._meta.get_field(name).column)}"


def quoted_table(model: type[models.Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _converter(field: models.Field) -> Convert | None:
    """The ORM's conversion of a value read from ``field``'s column, or None."""
    expression = field.get_col(field.model._meta.db_table)
    steps = connection.ops.get_db_converters(expression) + field.get_db_converters(connection)
    if not steps:
        return None

    def convert(value: Any) -> Any:
        for step in steps:
            value = step(value, expression, connection)
        return value

    return convert


class RowLoader:
    """Rows of ``model``'s columns for the fields ``names`` (in that order), made
    into its instances; the fields not named are deferred, as with ``only()``."""

    def __init__(self, model: type[models.Model], names: Sequence[str] | None = None) -> None:
        self.model = model
        meta = model._meta
        self.fields = (list(meta.concrete_fields) if names is None
                       else [meta.get_field(name) for name in names])
        self.attnames = [field.attname for field in self.fields]
        self.converters = [_converter(field) for field in self.fields]

    @property
    def width(self) -> int:
        """How many values of a row are this loader's."""
        return len(self.fields)

    def select_list(self, alias: str) -> str:
        """The columns to SELECT, in the order ``make`` takes them."""
        quote = connection.ops.quote_name
        return ", ".join(f"{alias}.{quote(field.column)}" for field in self.fields)

    def make(self, values: Sequence[Any]) -> models.Model:
        converted = [value if convert is None or value is None else convert(value)
                     for value, convert in zip(values, self.converters, strict=True)]
        return self.model.from_db(connection.alias, self.attnames, converted)
