"""/ws/tournaments/<id>/: a nudge whenever the tournament changes (tournaments.live)."""

from __future__ import annotations

from druidsite.nudges import NudgeConsumer
from tournaments.live import group


class TournamentConsumer(NudgeConsumer):
    def group_for(self, kwargs: dict) -> str:
        return group(kwargs["tournament_id"])

    async def tournament_changed(self, event: dict) -> None:
        await self.nudge("tournament", event)
