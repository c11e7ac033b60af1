"""The account belongs to its owner: a download of everything about them, and deletion.

Export: a JSON document of everything the site keeps about the player, declared
model by model in accounts.export (what is left out, and why, too); their games
as their seat may see them, through games.core.visibility.

Deletion (after the password is confirmed): running games end unrated (the
opponent wins by forfeit; a seat at a table is played on by an AI player, the
game no longer rated: games.core.services.leave_deleted_account), tournaments are
left (withdrawn once started), open challenges cancelled, places at open tables
given up (the player's own open tables cancelled; at a table playing its series
an AI player takes the place), ladders left; tokens, sessions, e-mail addresses, notes,
notices, follows, blocks and reports made are deleted; what others' histories
need stays under an anonymous name: finished games, results and the rating
history, shown as "former player N". The account can no longer log in.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.deleted import ANONYMOUS_PREFIX
from games.core.errors import Forbidden, ServiceError


def export_data(user) -> dict[str, Any]:
    """Everything the site keeps about ``user`` (accounts.export declares what and why)."""
    from accounts.export import export_data as build

    return build(user)


def delete_account(user, password: Any) -> None:
    """Delete ``user``'s account after checking the password (see the module's text)."""
    if not isinstance(password, str) or not user.check_password(password):
        raise Forbidden(_("The password is not right: nothing was deleted."))
    if user.is_staff:
        raise ServiceError(_("An admin's account is deleted by another admin."))
    _leave_everything(user)
    with transaction.atomic():
        _forget(user)


def _leave_everything(user) -> None:
    """Out of every game, tournament, table, ladder and challenge, rating nobody: the
    steps that each app registered (accounts.leaving), in their order."""
    from accounts.leaving import leave_everything

    leave_everything(user)


def _forget(user) -> None:
    from allauth.account.models import EmailAddress
    from rest_framework.authtoken.models import Token

    from games.models import ChatMessage, Dispute, Note
    from notices.models import Notice, PushPreferences, PushSubscription
    from social.models import Block, Follow, Report
    from social.services import end_sessions

    Token.objects.filter(user=user).delete()
    EmailAddress.objects.filter(user=user).delete()
    Notice.objects.filter(user=user).delete()
    # A deleted account's browsers get no more pushes.
    PushSubscription.objects.filter(user=user).delete()
    PushPreferences.objects.filter(user=user).delete()
    Follow.objects.filter(follower=user).delete()
    Follow.objects.filter(followed=user).delete()
    Block.objects.filter(blocker=user).delete()
    Block.objects.filter(blocked=user).delete()
    Report.objects.filter(reporter=user).delete()
    Dispute.objects.filter(user=user).update(reason="")
    Note.objects.filter(user=user).delete()
    ChatMessage.objects.filter(user=user).update(text="", hidden=True)
    end_sessions(user)
    old, new = user.username, f"{ANONYMOUS_PREFIX}{user.pk}"
    _scrub_names(old, new)
    user.username = new
    user.email = ""
    user.first_name = user.last_name = ""
    user.language = ""
    user.notify = "off"
    user.is_active = False
    user.vacation_since = None
    user.set_unusable_password()
    user.save()


def _scrub(value: Any, old: str, new: str) -> Any:
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [_scrub(item, old, new) for item in value]
    if isinstance(value, dict):
        return {key: _scrub(item, old, new) for key, item in value.items()}
    return value


def _scrub_names(old: str, new: str) -> None:
    """The name in the ladders' audit logs and in others' notices becomes the anonymous one."""
    from ladders.models import LadderAudit
    from notices.models import Notice
    from tournaments.models import TournamentAudit

    for model, field in ((LadderAudit, "detail"), (Notice, "params"), (TournamentAudit, "detail")):
        for row in model.objects.filter(**{f"{field}__icontains": old}).iterator():
            setattr(row, field, _scrub(getattr(row, field), old, new))
            row.save(update_fields=[field])
