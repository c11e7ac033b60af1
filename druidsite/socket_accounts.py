"""A socket lives only as long as the log-in it was opened with.

A socket is authenticated once, at its handshake (a session cookie, or an API
token: druidsite.ws_auth). What ends a log-in afterwards must reach the
sockets opened with it, on whichever web process holds them:

- every socket of a signed-in player joins its account's group, and the
  group of its session (or of its token);
- suspension, deletion and a new password close the account's group, a
  logout its session's group, a deleted token its token's group (the
  receivers are in accounts.socket_sessions), through the channel layer;
- and every message that changes something is checked against the database
  first (``still_signed_in``), so a close that was lost, or a change made
  without signals (a queryset update), still stops the socket's writes.
"""

from __future__ import annotations

import functools
import hashlib
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.crypto import constant_time_compare

#: The close code of a socket whose log-in ended (as /ws/me/ refuses an anonymous visitor).
SIGNED_OUT = 4401
CLOSE_EVENT = "account.closed"


def _hashed(kind: str, secret: str) -> str:
    # Group names are seen by the channel layer (and Redis): never the secret itself.
    return f"{kind}-{hashlib.sha256(secret.encode()).hexdigest()[:32]}"


def account_group(user_id: int) -> str:
    return f"account-{user_id}"


def session_group(session_key: str) -> str:
    return _hashed("session", session_key)


def token_group(key: str) -> str:
    return _hashed("token", key)


def _session_key(scope: dict) -> str | None:
    session = scope.get("session")
    try:
        return session.session_key if session is not None else None
    except Exception:  # a scope without channels' session middleware
        return None


def account_groups(scope: dict) -> list[str]:
    """The groups a socket of this scope joins: none for an anonymous visitor."""
    user = scope.get("user")
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    groups = [account_group(user.pk)]
    if scope.get("auth_token"):
        groups.append(token_group(scope["auth_token"]))
    elif key := _session_key(scope):
        groups.append(session_group(key))
    return groups


def still_signed_in(scope: dict) -> bool:
    """Whether the log-in a socket was opened with still holds, read from the database:
    the account is active, and its token still exists, or its session still exists and
    names it with the current password (Django's own session check)."""
    user = scope.get("user")
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if scope.get("auth_token"):
        from django.db import connection

        # Plain SQL built once: every handshake of a program asks this, and compiling
        # the ORM's join was most of its cost (docs/storm.md).
        with connection.cursor() as cursor:
            cursor.execute(_token_holds_sql(), [scope["auth_token"], user.pk])
            return cursor.fetchone() is not None
    key = _session_key(scope)
    if key:
        return _session_names(key, user)
    # No session and no token: a scope given its user directly (the tests' way).
    return type(user)._default_manager.filter(pk=user.pk, is_active=True).exists()


@functools.cache
def _token_holds_sql() -> str:
    """The token is still there, still the user's, and the account still active."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from druidsite.row_loader import quoted_column, quoted_table

    user = get_user_model()
    token_user = quoted_column(Token, "user", "t")
    return (f"SELECT 1 FROM {quoted_table(Token)} t INNER JOIN {quoted_table(user)} u "
            f"ON {quoted_column(user, user._meta.pk.name, 'u')} = {token_user} "
            f"WHERE {quoted_column(Token, Token._meta.pk.name, 't')} = %s "
            f"AND {token_user} = %s AND {quoted_column(user, 'is_active', 'u')}")


def _session_names(key: str, user) -> bool:
    """Django's own check of a session (django.contrib.auth.get_user), read fresh from the
    session store, without its side effects (a session is never flushed or cycled here)."""
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        load_backend,
    )

    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key=key)
    try:
        user_id, backend_path = store[SESSION_KEY], store[BACKEND_SESSION_KEY]
    except KeyError:  # logged out: the session is gone, or holds no one
        return False
    if (backend_path not in settings.AUTHENTICATION_BACKENDS
            or user._meta.pk.to_python(user_id) != user.pk):
        return False
    fresh = load_backend(backend_path).get_user(user.pk)  # None when inactive
    if fresh is None or not fresh.is_active:
        return False
    stored = store.get(HASH_SESSION_KEY) or ""
    return any(constant_time_compare(stored, expected) for expected in (
        fresh.get_session_auth_hash(), *fresh.get_session_auth_fallback_hash()))


def _close_after_commit(group: str, why: str) -> None:
    from druidsite.realtime import publish

    message: dict[str, Any] = {"type": CLOSE_EVENT, "why": why}
    transaction.on_commit(lambda: publish(group, message))


def close_account_sockets(user_id: int, why: str) -> None:
    """Close every socket of the account, on every web process (after the commit)."""
    _close_after_commit(account_group(user_id), why)


def close_session_sockets(session_key: str, why: str) -> None:
    _close_after_commit(session_group(session_key), why)


def close_token_sockets(key: str, why: str) -> None:
    _close_after_commit(token_group(key), why)
