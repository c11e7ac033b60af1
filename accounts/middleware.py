"""Apply a player's saved language once they are logged in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.deprecation import MiddlewareMixin

from accounts.language import (
    APPLIED_SESSION_KEY,
    activate_for_request,
    is_supported,
    store_in_cookie,
)


class UserLanguageMiddleware(MiddlewareMixin):
    """On the first request of a logged-in session, switch to the saved language.

    Doing it here rather than in a login signal covers every way of logging in
    (the account pages, the admin, a confirmation link that logs in) and needs
    no access to the login view's response. The session remembers that it was
    done, so the footer switch can still change the language afterwards; a new
    login (a new session) applies the saved preference again. A player without
    a preference keeps the language they browsed with.
    """

    def process_request(self, request: HttpRequest) -> None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return
        if request.session.get(APPLIED_SESSION_KEY) == user.pk:
            return
        request.session[APPLIED_SESSION_KEY] = user.pk
        if user.language and is_supported(user.language):
            activate_for_request(request, user.language)
            request._saved_language = user.language

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        code = getattr(request, "_saved_language", None)
        if code:
            store_in_cookie(response, code)
        return response
