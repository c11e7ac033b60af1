"""The tournament page, live: a nudge to its socket group after each committed change.

The page (static/js/tournament.js) answers a nudge by fetching itself again and
swapping its parts, as the ladder page does; nothing but the action's name is sent.
"""

from __future__ import annotations

from django.db import transaction


def group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def changed(tournament_id: int, action: str = "") -> None:
    from druidsite.realtime import publish

    publish(group(tournament_id), {"type": "tournament.changed", "action": action})


def changed_after_commit(tournament_id: int, action: str = "") -> None:
    transaction.on_commit(lambda: changed(tournament_id, action))
