"""The interface language of a player: their saved choice, the cookie, this request.

Django picks the language from the language cookie (set by the footer switch)
or the browser's Accept-Language. For a logged-in player with a saved language
that saved language wins at every request, on every device: a choice made on
one (the footer switch or the settings page saves it) reaches their other
sessions at their next request, and the cookie is brought in line with it.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext_lazy as _


def saved_language(request: HttpRequest) -> str:
    """The logged-in player's saved language, or "" (a visitor, no preference)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    code = user.language or ""
    return code if is_supported(code) else ""


def apply_saved_language(request: HttpRequest) -> str:
    """Render this request in the player's saved language; returns the code to store
    in the cookie when the request's cookie says otherwise ("" when nothing to do)."""
    code = saved_language(request)
    if not code:
        return ""
    if translation.get_language() != code:
        activate_for_request(request, code)
    if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != code:
        return code
    return ""


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
