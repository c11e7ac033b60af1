"""Apply a player's saved language at every request."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

from accounts.language import apply_saved_language, store_in_cookie


class UserLanguageMiddleware(MiddlewareMixin):
    """A logged-in player's saved language wins at every request.

    Doing it here rather than in a login signal covers every way of logging in
    (the account pages, the admin, a confirmation link that logs in) and a
    change made on another device (the footer switch and the settings page
    save the choice). The language cookie follows, so that a page rendered
    before login or after logout keeps the player's language. A player without
    a preference keeps the language they browse with.
    """

    def process_request(self, request: HttpRequest) -> None:
        request._saved_language = apply_saved_language(request)

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        code = getattr(request, "_saved_language", "")
        if code and not response.cookies.get(settings.LANGUAGE_COOKIE_NAME):
            store_in_cookie(response, code)
        return response

