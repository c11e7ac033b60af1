"""Database ids from outside (a form's text, a path, a message): checked before a
query, so that an id past the database's integers is "no such row" and never a
database error (SQLite raises OverflowError on one; a foreign key's lookup, unlike
a primary key's, passes it on as it is)."""

from __future__ import annotations

from typing import Any


def parse_id(value: Any) -> int | None:
    """A database id from a form's text: a positive whole number that fits a big integer
    column, else None (the callers refuse it by name)."""
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        return None
    return number if 0 < number < 2**63 else None
