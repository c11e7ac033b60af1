"""A refused handshake ends its consumer at once.

A socket closed before its accept (an unknown path, a game or tournament that
does not exist or may not be seen, /ws/me/ for a visitor) leaves its groups and
stops without waiting for the client's disconnect: nothing of a turned-away
client stays on the channel layer (here the real Redis layer), however long
that client keeps its connection.
"""

from __future__ import annotations

import asyncio

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.services]


@pytest.fixture
def application(settings, redis_url):
    settings.EMBEDDED_WORKER = False
    from druidsite.asgi import application

    return application


@pytest.fixture
def draft(db) -> int:
    return Tournament.objects.create(name="Secret cup", round_count=3).pk


REFUSED = [("/ws/nothing-here/", 4404), ("/ws/games/987654/", 4404),
           ("/ws/tournaments/{draft}/", 4404), ("/ws/ladders/987654/", 4404)]


@pytest.mark.parametrize(("role", "path", "code"), [
    *(("anonymous", path, code) for path, code in REFUSED),
    *(("player", path, code) for path, code in REFUSED),
    ("anonymous", "/ws/me/", 4401),
])
async def test_it_ends_the_consumer_of_a_refused_handshake(application, draft, alice, path,
                                                           code, role):
    socket = WebsocketCommunicator(application, path.format(draft=draft))
    socket.scope["user"] = alice if role == "player" else AnonymousUser()
    assert await socket.connect(timeout=5) == (False, code)
    # No disconnect sent: the consumer ends by itself, without an error.
    await asyncio.wait_for(asyncio.shield(socket.future), timeout=5)
    assert socket.future.exception() is None


async def test_it_keeps_an_accepted_socket_until_its_client_leaves(application, alice):
    socket = WebsocketCommunicator(application, "/ws/me/")
    socket.scope["user"] = alice
    assert (await socket.connect(timeout=5))[0]
    await asyncio.sleep(0.3)
    assert not socket.future.done()
    await socket.disconnect()
