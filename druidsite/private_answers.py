"""Every answer to a signed-in visitor is private: no shared cache keeps or hands it on.

A page for a player carries them: their name in the header, their games and
turns, their notices, the mini boards of ``/your-turn/`` with their own
face-down cards. A proxy or shared cache that kept one could hand it to the
next visitor. So the default, for every answer to a signed-in visitor, is
``Cache-Control: private, no-store`` with ``Vary: Cookie`` (what the game
pages and the API already say, through ``mark_private``).

A view whose answer is truly the same for everyone opts out with
``same_for_everyone``. Static files never reach this middleware (WhiteNoise
answers them before the session is read).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.deprecation import MiddlewareMixin


def mark_private(response: HttpResponse) -> HttpResponse:
    """An answer that carries one viewer's game (a hand, legal moves): no cache but the
    viewer's own may keep it, and none may hand it to another session or token."""
    patch_cache_control(response, private=True, no_store=True)
    patch_vary_headers(response, ("Cookie", "Authorization"))
    return response


#: The attribute a ``same_for_everyone`` view leaves on its answer.
PUBLIC_MARK = "same_for_everyone"


def same_for_everyone(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The answers of ``view`` do not depend on who asks: left for caches to keep."""
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = view(request, *args, **kwargs)
        setattr(response, PUBLIC_MARK, True)
        return response
    return wrapped


class PrivateAnswersMiddleware(MiddlewareMixin):
    """After authentication: marks each answer to a signed-in visitor private, no-store
    (signed in when the request came, as for a log-out's answer, or when it leaves, as
    after a log-in)."""

    def process_request(self, request: HttpRequest) -> None:
        request.signed_in_on_arrival = _signed_in(request)

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        signed_in = getattr(request, "signed_in_on_arrival", False) or _signed_in(request)
        if not signed_in or getattr(response, PUBLIC_MARK, False):
            return response
        patch_cache_control(response, private=True, no_store=True)
        patch_vary_headers(response, ("Cookie",))
        return response


def _signed_in(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)
