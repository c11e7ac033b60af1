"""/ws/tournaments/<id>/: a nudge whenever the tournament changes (tournaments.live)."""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from druidsite.realtime import remember_server_loop
from druidsite.socket_limits import TOO_LARGE, too_large
from tournaments.live import group


class TournamentConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        remember_server_loop()
        self.group = group(self.scope["url_route"]["kwargs"]["tournament_id"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if too_large(text_data, bytes_data):
            await self.send_json(TOO_LARGE)

    async def tournament_changed(self, event: dict) -> None:
        await self.send_json({"type": "tournament", "action": event.get("action")})
