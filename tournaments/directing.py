"""Who may direct a tournament: staff direct every tournament, a player only those an
admin named them for (``TournamentDirector``). Everything a director does needs a
reason (kept in the tournament's audit log); staff keep the optional reason of the
actions that had one (open, start, resume)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.core.errors import Forbidden, ServiceError
from tournaments.models import TournamentDirector

REASON_LENGTH = 500


def may_direct(tournament_id: Any, user) -> bool:
    if not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return False
    if user.is_staff:
        return True
    pk = getattr(tournament_id, "pk", tournament_id)
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        return False
    return TournamentDirector.objects.filter(tournament_id=pk, user=user).exists()


def clean_reason(reason: Any, *, required: bool = False) -> str:
    text = " ".join(str(reason or "").split())[:REASON_LENGTH]
    if required and not text:
        raise ServiceError(_("Give a reason: it is kept in the audit log."))
    return text


def authorise(tournament_id: Any, actor, reason: Any, *, required: bool = True) -> str:
    """The cleaned reason, once ``actor`` may direct the tournament; a non-staff
    director always gives one."""
    if not may_direct(tournament_id, actor):
        raise Forbidden(_("Only the tournament's directors may do this."))
    return clean_reason(reason, required=required or not actor.is_staff)
