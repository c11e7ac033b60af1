"""/ws/ladders/<id>/: a nudge whenever the ladder changes (ladders.notices.after_audit)."""

from __future__ import annotations

from druidsite.nudges import NudgeConsumer
from ladders.notices import ladder_group


class LadderConsumer(NudgeConsumer):
    def group_for(self, kwargs: dict) -> str:
        return ladder_group(kwargs["ladder_id"])

    def may_watch(self, kwargs: dict, user) -> bool:
        from ladders.models import Ladder

        return Ladder.objects.filter(pk=kwargs["ladder_id"]).exists()

    async def ladder_changed(self, event: dict) -> None:
        await self.nudge("ladder", event)
