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
def _token_user_query(vendor: str) -> tuple[str, list[tuple[str, list, object]]]:
    """The query of ``_user_for_token`` for the database ``vendor``, and for each of
    its columns the user's field name with the converters the ORM applies to it.
    Plain SQL, built once: compiling the ORM's join cost more than running it, for
    every handshake of a program (docs/storm.md)."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from rest_framework.authtoken.models import Token

    quote, user = connection.ops.quote_name, get_user_model()._meta
    columns = [field.get_col("u") for field in user.concrete_fields]
    sql = (f"SELECT {', '.join(f'u.{quote(col.target.column)}' for col in columns)} "
           f"FROM {quote(Token._meta.db_table)} t JOIN {quote(user.db_table)} u "
           f"ON u.{quote(user.pk.column)} = t.{quote(Token._meta.get_field('user').column)} "
           f"WHERE t.{quote(Token._meta.pk.column)} = %s")
    return sql, [(col.target.attname, connection.ops.get_db_converters(col)
                  + col.get_db_converters(connection), col) for col in columns]


@database_sync_to_async
def _user_for_token(key: str):
    """The active user of API token ``key``, or None (as the ORM would load it)."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    sql, columns = _token_user_query(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        row = cursor.fetchone()
    if row is None:
        return None
    values = []
    for value, (_, converters, col) in zip(row, columns, strict=True):
        for convert in converters:
            value = convert(value, col, connection)
        values.append(value)
    user = get_user_model().from_db(connection.alias, [name for name, *_ in columns], values)
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
