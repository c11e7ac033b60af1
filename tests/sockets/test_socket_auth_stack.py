"""A socket's user: read from its session only when the handshake carries a session cookie."""

from __future__ import annotations

from channels import auth
from django.conf import settings

from druidsite.ws_auth import socket_auth_stack


def handshake(headers: list[tuple[bytes, bytes]]) -> dict:
    return {"type": "websocket", "path": "/ws/lobby/", "headers": headers}


async def user_of(scope: dict):
    seen = {}

    async def app(scope, receive, send):
        seen["user"] = scope["user"]

    await socket_auth_stack(app)(scope, None, None)
    return seen["user"]


async def test_it_makes_a_handshake_without_a_session_cookie_anonymous_without_reading(
        monkeypatch):
    async def read(scope):
        raise AssertionError("the session was read")

    monkeypatch.setattr(auth, "get_user", read)
    user = await user_of(handshake([(b"cookie", b"theme=dark")]))
    assert not user.is_authenticated


async def test_it_reads_the_user_of_a_session_cookie(monkeypatch):
    reads = []

    async def read(scope):
        reads.append(scope["session"].session_key)
        return "the player"

    monkeypatch.setattr(auth, "get_user", read)
    key = "k" * 32
    user = await user_of(handshake([(b"cookie", f"{settings.SESSION_COOKIE_NAME}={key}".encode())]))
    assert reads == [key] and user == "the player"
