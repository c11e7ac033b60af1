"""Sockets: a match's live updates for its viewer, the lobby, a player's own channel."""

from __future__ import annotations

import functools
import re

from channels.db import database_sync_to_async
from django.core.cache import cache
from django.db import connection
from django.utils.translation import gettext as _

from druidsite.channel_layer import join_groups
from druidsite.realtime import presence_key, user_group, watching_key
from druidsite.site_socket import SiteSocket
from druidsite.socket_limits import (
    MAX_MESSAGE_BYTES,  # noqa: F401 - the limit, named here too
    TOO_LARGE,
    too_large,
)
from games.core.visibility import match_payload, records_payload, viewer_seat
from games.models import Match, Seat
from games.realtime.broadcast import group_name, lobby_group
from games.realtime.snapshot_reads import read_match, read_records

PRESENCE_SECONDS = 90
#: How long a game's page counts as looked at after its last "here" (the page says it
#: every 30 s while shown): the turn of that game is not pushed nor mailed meanwhile.
WATCHING_SECONDS = 90
#: The largest version (or game id) a client may name: beyond it the database's integers
#: overflow.
MAX_VERSION = 2**31 - 1
_DIGITS = re.compile(r"[0-9]{1,10}")


def _send_chat(match_id: int, user, channel, text) -> dict | None:
    """Send a chat line; the refusal's status and reason (in the writer's language)."""
    from django.conf import settings
    from django.utils import translation

    from games.core.errors import ServiceError
    from social import chat

    with translation.override(getattr(user, "language", "") or settings.LANGUAGE_CODE):
        try:
            chat.send(match_id, user, channel, text)
        except ServiceError as error:
            return {"status": error.status, "error": str(error)}
    return None


@functools.cache
def _viewer_sql() -> str:
    """The query of ``MatchConsumer._viewer``: a match and its viewer's own seat."""
    quote = connection.ops.quote_name
    match, seat = quote(Match._meta.db_table), quote(Seat._meta.db_table)
    return (f"SELECT m.id, (SELECT s.seat FROM {seat} s WHERE s.match_id = m.id "
            f"AND s.user_id = %s AND s.takeover_level = '' ORDER BY s.id LIMIT 1) "
            f"FROM {match} m WHERE m.id = %s")


def valid_version(value) -> bool:
    """A version a client asks to catch up from: an integer (not a boolean) in range."""
    return type(value) is int and 0 <= value <= MAX_VERSION


class MatchConsumer(SiteSocket):
    """/ws/games/<id>/?since=<version>: catch up from a version, then follow live."""

    #: The cache key that marks the signed-in player of a seat as looking at this game.
    watching: str | None = None
    #: The game's group this socket listens to (none before ``connect`` has chosen it).
    group: str | None = None

    def load_at_connect(self) -> tuple[int, str | None] | None:
        found = self._viewer(self.scope["url_route"]["kwargs"]["match_id"])
        if found is not None and found[1] is not None:
            # A player of the game opened its page: looking at it from the accept on (in
            # the handshake's one database hop; the cache write is one Redis round trip).
            self.watching = watching_key(self.scope["user"].pk, found[0])
            cache.set(self.watching, True, WATCHING_SECONDS)
        return found

    async def connect(self) -> None:
        self.group = None
        match_id = self.scope["url_route"]["kwargs"]["match_id"]
        # A player's seat was read with the log-in check (load_at_connect). A visitor
        # watches the public view: the match is read once, with its snapshot, after
        # the group is joined and before the accept (an unknown id is still refused).
        found = self.loaded if self.groups else (match_id, None)
        if found is None:
            await self.close(code=4404)
            return
        self.match_id, self.viewer = found
        self.group = group_name(self.match_id, self.viewer)
        await join_groups(self.channel_layer, [self.group], self.channel_name)
        if self.groups:
            await self.accept()
            await self._catch_up(self._since())
            return
        message = await self._snapshot(self._since())
        if message is None:
            await self.close(code=4404)  # disconnect() leaves the group
            return
        await self.accept()
        await self.send_json(message)

    def _since(self) -> int:
        query = self.scope.get("query_string", b"").decode("ascii", "replace")
        for part in query.split("&"):
            key, _, value = part.partition("=")
            if key == "since" and _DIGITS.fullmatch(value) and int(value) <= MAX_VERSION:
                return int(value)
        return 0

    def _viewer(self, match_id: int) -> tuple[int, str | None] | None:
        """The match's id and the signed-in viewer's seat (viewer_seat's rule: the first
        of their seats not handed over) in one query, or None when there is no such
        match. Plain SQL, built once: compiling the ORM's subquery was the costliest
        part of a player's handshake (docs/storm.md)."""
        if not 0 < match_id <= MAX_VERSION:  # beyond the database's integers: no such id
            return None
        with connection.cursor() as cursor:
            cursor.execute(_viewer_sql(), [self.scope["user"].pk, match_id])
            found = cursor.fetchone()
        return None if found is None else (found[0], found[1] or None)

    @database_sync_to_async
    def _snapshot(self, since: int) -> dict | None:
        # Read with SQL built once (games.realtime.snapshot_reads): through the ORM
        # these reads were half of a reconnecting socket's CPU.
        found = read_match(self.match_id) if 0 < self.match_id <= MAX_VERSION else None
        if found is None:
            return None
        match, seats = found
        self.viewer = viewer_seat(match, self.scope.get("user"), seats)  # may be handed over
        return {
            "type": "sync",
            "match": match_payload(match, self.viewer, seats),
            "records": records_payload(match, self.viewer, since=since,
                                       records=read_records(match.pk, since)),
        }

    async def _catch_up(self, since: int) -> None:
        message = await self._snapshot(since)
        if message is None:  # the match is gone
            await self.close(code=4404)
            return
        await self._follow(self.viewer)
        await self.send_json(message)

    async def _follow(self, viewer: str | None) -> None:
        """Listen to ``viewer``'s group only (a seat handed to an AI player: the public one)."""
        group = group_name(self.match_id, viewer)
        if group != self.group:
            await self.channel_layer.group_add(group, self.channel_name)
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group, self.viewer = group, viewer

    async def disconnect(self, code: int) -> None:
        if self.group:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.watching:
            await database_sync_to_async(cache.delete)(self.watching)

    async def _here(self, shown: bool) -> None:
        """The page says whether it is shown: a player's turn in this game is not pushed
        while they look at it; a hidden page (another tab, the phone locked) is not
        looking. Nothing is answered (the page says it every 30 s)."""
        if not self.watching:
            return  # a visitor or a spectator: nobody's turn to keep quiet
        if not shown:
            await database_sync_to_async(cache.delete)(self.watching)
        elif await self.may_write():  # a log-in that ended keeps nobody's turn quiet
            await database_sync_to_async(cache.set)(self.watching, True, WATCHING_SECONDS)

    async def receive_json(self, content, **kwargs) -> None:
        # Three requests: "I am at version N, send what I missed", a chat line, and
        # "here" (the page is shown, or not).
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "here" and type(content.get("shown")) is bool:
            await self._here(content["shown"])
            return
        if kind == "sync":
            since = content.get("since")
            if valid_version(since):
                await self._catch_up(since)
                return
        elif kind == "chat":
            await self._chat(content.get("channel"), content.get("text"))
            return
        await self.send_json({"type": "error",
                              "error": 'expected {"type": "sync", "since": N} with N >= 0, '
                                       '{"type": "chat", "channel": C, "text": T} '
                                       'or {"type": "here", "shown": B}'})

    async def _chat(self, channel, text) -> None:
        """A chat line written over the socket: the same rules as the API's; a refusal
        (flooding, too long, a channel one may not write) is answered with its reason."""
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.send_json({"type": "error", "status": 401,
                                  "error": str(_("Log in to chat."))})
            return
        if not await self.may_write():
            return
        refusal = await database_sync_to_async(_send_chat)(self.match_id, user, channel, text)
        if refusal is not None:
            await self.send_json({"type": "error", **refusal})

    async def chat_line(self, event: dict) -> None:
        await self.send_json({"type": "chat", "line": event["line"]})

    async def review_progress(self, event: dict) -> None:
        await self.send_json({"type": "review", **event["review"]})

    async def match_update(self, event: dict) -> None:
        await self._follow(event["match"]["viewer"])
        await self.send_json({"type": "update", "match": event["match"],
                              "records": event["records"]})


class LobbyConsumer(SiteSocket):
    """/ws/lobby/: a nudge whenever the list of open challenges changes."""

    async def connect(self) -> None:
        await self.channel_layer.group_add(lobby_group(), self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(lobby_group(), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if too_large(text_data, bytes_data):
            await self.send_json(TOO_LARGE)
        # Otherwise nothing: listen only.

    async def lobby_changed(self, event: dict) -> None:
        await self.send_json({"type": "lobby"})


class UserConsumer(SiteSocket):
    """/ws/me/: open on every page of a logged-in player; marks them present."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=4401)
            return
        self.user_id = user.pk
        await join_groups(self.channel_layer, [user_group(self.user_id)], self.channel_name)
        await self.accept()

    def load_at_connect(self) -> None:
        # Present from the accept on: marked before it (in the handshake's one database
        # hop), so nothing the client does once connected (its own ping, a page asking
        # who is present) runs ahead of the mark.
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            cache.set(presence_key(user.pk), True, PRESENCE_SECONDS)

    async def _mark_present(self) -> None:
        await database_sync_to_async(cache.set)(presence_key(self.user_id), True, PRESENCE_SECONDS)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "user_id"):
            await self.channel_layer.group_discard(user_group(self.user_id), self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        # Any small message is a keep-alive ping that renews presence.
        if too_large(text_data, bytes_data):
            await self.send_json(TOO_LARGE)
        elif len(text_data) <= 256 and await self.may_write():
            await self._mark_present()

    async def user_games(self, event: dict) -> None:
        await self.send_json({"type": "games", "match": event["match"]})

    async def user_notices(self, event: dict) -> None:
        # The count of unread notices (notices.service) changed.
        await self.send_json({"type": "notices", "unread": event["unread"]})

    async def user_notice(self, event: dict) -> None:
        # A challenge of theirs changed (games.core.notices): shown by every page.
        await self.send_json({"type": "notice", **event["notice"]})
