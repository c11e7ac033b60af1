"""A tournament's audit log: who did what to it, and when. Imported by
tournaments.models, so it belongs to the tournaments app; it outlives a deleted
tournament (its row keeps the name, with the deletion in the log)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class TournamentAudit(models.Model):
    """Who did what to a tournament, and when."""

    class Action(models.TextChoices):
        CREATE = "create", _("created")
        EDIT = "edit", _("settings changed")
        OPEN = "open", _("registration opened")
        JOIN = "join", _("joined")
        LEAVE = "leave", _("left")
        START = "start", _("started")
        PAUSE = "pause", _("paused")
        RESUME = "resume", _("resumed")
        WITHDRAW = "withdraw", _("player withdrawn")
        CLOSE = "close", _("closed")
        ROUND = "round", _("round started")
        FINISH = "finish", _("finished")
        DELETE = "delete", _("deleted")
        RESULT = "result", _("result decided by a director")
        BYE = "bye", _("bye given")
        LATE = "late", _("late entry accepted")
        FORBID = "forbid", _("pairing forbidden")
        PAIRING = "pairing", _("pairing edited")
        CLOCKS = "clocks", _("clocks paused or restarted")
        SCHEDULE = "schedule", _("round scheduled")
        ADJUDICATE = "adjudicate", _("games adjudicated at the deadline")
        SHORT = "short", _("not started: too few players")
        ANNOUNCE = "announce", _("announcement")
        REOPEN = "reopen", _("reopened")
        RERUN = "rerun", _("run again")
        TEAM = "team", _("team formed")
        UNTEAM = "unteam", _("team disbanded")

    #: Empty once the tournament was deleted: its log stays, with the deletion in it.
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.SET_NULL, null=True,
                                   blank=True, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", help_text=_("Empty when the site itself acted."),
    )
    action = models.CharField(max_length=12, choices=Action.choices)
    detail = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["tournament", "-at"])]

    def __str__(self) -> str:
        name = self.tournament or self.detail.get("name", "a deleted tournament")
        return f"{name} {self.action} by {self.actor or 'the site'}"
