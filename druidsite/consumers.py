"""The site's own sockets: health probes (tasks reach sockets end to end), and the
refusal of a path that names no socket."""

from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer

from druidsite.site_socket import SiteSocket
from druidsite.socket_limits import TOO_LARGE, too_large


class HealthConsumer(SiteSocket):
    group = "health"

    async def connect(self) -> None:
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        # Listening only: anything sent is ignored (never even decoded), and one
        # over the size limit is answered with an error.
        if too_large(text_data, bytes_data):
            await self.send_json(TOO_LARGE)

    async def health_probe(self, event: dict) -> None:
        await self.send_json({"type": "probe", "probe": event["probe"]})


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any path without a socket: the handshake is refused (an HTTP 403 from the
    server), with the close code the game sockets use for "not found"."""

    async def connect(self) -> None:
        await self.close(code=4404)
        raise StopConsumer()  # nothing to wait for: the handshake is refused
