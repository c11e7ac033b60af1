"""What directors decide: who directs a tournament, the byes they plan, the pairings
they forbid and the pairings they set by hand. Imported by tournaments.models, so they
belong to the tournaments app."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class TournamentDirector(models.Model):
    """A player an admin named to direct one tournament (staff direct every tournament).

    A director manages the tournament from its page (tournaments.directing): every
    action needs a reason and goes into its audit log."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="directors")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="directed_tournaments", verbose_name=_("player"))
    named_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("director")
        verbose_name_plural = _("directors")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"],
                                    name="one_director_row_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} directs {self.tournament}"


class PlannedBye(models.Model):
    """A bye a director gave for a Swiss round not yet started: the player is left out
    of that round's pairing and gets ``points`` (a requested bye's or zero)."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="planned_byes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    round_number = models.PositiveSmallIntegerField()
    points = models.FloatField()
    reason = models.CharField(max_length=500)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user", "round_number"],
                                    name="one_planned_bye_per_round_and_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} bye in round {self.round_number} of {self.tournament}"


class ForbiddenPairing(models.Model):
    """Two players who must not meet in this tournament (a household, a teacher and
    pupil): the Swiss pairing treats them as having met already."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="forbidden_pairings")
    first = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="+")
    reason = models.CharField(max_length=500)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "first", "second"],
                                    name="one_forbidden_row_per_pair"),
        ]

    def __str__(self) -> str:
        return f"{self.first} never meets {self.second} in {self.tournament}"


class PairingEdit(models.Model):
    """A director's edit of a Swiss round not yet started: these two play each other
    (checked by the engine when made and again when the round is paired); the rest of
    the field is paired by the engine."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="pairing_edits")
    round_number = models.PositiveSmallIntegerField()
    first = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="+")
    allow_repeat = models.BooleanField(default=False)
    reason = models.CharField(max_length=500)

    def __str__(self) -> str:
        return f"{self.first} - {self.second} in round {self.round_number} of {self.tournament}"
