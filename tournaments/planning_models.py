"""What directors plan and tell: each round's start time and deadline, announcements,
and the marks that keep the scheduled task (tournaments.schedule) from doing anything
twice. Imported by tournaments.models, so they belong to the tournaments app."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ScheduledRound(models.Model):
    """A director's times for one round. ``starts_at`` empty: the round starts when the
    last game of the round before has ended (as without a schedule); set: not before
    that time (and never before the round before has ended). ``deadline``: the round's
    unfinished games are adjudicated then (docs/tournaments.md, "Schedules")."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="scheduled_rounds")
    number = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField(_("starts"), null=True, blank=True)
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"],
                                    name="one_schedule_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: schedule of round {self.number}"


class ScheduleMark(models.Model):
    """Something the scheduled task did once (a warning sent, a deadline adjudicated, a
    start refused for too few players), keyed with the time it was for: a rerun finds
    the mark and does nothing; a new time (a moved deadline) is a new key."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="schedule_marks")
    key = models.CharField(max_length=80)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "key"], name="one_mark_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.key}"


class TournamentAnnouncement(models.Model):
    """A director's message to the entrants, shown on the tournament's page."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="announcements")
    text = models.TextField(max_length=2000)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                           blank=True, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.text[:40]}"
