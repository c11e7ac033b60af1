"""Login throttling with django-axes: whose attempts count together, and the lockout answer.

settings.AXES_* lock an account for one address after a number of failed
logins (the site's form, the admin's, POST /api/token/). Here: the account an
attempt names, however it was typed, and what a locked-out visitor gets: the
log-in page's frame with the reason, or the API's error shape.
"""

from __future__ import annotations

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

MAX_NAME = 254


def login_name(request: HttpRequest | None, credentials: dict | None) -> str | None:
    """The account an attempt names: its username when the typed username or email
    address (in any case) is a player's, else the typed text folded to lower case."""
    typed = None
    if credentials:
        typed = credentials.get("username") or credentials.get("email")
    if typed is None and request is not None:
        typed = request.POST.get("login") or request.POST.get("username")
    if not isinstance(typed, str) or not typed.strip():
        return None
    typed = typed.strip()[:MAX_NAME]
    users = get_user_model().objects.only("username")
    user = users.filter(username__iexact=typed).first()
    if user is None and "@" in typed:
        user = users.filter(email__iexact=typed).first()
    return user.username if user is not None else typed.casefold()


def lockout_message(request: HttpRequest) -> str:
    minutes = max(1, int(get_cool_off(request).total_seconds() // 60))
    return _(
        "Too many failed logins: logging in to this account from your address is blocked "
        "for %(minutes)s minutes after %(failures)s failed attempts. Try again later, or "
        "reset your password."
    ) % {"minutes": minutes, "failures": settings.AXES_FAILURE_LIMIT}


def locked_out(request: HttpRequest, original_response: HttpResponse | None = None,
               credentials: dict | None = None) -> HttpResponse:
    """The answer to a login refused for too many failures (AXES_LOCKOUT_CALLABLE): 429."""
    message = lockout_message(request)
    if request.path == reverse("api-token"):
        response: HttpResponse = JsonResponse({"error": message, "code": "locked_out"},
                                              status=429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": message},
                          status=429)
    response["Retry-After"] = str(int(get_cool_off(request).total_seconds()))
    return response
