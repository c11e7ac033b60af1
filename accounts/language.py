"""The interface language of a player: their saved choice, the cookie, this request.

Django picks the language from the language cookie (set by the footer switch
through its set_language view) or the browser's Accept-Language. A player's
saved preference is written into that same cookie, so one mechanism serves
visitors and players alike, and a later footer choice still wins for the rest
of the session.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

# Marks the session whose player's saved language was applied (holds the user's pk).
APPLIED_SESSION_KEY = "accounts_language_applied"


def language_choices() -> list[tuple[str, str]]:
    """Choices for the preference: the site's languages, or empty for the browser's."""
    return [("", _("The browser's language")), *settings.LANGUAGES]


def is_supported(code: str) -> bool:
    return code in dict(settings.LANGUAGES)


def activate_for_request(request: HttpRequest, code: str) -> None:
    """Render the rest of this request in ``code`` (LocaleMiddleware has already run)."""
    translation.activate(code)
    request.LANGUAGE_CODE = translation.get_language()


def browser_language(request: HttpRequest) -> str:
    """The site language closest to what the browser asks for, ignoring the cookie."""
    cookies = request.COOKIES
    request.COOKIES = {k: v for k, v in cookies.items() if k != settings.LANGUAGE_COOKIE_NAME}
    try:
        return translation.get_language_from_request(request)
    finally:
        request.COOKIES = cookies


def store_in_cookie(response: HttpResponse, code: str) -> None:
    """Remember ``code`` in the language cookie, as Django's set_language view does;
    an empty code removes the cookie so the browser's language applies again."""
    if not code:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
        return
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
