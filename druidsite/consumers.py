"""A socket that receives health probes: proves tasks reach sockets end to end."""

from channels.generic.websocket import AsyncJsonWebsocketConsumer

from druidsite.realtime import remember_server_loop


class HealthConsumer(AsyncJsonWebsocketConsumer):
    group = "health"

    async def connect(self) -> None:
        remember_server_loop()
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        # Listening only: anything sent is ignored rather than echoed.
        return None

    async def health_probe(self, event: dict) -> None:
        await self.send_json({"type": "probe", "probe": event["probe"]})
