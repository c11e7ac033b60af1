"""A new password ends the player's API tokens.

Whoever knew the old password may have taken a token with it (POST
/api/token/); the token must not outlive the password. Every way of setting
one ends up in saving the user with a new hash: allauth's change and reset,
the admin's form, ``set_password`` anywhere, a hash written directly. So the
check is on save: when the stored hash changes, the user's tokens are deleted
and the player takes a new one with the new password.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save, pre_save
from django.dispatch import receiver

_CHANGED = "_password_hash_changed"


def _hash_changed(user, update_fields) -> bool:
    if user.pk is None or user._state.adding:
        return False  # a new account has no token yet
    if update_fields is not None and "password" not in update_fields:
        return False
    if getattr(user, "_password", None) is not None:
        return True  # set_password() since the last save
    stored = type(user)._default_manager.filter(pk=user.pk).values_list(
        "password", flat=True).first()
    return stored is not None and stored != user.password


@receiver(pre_save, sender=settings.AUTH_USER_MODEL)
def note_password_change(sender, instance, update_fields=None, **kwargs) -> None:
    setattr(instance, _CHANGED, _hash_changed(instance, update_fields))


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def end_tokens_of_old_password(sender, instance, **kwargs) -> None:
    if getattr(instance, _CHANGED, False):
        from rest_framework.authtoken.models import Token

        Token.objects.filter(user=instance).delete()
        setattr(instance, _CHANGED, False)
