"""What every write of a tournament begins and ends with: its row locked, its audit row.

Shared by the admins' actions (tournaments.services) and the rounds
(tournaments.rounds), which sit side by side above it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.core.errors import NotFound
from tournaments import live
from tournaments.models import Tournament, TournamentAudit

Action = TournamentAudit.Action


def lock(tournament_id: Any) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(
            pk=int(getattr(tournament_id, "pk", tournament_id)))
    except (Tournament.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no tournament %(id)s.") % {"id": tournament_id}) from None


def audit(tournament: Tournament, actor, action: str, **detail: Any) -> TournamentAudit:
    """An audit row, and after the commit a nudge to the tournament's page."""
    entry = TournamentAudit.objects.create(
        tournament=tournament, actor=actor if getattr(actor, "pk", None) else None,
        action=action, detail=detail,
    )
    live.changed_after_commit(tournament.pk, action)
    return entry
