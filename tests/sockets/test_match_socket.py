"""The match socket: each viewer's own updates, live and on catch-up by version."""

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games.core import services
from games.realtime.routing import websocket_urlpatterns
from tests.games.helpers import first_legal, new_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

APP = URLRouter(websocket_urlpatterns)


async def connect(match, user, since=None):
    path = f"/ws/games/{match.pk}/" + (f"?since={since}" if since is not None else "")
    communicator = WebsocketCommunicator(APP, path)
    communicator.scope["user"] = user or AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@database_sync_to_async
def start(alice, bob):
    return new_game(alice, bob)


@database_sync_to_async
def play_first_move(match, user):
    match.refresh_from_db()
    return services.play(match.pk, user, first_legal(match), match.version).match


async def test_it_syncs_the_players_own_view_on_connect(alice, bob):
    match = await start(alice, bob)
    socket = await connect(match, alice)
    message = await socket.receive_json_from()
    assert message["type"] == "sync"
    players = message["match"]["view"]["players"]
    assert players["moon"]["hand"] and players["sun"]["hand"] is None
    assert message["match"]["legal_moves"]
    assert "seed" not in message["match"]
    await socket.disconnect()


async def test_it_pushes_the_opponents_move_live(alice, bob):
    match = await start(alice, bob)
    bobs = await connect(match, bob)
    await bobs.receive_json_from()
    await play_first_move(match, alice)
    update = await bobs.receive_json_from(timeout=2)
    assert update["type"] == "update" and update["match"]["version"] == 1
    assert [r["version"] for r in update["records"]] == [1]
    assert update["match"]["view"]["players"]["moon"]["hand"] is None
    assert update["match"]["view"]["players"]["sun"]["hand"]
    await bobs.disconnect()


async def test_it_gives_spectators_no_hand_and_no_legal_moves(alice, bob):
    match = await start(alice, bob)
    watcher = await connect(match, None)
    message = await watcher.receive_json_from()
    players = message["match"]["view"]["players"]
    assert players["moon"]["hand"] is None and players["sun"]["hand"] is None
    assert message["match"]["legal_moves"] == []
    await play_first_move(match, alice)
    update = await watcher.receive_json_from(timeout=2)
    assert update["match"]["view"]["players"]["moon"]["hand"] is None
    await watcher.disconnect()


async def test_it_catches_up_from_a_version(alice, bob):
    match = await start(alice, bob)
    await play_first_move(match, alice)
    await play_first_move(match, bob)
    socket = await connect(match, alice, since=1)
    message = await socket.receive_json_from()
    assert [r["version"] for r in message["records"]] == [2]
    await socket.send_json_to({"type": "sync", "since": 0})
    again = await socket.receive_json_from()
    assert [r["version"] for r in again["records"]] == [1, 2]
    await socket.disconnect()


async def test_it_answers_bad_messages_with_an_error_and_keeps_the_socket(alice, bob):
    match = await start(alice, bob)
    socket = await connect(match, alice)
    await socket.receive_json_from()
    await socket.send_to(text_data="not json")
    assert (await socket.receive_json_from())["type"] == "error"
    await socket.send_to(text_data="x" * 10000)
    assert (await socket.receive_json_from())["type"] == "error"
    await socket.send_json_to({"type": "sync", "since": -3})
    assert (await socket.receive_json_from())["type"] == "error"
    await socket.send_json_to({"type": "sync", "since": 0})
    assert (await socket.receive_json_from())["type"] == "sync"
    await socket.disconnect()


async def test_it_refuses_a_socket_for_a_missing_game(alice):
    communicator = WebsocketCommunicator(APP, "/ws/games/999/")
    communicator.scope["user"] = alice
    connected, code = await communicator.connect()
    assert not connected and code == 4404


@pytest.mark.parametrize("match_id", [987654, 2**31, 10**30])
async def test_it_refuses_a_players_socket_to_a_game_that_does_not_exist(alice, match_id):
    communicator = WebsocketCommunicator(APP, f"/ws/games/{match_id}/")
    communicator.scope["user"] = alice
    connected, code = await communicator.connect()
    assert (connected, code) == (False, 4404)
