"""Token authentication for sockets: scripts and bots send `Authorization: Token <key>`.

Browsers are authenticated by their session cookie (Channels' AuthMiddleware);
programs that hold an API token may open the same sockets with the token in the
handshake's Authorization header. Tokens in URLs are not accepted: URLs end up
in logs.
"""

from __future__ import annotations

import functools

from channels.auth import AuthMiddleware
from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from channels.security.websocket import OriginValidator
from channels.sessions import CookieMiddleware, SessionMiddleware
from django.conf import settings


@functools.cache
def _token_user_read():
    """The query of ``_user_for_token`` and the loader of its row. Plain SQL, built
    once: compiling the ORM's join cost more than running it, for every handshake
    of a program (docs/storm.md)."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from druidsite.row_loader import RowLoader, quoted_column, quoted_table

    user = get_user_model()
    loader = RowLoader(user)
    user_key = quoted_column(user, user._meta.pk.name, "u")
    sql = (f"SELECT {loader.select_list('u')} "
           f"FROM {quoted_table(Token)} t JOIN {quoted_table(user)} u "
           f"ON {user_key} = {quoted_column(Token, 'user', 't')} "
           f"WHERE {quoted_column(Token, Token._meta.pk.name, 't')} = %s")
    return sql, loader


@database_sync_to_async
def _user_for_token(key: str):
    """The active user of API token ``key``, or None (as the ORM would load it)."""
    from django.db import connection

    sql, loader = _token_user_read()
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        row = cursor.fetchone()
    if row is None:
        return None
    user = loader.make(row)
    return user if user.is_active else None


def _token_from_headers(headers) -> str | None:
    for name, value in headers:
        if name.lower() == b"authorization":
            scheme, _, key = value.decode("latin-1").partition(" ")
            if scheme.lower() == "token" and 0 < len(key.strip()) <= 64:
                return key.strip()
    return None


class TokenAuthMiddleware(BaseMiddleware):
    """Inside the session auth (socket_auth_stack): a valid token replaces an anonymous user."""

    async def __call__(self, scope, receive, send):
        user = scope.get("user")
        if user is None or not getattr(user, "is_authenticated", False):
            key = _token_from_headers(scope.get("headers", []))
            if key:
                found = await _user_for_token(key)
                if found is not None:
                    # The key names the log-in: its socket closes when it is deleted.
                    scope = dict(scope, user=found, auth_token=key)
        return await super().__call__(scope, receive, send)


class SessionAuthMiddleware(AuthMiddleware):
    """Channels' AuthMiddleware, without its hop to a database thread when the
    handshake carries no session cookie (a program with a token, a visitor who
    never logged in): such a scope's user is anonymous without reading anything,
    and a reconnect burst is mostly made of handshakes."""

    async def resolve_scope(self, scope):
        session = scope["session"]
        if session.session_key is None:
            from django.contrib.auth.models import AnonymousUser

            scope["user"]._wrapped = AnonymousUser()
            return
        await super().resolve_scope(scope)


def socket_auth_stack(inner):
    """A socket's user: its session cookie's log-in, else its token's (else anonymous)."""
    return CookieMiddleware(SessionMiddleware(SessionAuthMiddleware(TokenAuthMiddleware(inner))))


class BrowserOriginValidator(OriginValidator):
    """Refuses sockets opened by pages of other sites; programs send no Origin.

    A browser always sends the Origin header on a WebSocket handshake, so a
    missing header means a program (a bot with a token), which cross-site
    socket hijacking cannot involve. A present header must name an allowed host.
    """

    def valid_origin(self, parsed_origin) -> bool:
        if parsed_origin is None:
            return True
        return self.validate_origin(parsed_origin)


def browser_origin_validator(application):
    """Like Channels' AllowedHostsOriginValidator, but letting programs without Origin in."""
    allowed = list(settings.ALLOWED_HOSTS)
    if settings.DEBUG and not allowed:
        allowed = ["localhost", "127.0.0.1", "[::1]"]
    return BrowserOriginValidator(application, allowed)
