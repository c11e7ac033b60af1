"""The player's push settings: registering a device (JSON), removing one, the kinds and
the quiet hours (the settings page's form)."""

from __future__ import annotations

import base64
import binascii
import json
from datetime import time
from ipaddress import ip_address
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import available_timezones

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from druidsite.private_answers import mark_private
from notices.models import PushPreferences, PushSubscription
from notices.push_kinds import PUSH_KIND_KEYS

MAX_DEVICES = 20


def _b64url(value: Any, size: int) -> bytes | None:
    if not isinstance(value, str) or not value or len(value) > 200:
        return None
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return None
    return raw if len(raw) == size else None


def _endpoint_ok(value: Any) -> bool:
    if not isinstance(value, str) or not 10 < len(value) <= 500:
        return False
    parts = urlsplit(value)
    if parts.scheme == "https" and parts.hostname:
        return True
    if parts.scheme == "http" and settings.WEBPUSH_ALLOW_LOOPBACK and parts.hostname:
        try:
            return ip_address(parts.hostname).is_loopback
        except ValueError:
            return False
    return False


def _error(message: str, status: int = 400) -> JsonResponse:
    return mark_private(JsonResponse({"error": message}, status=status))


def parse_subscription(body: bytes) -> tuple[dict[str, str] | None, str]:
    """The browser's PushSubscription.toJSON() (and a label), checked; (None, why) if bad."""
    try:
        data = json.loads(body or b"null")
    except (ValueError, UnicodeDecodeError):
        return None, _("The request is not JSON.")
    if not isinstance(data, dict):
        return None, _("The request must be a JSON object.")
    keys = data.get("keys")
    if not _endpoint_ok(data.get("endpoint")):
        return None, _("The endpoint must be an https address.")
    if not isinstance(keys, dict):
        return None, _("The subscription's keys are missing.")
    p256dh, auth = _b64url(keys.get("p256dh"), 65), _b64url(keys.get("auth"), 16)
    if p256dh is None or p256dh[0] != 4:
        return None, _("The key p256dh must be a P-256 public key (65 bytes, base64url).")
    if auth is None:
        return None, _("The key auth must be 16 bytes in base64url.")
    label = data.get("label", "")
    if not isinstance(label, str) or len(label) > 80:
        return None, _("The label must be text of at most 80 characters.")
    return {"endpoint": data["endpoint"], "p256dh": keys["p256dh"], "auth": keys["auth"],
            "label": label.strip()}, ""


@login_required
@require_http_methods(["POST", "DELETE"])
def subscription(request: HttpRequest) -> HttpResponse:
    """POST: register this browser's subscription; DELETE {"endpoint"}: forget it."""
    if request.method == "DELETE":
        try:
            endpoint = json.loads(request.body or b"null").get("endpoint")
        except (ValueError, UnicodeDecodeError, AttributeError):
            return _error(_("The request must be a JSON object with an endpoint."))
        if not isinstance(endpoint, str):
            return _error(_("The request must be a JSON object with an endpoint."))
        removed, _kinds = PushSubscription.objects.filter(user=request.user,
                                                          endpoint=endpoint).delete()
        return mark_private(JsonResponse({"removed": removed}))
    if not settings.WEBPUSH_ENABLED:
        return _error(_("Push notifications are not set up on this site."), 409)
    fields, why = parse_subscription(request.body)
    if fields is None:
        return _error(why)
    existing = PushSubscription.objects.filter(endpoint=fields["endpoint"]).first()
    if existing is None and PushSubscription.objects.filter(user=request.user).count() >= \
            MAX_DEVICES:
        return _error(_("You have too many devices; remove one first."))
    # An endpoint is one browser: registered again (by whoever is signed in there now),
    # it moves to that player with its new keys.
    device, created = PushSubscription.objects.update_or_create(
        endpoint=fields["endpoint"],
        defaults={"user": request.user, "p256dh": fields["p256dh"], "auth": fields["auth"],
                  "label": fields["label"] or request.headers.get("User-Agent", "")[:80]})
    return mark_private(JsonResponse({"id": device.pk, "created": created},
                                     status=201 if created else 200))


@login_required
@require_POST
def remove_device(request: HttpRequest, device_id: int) -> HttpResponse:
    get_object_or_404(PushSubscription, pk=device_id, user=request.user).delete()
    messages.success(request, _("The device will get no more pushes."))
    return redirect("/settings/#push")


@login_required
@require_POST
def device_kinds(request: HttpRequest, device_id: int) -> HttpResponse:
    """The kinds one device gets (each also on for all devices)."""
    device = get_object_or_404(PushSubscription, pk=device_id, user=request.user)
    device.off_kinds = [key for key in PUSH_KIND_KEYS if not request.POST.get(f"kind_{key}")]
    device.save(update_fields=["off_kinds"])
    messages.success(request, _("Your push settings are saved."))
    return redirect("/settings/#push")


def _time(value: str) -> time | None:
    try:
        return time.fromisoformat(value) if value else None
    except ValueError:
        raise ValueError(value) from None


@login_required
@require_POST
def preferences(request: HttpRequest) -> HttpResponse:
    """The kinds pushed, the quiet hours and their time zone; a bad value changes nothing."""
    data = request.POST
    zone = data.get("time_zone", "UTC") or "UTC"
    try:
        quiet_from, quiet_until = _time(data.get("quiet_from", "")), _time(
            data.get("quiet_until", ""))
    except ValueError:
        messages.error(request, _("Quiet hours must be times such as 22:00."))
        return redirect("/settings/#push")
    if zone not in available_timezones():
        messages.error(request, _("Unknown time zone: %(zone)s.") % {"zone": zone[:64]})
        return redirect("/settings/#push")
    prefs, _created = PushPreferences.objects.get_or_create(user=request.user)
    prefs.off_kinds = [key for key in PUSH_KIND_KEYS if not data.get(f"kind_{key}")]
    prefs.turn_mail_too = bool(data.get("turn_mail_too"))
    prefs.quiet_from, prefs.quiet_until, prefs.time_zone = quiet_from, quiet_until, zone
    prefs.save()
    messages.success(request, _("Your push settings are saved."))
    return redirect("/settings/#push")
