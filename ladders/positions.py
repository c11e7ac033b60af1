"""Positions of a ladder, rewritten as a whole, and the audit rows that record it.

Callers hold the lock on the Ladder row (ladders.services), read the entries in
order, rearrange the list, and hand it to apply_order, which numbers it 1..n.
Rewriting the full order is what guarantees no shared position and no gap.

The unique (ladder, position) constraint is checked row by row on PostgreSQL,
so an entry cannot move straight into a position another entry is leaving in
the same statement. The changed entries therefore go first to a free range
far above the ladder, then to their final positions.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ladders.models import Ladder, LadderAudit, LadderEntry

# Above any real ladder's length: the parking range of the two-step rewrite.
_PARKING = 1_000_000


def entries_in_order(ladder: Ladder) -> list[LadderEntry]:
    return list(
        LadderEntry.objects.filter(ladder=ladder).select_related("user").order_by("position")
    )


def apply_order(entries: list[LadderEntry]) -> list[dict[str, Any]]:
    """Number ``entries`` 1..n in list order; returns the moves as audit detail."""
    moves = []
    changed = []
    for index, entry in enumerate(entries, start=1):
        if entry.position != index:
            moves.append({"player": entry.user.username, "from": entry.position, "to": index})
            entry.position = index
            changed.append(entry)
    if changed:
        for entry in changed:
            entry.position += _PARKING
        LadderEntry.objects.bulk_update(changed, ["position"])
        for entry in changed:
            entry.position -= _PARKING
        LadderEntry.objects.bulk_update(changed, ["position"])
    return moves


def move_to(entries: list[LadderEntry], entry: LadderEntry, position: int) -> None:
    """Put ``entry`` at ``position`` (1-based, clamped) in the list; the others shift."""
    entries.remove(entry)
    index = min(max(position, 1), len(entries) + 1) - 1
    entries.insert(index, entry)


def audit(ladder: Ladder, actor, action: str, **detail: Any) -> LadderAudit:
    """Record what happened to a ladder. Every change of a ladder is recorded here, so
    this is also where its page hears of it (live, after the commit) and where the
    players it touches are told (ladders.notices)."""
    entry = LadderAudit.objects.create(
        ladder=ladder, actor=actor if getattr(actor, "pk", None) else None,
        action=action, detail=detail,
    )
    from ladders import notices

    transaction.on_commit(lambda: notices.after_audit(ladder, entry))
    return entry
