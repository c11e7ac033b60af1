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
