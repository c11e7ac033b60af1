"""Who may direct a tournament: staff direct every tournament, a player only those an
admin named them for (``TournamentDirector``). Everything a director does needs a
reason (kept in the tournament's audit log); staff keep the optional reason of the
actions that had one (open, start, resume).

The page (tournaments.views.admin_action) and the API (tournaments.director_api) both
check here and name players through ``player_named``, so both refuse alike."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from druidsite.ids import parse_id
from games.core.errors import Forbidden, ServiceError
from tournaments.models import TournamentDirector

REASON_LENGTH = 500


def may_direct(tournament_id: Any, user) -> bool:
    if not getattr(user, "is_authenticated", False) or not getattr(user, "is_active", False):
        return False
    if user.is_staff:
        return True
    # Checked before the query: a foreign key's lookup passes an id past the
    # database's integers on as it is (SQLite then raises OverflowError).
    pk = parse_id(getattr(tournament_id, "pk", tournament_id))
    if pk is None:
        return False
    return TournamentDirector.objects.filter(tournament_id=pk, user=user).exists()


def clean_reason(reason: Any, *, required: bool = False) -> str:
    text = " ".join(str(reason or "").split())[:REASON_LENGTH]
    if required and not text:
        raise ServiceError(_("Give a reason: it is kept in the audit log."))
    return text


def check_director(tournament_id: Any, actor) -> None:
    """Refuse (403) anyone but the tournament's directors."""
    if not may_direct(tournament_id, actor):
        raise Forbidden(_("Only the tournament's directors may do this."))


def authorise(tournament_id: Any, actor, reason: Any, *, required: bool = True) -> str:
    """The cleaned reason, once ``actor`` may direct the tournament; a non-staff
    director always gives one."""
    check_director(tournament_id, actor)
    return clean_reason(reason, required=required or not actor.is_staff)


def player_named(username: Any, field: str = "player") -> Any:
    """The account named ``username`` (exactly); refused naming ``field``, the form's or
    the body's field that held the name."""
    username = str(username or "").strip()
    user = get_user_model().objects.filter(username=username).first() if username else None
    if user is None:
        message = _("There is no player %(name)s.") % {"name": username or "–"}
        raise ServiceError(message, fields={field: [message]})
    return user
