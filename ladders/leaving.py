"""The ladders' part of deleting an account (registered in accounts.leaving)."""

from __future__ import annotations

from games.core.errors import ServiceError
from ladders.models import LadderEntry


def leave_ladders(user) -> None:
    from ladders import services

    for entry in LadderEntry.objects.filter(user=user).select_related("ladder"):
        try:
            services.leave(entry.ladder_id, user)
        except ServiceError:
            pass  # a closed ladder keeps its final standings (anonymised by accounts)


def register() -> None:
    from accounts import leaving

    leaving.register(leaving.LADDERS, leave_ladders)
