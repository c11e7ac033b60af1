"""The lobby socket nudges the lobby when a table opens or fills."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.lobby import tables
from games.realtime.routing import websocket_urlpatterns

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

APP = URLRouter(websocket_urlpatterns)


async def test_it_tells_the_lobby_when_tables_change(alice, bob):
    socket = WebsocketCommunicator(APP, "/ws/lobby/")
    assert (await socket.connect())[0]
    table = await database_sync_to_async(tables.open_table)(alice, game="kasteel", size=3)
    assert await socket.receive_json_from(timeout=2) == {"type": "lobby"}
    await database_sync_to_async(tables.join_table)(table.pk, bob)
    assert await socket.receive_json_from(timeout=2) == {"type": "lobby"}
    await socket.disconnect()
