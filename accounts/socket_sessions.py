"""What ends a log-in closes the sockets opened with it (druidsite.socket_accounts).

- An account made inactive (suspended by an admin, deleted by its player: both
  save ``is_active=False``) or given a new password (every way of setting one
  saves a new hash, as accounts.tokens notes): every socket of the account.
- A logout: every socket of the account too. The player's other devices stay
  logged in: their pages reconnect at once with their own session (a second's
  latency), so whatever a shared or lost device had open ends with the logout.
- A deleted API token: the sockets opened with it.

The close is sent after the commit, through the channel layer, so it reaches
every web process.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver
from rest_framework.authtoken.models import Token

from druidsite.socket_accounts import (
    close_account_sockets,
    close_session_sockets,
    close_token_sockets,
)

_ENDED = "_socket_login_ended"


def _login_ended(user, update_fields) -> str | None:
    """Why this save ends the account's log-ins: "inactive", "password" or None."""
    if user.pk is None or user._state.adding:
        return None
    fields = set(update_fields) if update_fields is not None else {"is_active", "password"}
    if not fields & {"is_active", "password"}:
        return None  # the common saves (last_login, settings) cost no query
    stored = type(user)._default_manager.filter(pk=user.pk).values(
        "is_active", "password").first()
    if stored is None:
        return None
    if "is_active" in fields and stored["is_active"] and not user.is_active:
        return "inactive"
    if "password" in fields and stored["password"] != user.password:
        return "password"
    return None


@receiver(pre_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="sockets.note_login_end")
def note_login_end(sender, instance, update_fields=None, **kwargs) -> None:
    setattr(instance, _ENDED, _login_ended(instance, update_fields))


@receiver(post_save, sender=settings.AUTH_USER_MODEL, dispatch_uid="sockets.close_on_save")
def close_sockets_of_ended_login(sender, instance, **kwargs) -> None:
    why = getattr(instance, _ENDED, None)
    if why:
        setattr(instance, _ENDED, None)
        close_account_sockets(instance.pk, why)


@receiver(user_logged_out, dispatch_uid="sockets.close_on_logout")
def close_sockets_of_logout(sender, request, user, **kwargs) -> None:
    if user is not None and user.pk is not None:
        close_account_sockets(user.pk, "logout")
        return
    key = getattr(getattr(request, "session", None), "session_key", None)
    if key:
        close_session_sockets(key, "logout")


@receiver(post_delete, sender=Token, dispatch_uid="sockets.close_on_token_delete")
def close_sockets_of_token(sender, instance, **kwargs) -> None:
    close_token_sockets(instance.key, "token")
