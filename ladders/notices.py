"""What ladders tell their players (notices.service), and their pages, live.

Every change of a ladder is an audit row (ladders.positions.audit); after its
commit ``after_audit`` nudges the ladder page's socket group and tells the
players it touches: a challenge (the defender), positions moved by a result or
an admin, a removal or ban (with its reason), a freeze, reopening or close (every
player). A decision on a result is told with its reason (``result_decided``).
"""

from __future__ import annotations

import logging

from django.urls import reverse
from django.utils import timezone

from ladders.models import Ladder, LadderAudit, LadderGame
from notices.service import send

log = logging.getLogger(__name__)
Action = LadderAudit.Action


def ladder_group(ladder_id: int) -> str:
    return f"ladder-{ladder_id}"


def _url(ladder: Ladder) -> str:
    return reverse("ladder_detail", args=[ladder.pk])


def _users(names) -> list:
    from django.contrib.auth import get_user_model

    return list(get_user_model().objects.filter(username__in=list(names)))


def after_audit(ladder: Ladder, entry: LadderAudit) -> None:
    """After the commit of a ladder change: its page hears it; its players are told."""
    from druidsite.realtime import publish

    publish(ladder_group(ladder.pk), {"type": "ladder.changed", "action": entry.action})
    try:
        _tell(ladder, entry)
    except Exception:  # a notice is never worth failing the ladder change that caused it
        log.exception("telling the players of %s about %s failed", ladder.pk, entry.action)


def _tell(ladder: Ladder, entry: LadderAudit) -> None:
    detail, action = entry.detail or {}, entry.action
    if action == Action.CHALLENGE:
        for user in _users([detail.get("defender")]):
            send(user, "ladder_challenged", url=_url(ladder), ladder=ladder.name,
                 challenger=detail.get("challenger"))
    elif action in (Action.RESULT, Action.MOVE, Action.ADD, Action.REMOVE, Action.LEAVE,
                    Action.INACTIVE):
        moved = {m["player"]: m for m in detail.get("moves", [])}
        for user in _users(moved):
            send(user, "ladder_moved", url=_url(ladder), mail=False, ladder=ladder.name,
                 position=moved[user.username]["to"], was=moved[user.username]["from"])
    if action in (Action.FREEZE, Action.UNFREEZE, Action.CLOSE):
        for user in _users(ladder.entries.values_list("user__username", flat=True)):
            send(user, "ladder_status", url=_url(ladder), ladder=ladder.name, status=action)


def result_decided(game: LadderGame, players: list, decision: str, reason: str) -> None:
    """Both players of a ladder game whose result an admin decided ("challenger",
    "defender", "draw" or "annul"), with the reason they read."""
    for user in players:
        send(user, "result_decided", url=reverse("game", args=[game.match_id]),
             match=game.match_id, ladder=game.ladder.name, decision=decision, reason=reason)


def removed(ladder: Ladder, user, reason: str, *, banned: bool, until=None) -> None:
    send(user, "ladder_removed", url=_url(ladder), ladder=ladder.name, reason=reason,
         banned=banned, until=timezone.localtime(until).date().isoformat() if until else None)


def invited(ladder: Ladder, user) -> None:
    send(user, "ladder_invited", url=_url(ladder), ladder=ladder.name)


def announced(ladder: Ladder, item) -> None:
    for user in _users(ladder.entries.values_list("user__username", flat=True)):
        send(user, "ladder_announcement", url=_url(ladder), mail=False, ladder=ladder.name,
             text=item.text[:300])
