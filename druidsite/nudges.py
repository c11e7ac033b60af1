"""Listen-only sockets that nudge a page when what it shows changes (a ladder, a
tournament): the page then fetches its new state the ordinary way."""

from __future__ import annotations

from channels.db import database_sync_to_async

from druidsite.site_socket import SiteSocket
from druidsite.socket_limits import TOO_LARGE, too_large


class NudgeConsumer(SiteSocket):
    """Joins the group ``group_for(url kwargs)``; subclasses name a handler for their
    event type that calls ``nudge``. Clients send nothing (an oversized message is
    answered like on every socket)."""

    def group_for(self, kwargs: dict) -> str:
        raise NotImplementedError

    def may_watch(self, kwargs: dict, user) -> bool:
        """Whether the thing exists and ``user`` may see its page (read in a thread)."""
        raise NotImplementedError

    async def connect(self) -> None:
        self.group = None
        kwargs = self.scope["url_route"]["kwargs"]
        # As a game socket: an unknown id, or one the viewer may not see, is refused
        # at the handshake ("not found", the page's answer being 404 or 403).
        if not await database_sync_to_async(self.may_watch)(kwargs, self.scope.get("user")):
            await self.close(code=4404)
            return
        self.group = self.group_for(kwargs)
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
