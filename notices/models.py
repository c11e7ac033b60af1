"""Notices: what the site tells a player (a result decided, a ladder change...).

A notice keeps its kind and the facts it names, not its text: it is put in
words in the reader's language when shown (notices.kinds), on the site and in
the mail that goes with it.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Notice(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notices")
    kind = models.CharField(max_length=32)
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class PushSubscription(models.Model):
    """One browser's web push subscription (a device of the player's)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="push_subscriptions")
    # The push service's address for this browser; the server posts to it.
    endpoint = models.URLField(max_length=500, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=40)
    label = models.CharField(max_length=80, blank=True, default="")
    # Kinds turned off on this device only (the player's choice for all devices holds too).
    off_kinds = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"push device {self.pk} of {self.user_id}"


class PushPreferences(models.Model):
    """Which kinds a player wants pushed, and their quiet hours (in their time zone)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="push_preferences")
    # The kinds (notices.push_kinds.PUSH_KINDS) the player turned off.
    off_kinds = models.JSONField(default=list, blank=True)
    # A turn pushed is not mailed too, unless the player asks for both.
    turn_mail_too = models.BooleanField(default=False)
    quiet_from = models.TimeField(null=True, blank=True)
    quiet_until = models.TimeField(null=True, blank=True)
    time_zone = models.CharField(max_length=64, blank=True, default="UTC")
    # Pushes held during quiet hours: [{"kind", "url"}], sent as one summary after.
    held = models.JSONField(default=list, blank=True)

    def __str__(self) -> str:
        return f"push preferences of {self.user_id}"
