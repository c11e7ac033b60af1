"""One decision of what to tell whom and when, for mail and push alike.

The turn mail (games.realtime.notifications) and every notice (notices.service) ask
here: a turn is decided once per game turn, after NOTIFY_DELAY_SECONDS (the caller
knows) and not while the player is looking at that game (``watching``); this module
says by which way.
A turn goes by push when the player has a device and wants turns pushed, and then not
by mail too unless they asked for both. During quiet hours (in the player's time zone)
a push is held and sent with the others as one summary when they end.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.core.cache import cache

from druidsite.realtime import watching_key
from notices.models import PushPreferences, PushSubscription
from notices.push_kinds import off_by_default, push_kind_of


@dataclass(frozen=True)
class Ways:
    """How one thing is told to one player."""

    mail: bool
    push: bool
    hold: bool  # the push waits for the end of the quiet hours


def preferences(user) -> PushPreferences:
    """The player's push preferences (the defaults, unsaved, when they have none)."""
    found = PushPreferences.objects.filter(user=user).first()
    return found or PushPreferences(user=user, off_kinds=off_by_default())


def zone(prefs: PushPreferences) -> ZoneInfo:
    try:
        return ZoneInfo(prefs.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def in_quiet_hours(prefs: PushPreferences, now: datetime) -> bool:
    start, end = prefs.quiet_from, prefs.quiet_until
    if start is None or end is None or start == end:
        return False
    local: time = now.astimezone(zone(prefs)).time()
    if start < end:
        return start <= local < end
    return local >= start or local < end  # over midnight, e.g. 22:00 to 07:00


def watching(user_id: int, match_id: int) -> bool:
    """Whether the player is looking at that game now: its page is open and shown (the
    game's socket keeps the mark; games.realtime.consumers). Their turn there, or a chat
    line in it, is then neither pushed nor mailed: they see it."""
    return bool(cache.get(watching_key(user_id, match_id)))


def push_preferences(user, notice_kind: str) -> PushPreferences | None:
    """The player's preferences when this kind is to be pushed to them: push is set up on
    the site, the kind may be pushed, they want it and have a device; None otherwise.
    (Asks the database nothing when push is off or the kind is never pushed.)"""
    if not settings.WEBPUSH_ENABLED or getattr(user, "is_bot", False):
        return None
    key = push_kind_of(notice_kind)
    if key is None:
        return None
    prefs = preferences(user)
    if key in prefs.off_kinds:
        return None
    # A device that takes this kind (each device may turn kinds off for itself).
    devices = PushSubscription.objects.filter(user=user).values_list("off_kinds", flat=True)
    return prefs if any(key not in off for off in devices) else None


def for_notice(user, notice_kind: str, now: datetime, mail: bool) -> Ways:
    """A notice: mailed as the caller says (under the player's mail setting), pushed if
    wanted, held in quiet hours."""
    prefs = push_preferences(user, notice_kind)
    wants_mail = (mail and bool(getattr(user, "email", "")) and not getattr(user, "is_bot", False)
                  and getattr(user, "notify", "each") != "off")
    return Ways(mail=wants_mail, push=prefs is not None,
                hold=prefs is not None and in_quiet_hours(prefs, now))


def for_turn(user, now: datetime, mail_allowed: bool) -> Ways:
    """A turn owed for the delay, while no page of the player's is open. ``mail_allowed``:
    the mail rules (their setting, once a game a day) allow a mail."""
    prefs = push_preferences(user, "your_turn")
    if prefs is None:
        return Ways(mail=mail_allowed, push=False, hold=False)
    return Ways(mail=mail_allowed and prefs.turn_mail_too, push=True,
                hold=in_quiet_hours(prefs, now))
