"""Follows, blocks, reports and the admins' moderation; every write is here."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from druidsite.ids import parse_id
from games.core.errors import Conflict, Forbidden, NotFound, ServiceError
from social.models import Block, Follow, ModerationAction, Mute, Report
from social.selectors import blocked_between

MAX_REASON = 1000
MUTE_FOR = timedelta(days=7)


def _other(user, name_or_user: Any):
    other = name_or_user
    if isinstance(name_or_user, str):
        other = get_user_model().objects.filter(username__iexact=name_or_user.strip()).first()
    if other is None or not getattr(other, "pk", None):
        raise NotFound(_("There is no player of that name."))
    if other.pk == user.pk:
        raise ServiceError(_("That is you."))
    return other


def follow(user, other) -> Follow:
    """Follow a player; refused between two players one of whom blocks the other (a block
    ends following both ways, and so keeps it ended)."""
    other = _other(user, other)
    if Block.objects.filter(blocker=user, blocked=other).exists():
        raise Conflict(_("You blocked %(name)s: unblock them first.") % {"name": other.username})
    if blocked_between(user.pk, other.pk):
        raise Forbidden(_("You cannot follow %(name)s.") % {"name": other.username})
    found, created = Follow.objects.get_or_create(follower=user, followed=other)
    if not created:
        raise Conflict(_("You follow %(name)s already.") % {"name": other.username})
    return found


def unfollow(user, other) -> None:
    other = _other(user, other)
    Follow.objects.filter(follower=user, followed=other).delete()


def block(user, other) -> Block:
    """Block a player: no challenges, invitations or chat between the two; the blocked
    player is not told. Following ends both ways."""
    other = _other(user, other)
    with transaction.atomic():
        found, _created = Block.objects.get_or_create(blocker=user, blocked=other)
        Follow.objects.filter(Q(follower=user, followed=other)
                              | Q(follower=other, followed=user)).delete()
    return found


def unblock(user, other) -> None:
    other = _other(user, other)
    Block.objects.filter(blocker=user, blocked=other).delete()


def report(reporter, other, reason: Any, *, match_id: int | None = None,
           message_id: int | None = None) -> Report:
    """Report a player, or a chat line of theirs (``message_id``), with a reason."""
    if message_id is not None:
        from games.models import ChatMessage
        from social.chat import lines

        line = ChatMessage.objects.select_related("user", "match").filter(pk=message_id).first()
        if line is None or not any(x["id"] == line.pk for x in lines(line.match, reporter)):
            raise NotFound(_("There is no chat line %(id)s.") % {"id": message_id})
        other, match_id = line.user, line.match_id
    other = _other(reporter, other)
    if match_id is not None and message_id is None:
        match_id = _known_match(match_id)
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError(_("Say what is wrong: an admin reads it."))
    reason = " ".join(reason.split())
    if len(reason) > MAX_REASON:
        raise ServiceError(_("The reason is too long: at most %(n)s characters.") % {
            "n": MAX_REASON})
    if Report.objects.filter(reporter=reporter, status=Report.Status.OPEN).count() >= 20:
        raise Conflict(_("You have 20 open reports already: the admins will get to them."))
    made = Report.objects.create(reporter=reporter, user=other, reason=reason,
                                 match_id=match_id, message_id=message_id)
    from notices.service import send

    for admin in get_user_model().objects.filter(is_staff=True, is_active=True):
        send(admin, "report_opened", url="/moderation/", mail=False, player=other.username)
    return made


def _known_match(match_id: Any) -> int:
    """The id of an existing game, else a refusal naming it (never a database error)."""
    from games.models import Match

    found = parse_id(match_id)
    if found is None or not Match.objects.filter(pk=found).exists():
        raise NotFound(_("There is no game %(id)s.") % {"id": str(match_id)[:20]})
    return found


# --- moderation ---------------------------------------------------------------------------


def _staff(actor) -> None:
    if not getattr(actor, "is_staff", False):
        raise Forbidden(_("Only admins may do this."))


def _reason(reason: Any) -> str:
    reason = " ".join(str(reason or "").split())[:500]
    if not reason:
        raise ServiceError(_("Give the reason: it goes into the moderation log."))
    return reason


def moderate(actor, user, kind: str, reason: Any, *, report_id: int | None = None
             ) -> ModerationAction:
    """Warn (a notice the player reads), suspend (no log-in, no token: their running games
    end by timeout as usual), restore, or dismiss a report; each in the moderation log,
    with who and why; the report, if any, is handled by it."""
    _staff(actor)
    reason = _reason(reason)
    if kind not in ModerationAction.Kind.values:
        raise ServiceError(_("Unknown moderation action."))
    if user.pk == actor.pk:
        raise ServiceError(_("That is you."))
    with transaction.atomic():
        found = None
        if report_id is not None:
            found = Report.objects.select_for_update().filter(pk=report_id).first()
            if found is None:
                raise NotFound(_("There is no report %(id)s.") % {"id": report_id})
            if found.status != Report.Status.OPEN:
                raise Conflict(_("This report has been handled already."))
            found.status = (Report.Status.DISMISSED if kind == ModerationAction.Kind.DISMISS
                            else Report.Status.HANDLED)
            found.handled_by, found.handled_at, found.outcome = actor, timezone.now(), reason
            found.save(update_fields=["status", "handled_by", "handled_at", "outcome"])
        if kind == ModerationAction.Kind.SUSPEND:
            if user.is_staff:
                raise Forbidden(_("An admin's account is not suspended here."))
            user.is_active = False
            user.save(update_fields=["is_active"])
            from rest_framework.authtoken.models import Token

            Token.objects.filter(user=user).delete()
        elif kind == ModerationAction.Kind.RESTORE:
            user.is_active = True
            user.save(update_fields=["is_active"])
            Mute.objects.filter(user=user).delete()
        elif kind == ModerationAction.Kind.HIDE:
            if found is None or found.message_id is None:
                raise ServiceError(_("Only a reported chat line can be hidden here."))
            from social.chat import hide

            hide(found.message_id, actor)
        elif kind == ModerationAction.Kind.MUTE:
            Mute.objects.update_or_create(user=user, defaults={
                "until": timezone.now() + MUTE_FOR})
        action = ModerationAction.objects.create(actor=actor, user=user, kind=kind,
                                                 reason=reason, report=found)
    if kind == ModerationAction.Kind.SUSPEND:
        end_sessions(user)
    from notices.service import send

    if kind == ModerationAction.Kind.WARN:
        send(user, "moderation_warning", reason=reason)
    if found is not None and found.reporter is not None:
        send(found.reporter, "report_handled", mail=False, player=found.user.username)
    return action


def end_sessions(user) -> None:
    """Log the player out everywhere (their sessions hold their id)."""
    from django.contrib.sessions.models import Session

    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        if str(session.get_decoded().get("_auth_user_id")) == str(user.pk):
            session.delete()
