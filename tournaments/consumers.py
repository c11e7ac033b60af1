"""/ws/tournaments/<id>/: a nudge whenever the tournament changes (tournaments.live)."""

from __future__ import annotations

from druidsite.nudges import NudgeConsumer
from tournaments.live import group


class TournamentConsumer(NudgeConsumer):
    def group_for(self, kwargs: dict) -> str:
        return group(kwargs["tournament_id"])

    def may_watch(self, kwargs: dict, user) -> bool:
        from tournaments.models import Tournament

        found = Tournament.objects.filter(pk=kwargs["tournament_id"]).first()
        # A draft is shown to admins only (tournaments.views.tournament_detail).
        return found is not None and (found.status != Tournament.Status.DRAFT
                                      or getattr(user, "is_staff", False))

    async def tournament_changed(self, event: dict) -> None:
        await self.nudge("tournament", event)
