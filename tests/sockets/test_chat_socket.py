"""A chat line goes live to the sockets whose viewers may read its channel."""

from __future__ import annotations

import pytest
from channels.testing import WebsocketCommunicator

from druidsite.asgi import application
from social import chat
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




async def test_a_line_written_on_the_socket_goes_live_and_a_flood_is_told_why(alice, bob):
    from asgiref.sync import sync_to_async

    match = await sync_to_async(new_game)(alice, bob)
    writer = WebsocketCommunicator(application, f"/ws/games/{match.pk}/")
    writer.scope["user"] = alice
    reader = WebsocketCommunicator(application, f"/ws/games/{match.pk}/")
    reader.scope["user"] = bob
    assert (await writer.connect())[0] and (await reader.connect())[0]
    await writer.receive_json_from(timeout=5)
    await reader.receive_json_from(timeout=5)
    for number in range(chat.RATE_COUNT):
        await writer.send_json_to({"type": "chat", "channel": "players", "text": f"hi {number}"})
        assert (await reader.receive_json_from(timeout=5))["line"]["text"] == f"hi {number}"
        await writer.receive_json_from(timeout=5)  # the writer's own line
    await writer.send_json_to({"type": "chat", "channel": "players", "text": "one too many"})
    refusal = await writer.receive_json_from(timeout=5)
    assert refusal["type"] == "error" and refusal["status"] == 429
    assert "Slow down" in refusal["error"]
    assert await reader.receive_nothing(timeout=0.5)
    await writer.disconnect()
    await reader.disconnect()


async def test_bad_chat_on_the_socket_is_refused_with_its_reason(alice, bob, carol):
    from asgiref.sync import sync_to_async

    match = await sync_to_async(new_game)(alice, bob)
    anonymous = WebsocketCommunicator(application, f"/ws/games/{match.pk}/")
    outsider = WebsocketCommunicator(application, f"/ws/games/{match.pk}/")
    outsider.scope["user"] = carol
    assert (await anonymous.connect())[0] and (await outsider.connect())[0]
    await anonymous.receive_json_from(timeout=5)
    await outsider.receive_json_from(timeout=5)
    await anonymous.send_json_to({"type": "chat", "channel": "spectators", "text": "hello"})
    assert (await anonymous.receive_json_from(timeout=5))["status"] == 401
    for bad, status in [({"channel": "players", "text": "let me in"}, 403),
                        ({"channel": "spectators", "text": "x" * 501}, 400),
                        ({"channel": "spectators", "text": ["not", "text"]}, 400),
                        ({"channel": {"a": 1}, "text": "odd channel"}, 403)]:
        await outsider.send_json_to({"type": "chat", **bad})
        refusal = await outsider.receive_json_from(timeout=5)
        assert (refusal["type"], refusal["status"]) == ("error", status), bad
    count = await sync_to_async(lambda: match.chat.count())()
    assert count == 0
    await anonymous.disconnect()
    await outsider.disconnect()


async def test_a_blocked_players_lines_do_not_reach_the_blocker_live(alice, bob):
    from asgiref.sync import sync_to_async

    from social import services as social

    match = await sync_to_async(new_game)(alice, bob)
    await sync_to_async(social.block)(alice, bob)
    blocker = WebsocketCommunicator(application, f"/ws/games/{match.pk}/")
    blocker.scope["user"] = alice
    assert (await blocker.connect())[0]
    await blocker.receive_json_from(timeout=5)
    await sync_to_async(_send_committed)(match.pk, bob, "players", "you cannot hear me")
    assert await blocker.receive_nothing(timeout=0.5)
    await blocker.disconnect()
