"""A game socket's handshake waits for as few database hops as it can.

A reconnect burst is thousands of handshakes, and each hop to a database
thread of each one is queued and waited for (docs/storm.md): a player's
(token) handshake makes three (the token, the log-in check with the seat, the
snapshot), a visitor's one (the snapshot), with or without a stray cookie.
"""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.db import DatabaseSyncToAsync
from channels.testing import WebsocketCommunicator
from rest_framework.authtoken.models import Token

from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def application(settings):
    settings.EMBEDDED_WORKER = False
    from druidsite.asgi import application

    return application


@pytest.fixture
def hops(monkeypatch) -> list[str]:
    seen: list[str] = []
    original = DatabaseSyncToAsync.thread_handler

    def counted(self, loop, *args, **kwargs):
        seen.append(getattr(self.func, "__name__", repr(self.func)))
        return original(self, loop, *args, **kwargs)

    monkeypatch.setattr(DatabaseSyncToAsync, "thread_handler", counted)
    return seen


async def handshake(application, match, headers, hops: list[str]) -> tuple[dict, list[str]]:
    socket = WebsocketCommunicator(application, f"/ws/games/{match.pk}/?since=0",
                                   headers=headers)
    hops.clear()
    connected, _ = await socket.connect(timeout=5)
    assert connected
    message = await socket.receive_json_from(timeout=5)
    made = list(hops)
    await socket.disconnect()
    return message, made


async def test_it_opens_a_players_socket_in_three_hops(application, alice, bob, hops):
    match = await sync_to_async(new_game)(alice, bob)
    token = await sync_to_async(Token.objects.create)(user=alice)
    message, made = await handshake(
        application, match, [(b"authorization", f"Token {token.key}".encode())], hops)
    assert message["type"] == "sync" and message["match"]["viewer"] == "moon"
    assert len(made) == 3, made


@pytest.mark.parametrize("headers", [[], [(b"cookie", b"theme=dark")]])
async def test_it_opens_a_visitors_socket_in_one_hop(application, alice, bob, hops, headers):
    match = await sync_to_async(new_game)(alice, bob)
    message, made = await handshake(application, match, headers, hops)
    assert message["type"] == "sync" and message["match"]["viewer"] is None
    assert len(made) == 1, made
