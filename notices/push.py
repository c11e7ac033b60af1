"""Web push: the words of a push, queueing it, and sending it to one device.

Sending is the worker's (the task ``notices.send_push``): a move or an action only
queues it after its commit, so a slow or failing push service never delays them.
A device the push service reports gone (404, 410) is deleted.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from druidsite.enqueue import queue
from notices.decide import in_quiet_hours
from notices.kinds import words
from notices.models import PushPreferences, PushSubscription
from notices.push_kinds import push_kind_of

log = logging.getLogger(__name__)

# Seconds a push service may take to answer before the try counts as failed.
SEND_TIMEOUT_SECONDS = 10
# How long a push service keeps a push for a device that is off (a day).
PUSH_TTL_SECONDS = 24 * 3600
GONE = (404, 410)
# Pushes held per player during quiet hours (the oldest dropped beyond it).
HELD_AT_MOST = 50


class PushFailed(Exception):
    """The push service did not take the push; worth another try."""


def payload(user, kind: str, params: dict[str, Any], url: str) -> str:
    """The JSON the service worker shows: title, body, the link and a tag (one
    notification per game or kind)."""
    with translation.override(getattr(user, "language", "") or settings.LANGUAGE_CODE):
        title, body = words(kind, params)
        if params.get("left_seconds") is not None:
            body = f"{body} {time_left(int(params['left_seconds']))}"
    tag = f"{kind}-{params['match']}" if params.get("match") else kind
    return json.dumps({"title": title, "body": body, "url": url or "/", "tag": tag})


def time_left(seconds: int) -> str:
    """The time left on a clock, in the largest whole unit (hours below two days)."""
    hours = max(0, seconds) // 3600
    if hours >= 48:
        return ngettext("%(count)d day left.", "%(count)d days left.", hours // 24) % {
            "count": hours // 24}
    if hours >= 1:
        return ngettext("%(count)d hour left.", "%(count)d hours left.", hours) % {
            "count": hours}
    minutes = max(0, seconds) // 60
    return ngettext("%(count)d minute left.", "%(count)d minutes left.", minutes) % {
        "count": minutes}


def tell(user, kind: str, params: dict[str, Any], url: str, *, hold: bool) -> None:
    """Push to every device of the player after the commit, or hold it (quiet hours)."""
    if hold:
        item = {"kind": kind, "url": url}
        if kind == "your_turn" and params.get("match"):
            item["match"] = params["match"]  # dropped by the morning if answered by then
        # Locked: the morning's release must not empty the list between read and write.
        prefs, _created = PushPreferences.objects.select_for_update().get_or_create(user=user)
        prefs.held = [*prefs.held, item][-HELD_AT_MOST:]
        prefs.save(update_fields=["held"])
        return
    text = payload(user, kind, params, url)
    key = push_kind_of(kind)
    ids = [pk for pk, off in PushSubscription.objects.filter(user=user).values_list(
        "pk", "off_kinds") if key not in off]
    transaction.on_commit(lambda: [queue("notices.send_push", (pk, text)) for pk in ids])


def most_urgent_game(user) -> str | None:
    """The page of the game waiting for the player with the least time left, if any."""
    from games.core.turns import my_turn_seats

    match_id = my_turn_seats(user).values_list("match_id", flat=True).first()
    return None if match_id is None else f"/games/{match_id}/"


def summary(user, held: list[dict[str, Any]]) -> str:
    """One push for everything held: the link of the only one, else, when a turn is among
    them, the game with the least time left (all waiting games when none is owed any
    more), else the notices list."""
    with translation.override(getattr(user, "language", "") or settings.LANGUAGE_CODE):
        body = ngettext("%(count)d notice came in during your quiet hours.",
                        "%(count)d notices came in during your quiet hours.",
                        len(held)) % {"count": len(held)}
        title = _("While you were away")
    if len(held) == 1 and held[0].get("url"):
        url = held[0]["url"]
    elif any(item.get("kind") == "your_turn" for item in held):
        url = most_urgent_game(user) or "/your-turn/"
    else:
        url = "/notices/"
    return json.dumps({"title": title, "body": body, "url": url, "tag": "summary"})


def still_worth_telling(user, held: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The held pushes without the turns the player has answered since (on another device,
    in the night): a summary never names a turn already played."""
    from games.core.turns import my_turn_seats

    turns = {item["match"] for item in held if item.get("kind") == "your_turn"
             and item.get("match")}
    if not turns:
        return held
    waiting = set(my_turn_seats(user).filter(match_id__in=turns)
                  .values_list("match_id", flat=True))
    return [item for item in held if item.get("kind") != "your_turn"
            or not item.get("match") or item["match"] in waiting]


def release_held(now: datetime | None = None) -> int:
    """The beat task's body: one summary to each player whose quiet hours are over (none
    when all that was held is answered by then); returns the summaries sent."""
    now = now or timezone.now()
    sent = 0
    for pk in PushPreferences.objects.exclude(held=[]).values_list("pk", flat=True):
        with transaction.atomic():
            prefs = (PushPreferences.objects.select_for_update().select_related("user")
                     .filter(pk=pk).exclude(held=[]).first())
            if prefs is None or in_quiet_hours(prefs, now):
                continue
            held, prefs.held = prefs.held, []
            prefs.save(update_fields=["held"])
            held = still_worth_telling(prefs.user, held)
            if not held:
                continue
            text = summary(prefs.user, held)
            ids = list(PushSubscription.objects.filter(user=prefs.user)
                       .values_list("pk", flat=True))
        for device in ids:
            queue("notices.send_push", (device, text))
        sent += 1
    return sent


def deliver(subscription_id: int, text: str) -> str:
    """Send one push; "sent", "gone" (the device was deleted), "missing" or "refused".
    Raises PushFailed when another try may help (a timeout, a 5xx, 429)."""
    from py_vapid import Vapid
    from pywebpush import WebPushException, webpush

    device = PushSubscription.objects.filter(pk=subscription_id).first()
    if device is None or not settings.WEBPUSH_ENABLED:
        return "missing"
    info = {"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}}
    try:
        webpush(info, data=text, vapid_private_key=Vapid.from_string(
                    settings.WEBPUSH_VAPID_PRIVATE_KEY),
                vapid_claims={"sub": settings.WEBPUSH_CONTACT}, timeout=SEND_TIMEOUT_SECONDS,
                ttl=PUSH_TTL_SECONDS)
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in GONE:
            device.delete()
            return "gone"
        if status is None or status == 429 or status >= 500:
            raise PushFailed(f"push service answered {status}") from error
        log.warning("push to device %s refused (%s)", device.pk, status)
        return "refused"
    except Exception as error:  # a timeout, a refused connection
        raise PushFailed(str(error)) from error
    PushSubscription.objects.filter(pk=device.pk).update(last_used_at=timezone.now())
    return "sent"
