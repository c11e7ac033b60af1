"""/ws/ladders/<id>/: a nudge whenever the ladder changes (ladders.notices.after_audit)."""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from druidsite.realtime import remember_server_loop
from druidsite.socket_limits import TOO_LARGE, too_large
from ladders.notices import ladder_group


class LadderConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        remember_server_loop()
        self.group = ladder_group(self.scope["url_route"]["kwargs"]["ladder_id"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if too_large(text_data, bytes_data):
            await self.send_json(TOO_LARGE)

    async def ladder_changed(self, event: dict) -> None:
        await self.send_json({"type": "ladder", "action": event.get("action")})
