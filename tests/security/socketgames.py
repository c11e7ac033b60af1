"""Random API games followed live over the match socket by both players and a spectator.

The sockets are channels' WebsocketCommunicator on the site's ASGI application
(origin check, session authentication, routing), logged in with the players'
session cookies; the spectator has none. After each write every socket must
receive exactly one update, which its own leakcheck.Reader checks. Midway a
socket asks to catch up from an old version and the spectator reconnects
with ``?since=``.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from tests.security.apigames import MOVE_CAP, ApiGame, Clients, Outcome
from tests.security.leakcheck import Reader

TIMEOUT = 10


def session_cookie(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


class Socket:
    def __init__(self, application, game: ApiGame, seat: str | None, cookie: str | None,
                 since: int | None = None) -> None:
        headers = [(b"origin", b"http://testserver")]
        if cookie:
            headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
        path = f"/ws/games/{game.truth.match_id}/" + (f"?since={since}" if since else "")
        self.communicator = WebsocketCommunicator(application, path, headers=headers)
        self.reader = Reader(game.truth, seat, f"{seat or 'spectator'} socket")

    async def open(self) -> None:
        connected, _code = await self.communicator.connect(timeout=TIMEOUT)
        assert connected, self.reader.name
        await self.expect("sync", "connect")

    async def expect(self, kind: str, where: str) -> dict:
        message = await self.communicator.receive_json_from(timeout=TIMEOUT)
        assert message["type"] == kind, (self.reader.name, where, message.get("type"))
        self.reader.check(message, where)
        return message


async def follow_game(index: int, clients: Clients, application, cookies: dict) -> Outcome:
    game = ApiGame(index, clients)
    game.rng.seed(f"socket-{index}")
    await sync_to_async(game.start)()
    sockets = [Socket(application, game, seat, cookies[name])
               for seat, name in ((s["seat"], s["player"]) for s in await _seats(game))]
    sockets.append(Socket(application, game, None, None))
    for socket in sockets:
        await socket.open()
    rejoin_at = game.rng.randrange(10, 30)
    while game.truth.over_at is None and game.moves < MOVE_CAP:
        await sync_to_async(game.move)()
        await _updates(sockets, game)
        if game.moves == rejoin_at:
            await _catch_up(application, game, sockets)
    by_rules = game.truth.over_at is not None
    if not by_rules:
        seat = game.rng.choice(sorted(game.seat_client))
        await sync_to_async(game.other_write)(seat, "resign", {}, True)
        await _updates(sockets, game)
    result = game.outcome(by_rules)
    for socket in sockets:
        await socket.communicator.disconnect()
        result.messages += socket.reader.messages
        result.cards_checked += socket.reader.cards_checked
        result.problems += socket.reader.problems
    return result


@sync_to_async
def _seats(game: ApiGame) -> list[dict]:
    body = game.anonymous.get(game.url()).json()
    game.readers["anonymous"].check(body, "detail at the start")
    return body["seats"]


async def _updates(sockets: list[Socket], game: ApiGame) -> None:
    for socket in sockets:
        message = await socket.expect("update", f"update {game.truth.version}")
        assert message["match"]["version"] == game.truth.version


async def _catch_up(application, game: ApiGame, sockets: list[Socket]) -> None:
    """A player asks for what it missed; the spectator comes back with ?since=."""
    since = game.rng.randrange(0, game.truth.version)
    await sockets[0].communicator.send_json_to({"type": "sync", "since": since})
    await sockets[0].expect("sync", f"sync since {since}")
    spectator = sockets[-1]
    await spectator.communicator.disconnect()
    sockets[-1] = Socket(application, game, None, None, since=since)
    sockets[-1].reader = spectator.reader
    await sockets[-1].open()
