"""Listen-only sockets that nudge a page when what it shows changes (a ladder, a
tournament): the page then fetches its new state the ordinary way."""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from druidsite.realtime import remember_server_loop
from druidsite.socket_limits import TOO_LARGE, too_large
from druidsite.socket_threads import DirectDispatch


class NudgeConsumer(DirectDispatch, AsyncJsonWebsocketConsumer):
    """Joins the group ``group_for(url kwargs)``; subclasses name a handler for their
    event type that calls ``nudge``. Clients send nothing (an oversized message is
    answered like on every socket)."""

    def group_for(self, kwargs: dict) -> str:
        raise NotImplementedError

    async def connect(self) -> None:
        remember_server_loop()
        self.group = self.group_for(self.scope["url_route"]["kwargs"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if too_large(text_data, bytes_data):
            await self.send_json(TOO_LARGE)

    async def nudge(self, kind: str, event: dict) -> None:
        await self.send_json({"type": kind, "action": event.get("action")})
