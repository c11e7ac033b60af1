"""A chat line goes live to the sockets whose viewers may read its channel."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from druidsite.asgi import application
from games import chat
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]


async def test_a_chat_line_reaches_the_players_socket_not_the_spectators(alice, bob):
    from asgiref.sync import sync_to_async

    match = await sync_to_async(new_game)(alice, bob)
    player = WebsocketCommunicator(application, f"/ws/games/{match.pk}/")
    player.scope["user"] = bob
    spectator = WebsocketCommunicator(application, f"/ws/games/{match.pk}/")
    assert (await player.connect())[0] and (await spectator.connect())[0]
    await player.receive_json_from(timeout=5)
    await spectator.receive_json_from(timeout=5)
    await sync_to_async(_send_committed)(match.pk, alice, "players", "hi bob")
    line = await player.receive_json_from(timeout=5)
    assert line == {"type": "chat", "line": {**line["line"], "text": "hi bob"}}
    assert await spectator.receive_nothing(timeout=0.5)
    await player.disconnect()
    await spectator.disconnect()


def _send_committed(match_id, user, channel, text):
    chat.send(match_id, user, channel, text)


