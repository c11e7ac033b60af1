"""A Kasteel team event's teams: two entrants a director formed before the start
(docs/tournaments.md, "Kasteel team events"; the rules of forming them are in
tournaments.teams). Imported by tournaments.models, so they belong to the tournaments
app; a player's team is TournamentPlayer.team."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class TournamentTeam(models.Model):
    """A team of a team event: two entrants a director formed before the start, who play
    every table of the event together (docs/tournaments.md, "Kasteel team events")."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE,
                                   related_name="teams_formed")
    name = models.CharField(_("name"), max_length=60)
    formed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "formed_at", "id"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "tournament",
                                    name="one_team_name_per_tournament"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.name}"
