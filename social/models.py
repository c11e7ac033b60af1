"""Between players: follows (friends), blocks and reports.

A block is private: the blocked player is never told, and the site refuses
what the block forbids with the same words it uses for any refusal of that
kind. Reports are read by the admins only (the moderation page).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Follow(models.Model):
    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="following")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="followers")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["follower", "followed"], name="one_follow")]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"


class Block(models.Model):
    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="blocking")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block")]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"


class Report(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        HANDLED = "handled", _("handled")
        DISMISSED = "dismissed", _("dismissed")

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                 null=True, related_name="reports_made")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="reports_received")
    reason = models.CharField(max_length=1000)
    #: What was reported in context: a game (and later a chat message of it).
    match = models.ForeignKey("games.Match", on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="+")
    message = models.ForeignKey("games.ChatMessage", on_delete=models.SET_NULL, null=True,
                                blank=True, related_name="reports")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    handled_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"report of {self.user_id} ({self.status})"


class ModerationAction(models.Model):
    """Who did what to an account, and why: the moderation audit log."""

    class Kind(models.TextChoices):
        WARN = "warn", _("warned")
        MUTE = "mute", _("muted (no chat for a week)")
        SUSPEND = "suspend", _("suspended")
        RESTORE = "restore", _("suspension lifted")
        DISMISS = "dismiss", _("report dismissed")
        HIDE = "hide", _("chat line hidden")

    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                              related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="moderation")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    reason = models.CharField(max_length=500)
    report = models.ForeignKey(Report, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="actions")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.user_id} by {self.actor_id}"


class Mute(models.Model):
    """No chat for a player until a moment (moderation)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="mute")
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.user_id} muted until {self.until:%Y-%m-%d}"
