"""The base of every socket of the site: what each one does the same way.

- It remembers the server's event loop (druidsite.realtime);
- a message over the size limit, or binary, is answered with TOO_LARGE and
  never decoded (druidsite.socket_limits); JSON that does not parse is None;
- a signed-in player's socket joins the groups of its log-in before it is
  accepted, and is closed (SIGNED_OUT) when that log-in ends
  (druidsite.socket_accounts); ``may_write`` checks the log-in again before
  a message changes anything;
- a handshake it refuses (closed before its accept) ends the consumer at once,
  leaving its groups: nothing waits on the channel layer for a client that was
  turned away until that client's disconnect arrives;
- the log-in check and what the socket loads to decide (``load_at_connect``)
  share one hop to a database thread, and the groups are joined in one Redis
  round trip: a reconnect burst is thousands of handshakes, and each hop and
  round trip of each one is waited for (docs/storm.md).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.exceptions import AcceptConnection, DenyConnection, StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils.translation import gettext as _

from druidsite.channel_layer import join_groups
from druidsite.realtime import remember_server_loop
from druidsite.socket_accounts import SIGNED_OUT, account_groups, still_signed_in
from druidsite.socket_limits import TOO_LARGE, too_large
from druidsite.socket_threads import DirectDispatch


def signed_out_error() -> dict:
    return {"type": "error", "status": 401,
            "error": str(_("Your log-in has ended (logged out, new password, or the account "
                           "is closed): log in again."))}


class SiteSocket(DirectDispatch, AsyncJsonWebsocketConsumer):
    #: What ``load_at_connect`` returned, for ``connect``.
    loaded: Any = None
    #: Whether the handshake was accepted (``accept`` was sent).
    accepted: bool = False

    def load_at_connect(self) -> Any:
        """The database work ``connect`` needs for a signed-in socket (synchronous, in
        a database thread), done in the same hop as the log-in check, after the
        log-in's groups are joined. Nothing by default; a visitor's socket (no
        groups) makes no hop here."""
        return None

    def _checked_load(self) -> tuple[bool, Any]:
        if self.groups and not still_signed_in(self.scope):
            return False, None
        return True, self.load_at_connect()

    async def websocket_connect(self, message) -> None:
        remember_server_loop()
        # Joined before the log-in is checked once more: a close sent in between is
        # not missed. Left again by websocket_disconnect (channels' ``groups``).
        self.groups = account_groups(self.scope)
        await join_groups(self.channel_layer, self.groups, self.channel_name)
        if self.groups:
            signed_in, self.loaded = await database_sync_to_async(self._checked_load)()
            if not signed_in:
                await self.close(code=SIGNED_OUT)
                await self._end_refused(SIGNED_OUT)
        try:
            await self.connect()
        except AcceptConnection:
            await self.accept()
        except DenyConnection:
            await self.close()
        if not self.accepted:
            await self._end_refused(1006)

    async def accept(self, subprotocol=None, headers=None) -> None:
        self.accepted = True
        await super().accept(subprotocol, headers)

    async def _end_refused(self, code: int) -> None:
        """End a consumer whose handshake was refused: leave its groups and stop.
        Otherwise it would wait on the channel layer until the client's disconnect,
        which a client that is turned away sends when it likes (a test never does)."""
        await self.websocket_disconnect({"type": "websocket.disconnect", "code": code})
        raise StopConsumer()  # websocket_disconnect raises it already; a subclass may not

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if too_large(text_data, bytes_data):
            await self.send_json(TOO_LARGE)
            return
        # Not channels' own receive: it raises on an empty text frame (valid WebSocket),
        # which closed the socket with 1011; here it is JSON that does not parse.
        await self.receive_json(await self.decode_json(text_data), **kwargs)

    @classmethod
    async def decode_json(cls, text_data):
        try:
            return await super().decode_json(text_data)
        except (ValueError, RecursionError):  # not JSON, or nested too deep: the caller answers
            return None

    async def may_write(self) -> bool:
        """Whether the socket's log-in still holds (read now); if not, says so and closes."""
        if await database_sync_to_async(still_signed_in)(self.scope):
            return True
        await self.account_closed({})
        return False

    async def account_closed(self, event: dict) -> None:
        """The log-in this socket was opened with has ended."""
        await self.send_json(signed_out_error())
        await self.close(code=SIGNED_OUT)
