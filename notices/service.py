"""Sending notices: stored for the site's list, told live to open pages, mailed, pushed.

Whether a notice is mailed or pushed is decided in notices.decide: mailed under the
player's mail setting (none when turn mails are off; a bot has no mail), pushed for
the kinds the player wants. Sending never raises into the action that caused it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone, translation

from druidsite.site_url import site_url
from notices import decide, push
from notices.kinds import words
from notices.models import Notice

log = logging.getLogger(__name__)


def unread_count(user) -> int:
    return Notice.objects.filter(user=user, read_at__isnull=True).count()


def publish_unread(user) -> None:
    """Every open page of the player shows the new count of unread notices."""
    from druidsite.realtime import publish, user_group

    publish(user_group(user.pk), {"type": "user.notices", "unread": unread_count(user)})


def send(user, kind: str, *, url: str = "", mail: bool = True, pushed: bool = True,
         **params: Any) -> Notice:
    """Store a notice and tell the player; ``pushed=False``: the caller decided the push
    (the turn, in games.realtime.notifications)."""
    notice = Notice.objects.create(user=user, kind=kind, params=params, url=url)
    ways = decide.for_notice(user, kind, timezone.now(), mail)
    if pushed and ways.push:
        try:
            with transaction.atomic():  # a failed push leaves the caller's transaction whole
                push.tell(user, kind, params, url, hold=ways.hold)
        except Exception:
            log.warning("pushing a %s notice to %s failed", kind, user.pk, exc_info=True)

    def after() -> None:
        publish_unread(user)
        if ways.mail:
            try:
                with translation.override(getattr(user, "language", "") or
                                          settings.LANGUAGE_CODE):
                    subject, text = words(kind, params)
                    link = f"\n\n{site_url()}{url}" if url else ""
                    send_mail(subject, text + link, None, [user.email])
            except Exception:
                log.warning("mailing a %s notice to %s failed", kind, user.pk, exc_info=True)

    transaction.on_commit(after)
    return notice


def push_only(user, kind: str, *, url: str = "", **params: Any) -> None:
    """Tell by push alone, nothing stored (a chat line: the game's page keeps it), under
    the same decision as a notice (the kind wanted, quiet hours)."""
    ways = decide.for_notice(user, kind, timezone.now(), mail=False)
    if ways.push:
        try:
            push.tell(user, kind, params, url, hold=ways.hold)
        except Exception:
            log.warning("pushing a %s to %s failed", kind, user.pk, exc_info=True)
