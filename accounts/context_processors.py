"""Template context for the site header: the your-turn counter and the unverified-email banner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allauth.account.models import EmailAddress
from django.http import HttpRequest


def _cached(request: HttpRequest, name: str, compute: Callable[[], Any]) -> Callable[[], Any]:
    """A callable the template engine calls on use: the query runs only on pages
    that show the value, and at most once per request however often it is shown."""
    attribute = f"_header_{name}"

    def value() -> Any:
        if not hasattr(request, attribute):
            setattr(request, attribute, compute())
        return getattr(request, attribute)

    return value


def your_turn_count(request: HttpRequest) -> int:
    """How many of the player's active games owe a move from them (the your-turn page's list)."""
    from games.core.turns import my_turn_count

    return my_turn_count(getattr(request, "user", None))


def email_unverified(request: HttpRequest) -> bool:
    """True for a logged-in player who gave addresses but confirmed none of them yet.

    Accounts made outside the sign-up pages (createsuperuser, AI players) have
    no address records and see no reminder.
    """
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return False
    flags = list(EmailAddress.objects.filter(user=user).values_list("verified", flat=True))
    return bool(flags) and not any(flags)


def notices_unread(request: HttpRequest) -> int:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return 0
    from notices.service import unread_count

    return unread_count(user)


def header(request: HttpRequest) -> dict[str, Callable[[], Any]]:
    return {
        "notices_unread": _cached(request, "notices_unread", lambda: notices_unread(request)),
        "your_turn_count": _cached(request, "your_turn_count", lambda: your_turn_count(request)),
        "email_unverified": _cached(request, "email_unverified", lambda: email_unverified(request)),
    }
