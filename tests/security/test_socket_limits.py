"""Every socket answers a message over the size limit with an error and never acts on it.

The consumers (games.realtime.consumers: match, lobby, me; druidsite.consumers: health)
are reached through the site's ASGI application (origin check, session). Too
large: text over MAX_MESSAGE_BYTES in UTF-8 (also when it has fewer
characters than that), and any binary message. The socket stays open.
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.core.cache import cache

from druidsite.realtime import presence_key
from druidsite.socket_limits import MAX_MESSAGE_BYTES, TOO_LARGE
from games.core import services
from tests.security.socketgames import session_cookie

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

ASCII = "x" * (MAX_MESSAGE_BYTES + 1)
WIDE = "é" * (MAX_MESSAGE_BYTES // 2 + 1)  # fewer characters than the limit, more bytes
SYNC_TOO_LARGE = json.dumps({"type": "sync", "since": 0, "pad": "x" * MAX_MESSAGE_BYTES})


@pytest.fixture
def application(settings):
    settings.EMBEDDED_WORKER = False  # importing the ASGI application starts no worker
    from druidsite.asgi import application

    return application


@database_sync_to_async
def player_and_game(alice, bob):
    game = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    return session_cookie(alice), game.pk


async def connect(application, path: str, cookie: str | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver")]
    if cookie:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _code = await socket.connect()
    assert connected, path
    return socket


async def refuses_oversized(socket: WebsocketCommunicator) -> None:
    for message in (ASCII, WIDE):
        assert len(message.encode()) > MAX_MESSAGE_BYTES
        await socket.send_to(text_data=message)
        assert await socket.receive_json_from() == TOO_LARGE
    await socket.send_to(bytes_data=b"\x00" * 10)
    assert await socket.receive_json_from() == TOO_LARGE


async def test_it_limits_the_match_socket(application, alice, bob):
    cookie, game = await player_and_game(alice, bob)
    socket = await connect(application, f"/ws/games/{game}/", cookie)
    assert (await socket.receive_json_from())["type"] == "sync"
    await refuses_oversized(socket)
    await socket.send_to(text_data=SYNC_TOO_LARGE)  # a valid request, but too large
    assert await socket.receive_json_from() == TOO_LARGE
    assert await socket.receive_nothing()  # ... and not answered as a sync
    await socket.send_json_to({"type": "sync", "since": 0})  # still open, still serving
    assert (await socket.receive_json_from())["type"] == "sync"
    await socket.disconnect()


async def test_it_limits_the_lobby_socket(application):
    socket = await connect(application, "/ws/lobby/")
    await refuses_oversized(socket)
    await socket.send_to(text_data="hello")  # listen only: a small message gets nothing
    assert await socket.receive_nothing()
    await socket.disconnect()


async def test_it_limits_the_players_own_socket_and_takes_no_oversized_ping(
        application, alice, bob):
    cookie, _game = await player_and_game(alice, bob)
    socket = await connect(application, "/ws/me/", cookie)
    await database_sync_to_async(cache.delete)(presence_key(alice.pk))
    await refuses_oversized(socket)
    assert await database_sync_to_async(cache.get)(presence_key(alice.pk)) is None
    await socket.send_to(text_data="ping")
    assert await socket.receive_nothing()
    assert await database_sync_to_async(cache.get)(presence_key(alice.pk)) is True
    await socket.disconnect()


async def test_it_limits_the_health_socket_and_never_decodes(application):
    socket = await connect(application, "/ws/health/")
    await refuses_oversized(socket)
    await socket.send_to(text_data="{not json")  # once a crash of the consumer
    assert await socket.receive_nothing()
    await socket.send_to(text_data="{}")
    assert await socket.receive_nothing()
    await socket.disconnect()
