"""The player's own socket (presence, game nudges) and the lobby socket."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache

from druidsite.realtime import presence_key
from games.core import services
from games.realtime.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

APP = URLRouter(websocket_urlpatterns)


async def test_it_marks_a_player_present_while_a_page_is_open(alice):
    socket = WebsocketCommunicator(APP, "/ws/me/")
    socket.scope["user"] = alice
    assert (await socket.connect())[0]
    assert await database_sync_to_async(cache.get)(presence_key(alice.pk))
    await socket.disconnect()


async def test_it_refuses_the_own_socket_to_anonymous_visitors():
    socket = WebsocketCommunicator(APP, "/ws/me/")
    socket.scope["user"] = AnonymousUser()
    connected, code = await socket.connect()
    assert not connected and code == 4401


async def test_it_nudges_both_players_when_a_game_starts(alice, bob):
    socket = WebsocketCommunicator(APP, "/ws/me/")
    socket.scope["user"] = bob
    await socket.connect()
    challenge = await database_sync_to_async(services.create_challenge)(alice)
    match = await database_sync_to_async(services.accept_challenge)(challenge.pk, bob)
    message = await socket.receive_json_from(timeout=2)
    assert message == {"type": "games", "match": match.pk}
    await socket.disconnect()


async def test_it_tells_the_lobby_when_challenges_change(alice):
    socket = WebsocketCommunicator(APP, "/ws/lobby/")
    socket.scope["user"] = AnonymousUser()
    await socket.connect()
    await database_sync_to_async(services.create_challenge)(alice)
    assert await socket.receive_json_from(timeout=2) == {"type": "lobby"}
    await socket.disconnect()
