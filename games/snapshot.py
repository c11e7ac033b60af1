"""What a write just committed, kept in memory for the code that runs right after it.

The after-commit listeners (broadcast, turn mails, bot moves) and the API's
answer need the match, its seats, the new log entries and the parsed state:
exactly what the write path held when it committed. Handing them over saves
re-reading four rows and re-validating the state on every move. A listener
without a snapshot (another process, a task) reads the database as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Snapshot:
    version: int
    seats: list  # Seat rows with their users, as saved
    records: list  # the MoveRecords after the previous version
    state: Any  # the engine state of ``match.state``


def attach(match, seats: list, records: list, state: Any) -> None:
    """Remember on ``match`` what was committed at its current version."""
    match.snapshot = Snapshot(match.version, seats, records, state)


def of(match, version: int | None = None) -> Snapshot | None:
    """The snapshot of ``match`` if it is still current (at ``version`` if given)."""
    snapshot = getattr(match, "snapshot", None)
    if snapshot is None or snapshot.version != match.version:
        return None
    if version is not None and snapshot.version != version:
        return None
    return snapshot
