"""Text no database stores, and frames no parser expects, are refused with an error
frame naming the problem; the socket stays open and nothing is stored.

Once a NUL character or a lone surrogate in a chat line reached the database
and closed the socket with 1011 (the API's serializer refused the same text
with a 400); a frame nested too deep for the JSON parser, a lone surrogate in
the frame itself, and a version beyond the database's integers did too.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from rest_framework.test import APIClient

from games.models import ChatMessage
from games.rules import GAMES
from tests.sockets.test_signed_out_sockets import start

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

TIMEOUT = 5
BAD_TEXT = [("a\u0000b", "Null characters are not allowed."),
            ("\ud800", "Surrogate characters are not allowed: U+D800."),
            ("fine \udfff", "Surrogate characters are not allowed: U+DFFF.")]


@pytest.fixture
def application(settings):
    settings.EMBEDDED_WORKER = False
    from druidsite.asgi import application

    return application


async def player_socket(application, user, match_id: int) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, f"/ws/games/{match_id}/")
    socket.scope["user"] = user
    assert (await socket.connect(timeout=TIMEOUT))[0]
    assert (await socket.receive_json_from(timeout=TIMEOUT))["type"] == "sync"
    return socket


async def still_open(socket: WebsocketCommunicator) -> None:
    await socket.send_json_to({"type": "sync", "since": 0})
    assert (await socket.receive_json_from(timeout=TIMEOUT))["type"] == "sync"


@pytest.mark.parametrize("game", GAMES)
async def test_it_refuses_unstorable_chat_text_and_stays_open(application, alice, bob, game):
    match_id = await sync_to_async(start)(game, alice, bob)
    socket = await player_socket(application, alice, match_id)
    for text, problem in BAD_TEXT:
        await socket.send_json_to({"type": "chat", "channel": "players", "text": text})
        assert await socket.receive_json_from(timeout=TIMEOUT) == {
            "type": "error", "status": 400, "error": problem}
        await still_open(socket)
    assert await sync_to_async(ChatMessage.objects.count)() == 0
    await socket.disconnect()


def test_the_api_refuses_the_same_text(alice, bob):
    match_id = start("druidenwalzer", alice, bob)
    client = APIClient()
    client.force_authenticate(alice)
    for text, _problem in BAD_TEXT:
        body = json.dumps({"channel": "players", "text": text})  # escaped: \\ud800
        answer = client.post(f"/api/games/{match_id}/chat/", body,
                             content_type="application/json")
        assert answer.status_code == 400, text
    assert ChatMessage.objects.count() == 0


DEEP = "[" * 2000 + "]" * 2000
FRAMES = [
    (DEEP, "expected"),                                      # nested beyond the parser
    ('{"type": "sync", "since": 1e400}', "expected"),        # infinity
    ('{"type": "sync", "since": 99999999999999999999999}', "expected"),
    ('{"type": "sync", "since": true}', "expected"),
    ('{"type": "sync", "since": -1}', "expected"),
    ('{"type": "chat", "channel": "players", "text": "\\u0000"}', "Null characters"),
    ('{"type": "chat", "channel": "players", "text": "a\ud800b"}', "Surrogate"),  # raw, unescaped
    ('{"type": "\ud800"}', "expected"),
    ("", "expected"),                                        # an empty text frame
]


async def test_it_answers_frames_no_parser_expects(application, alice, bob):
    match_id = await sync_to_async(start)("druidenwalzer", alice, bob)
    socket = await player_socket(application, alice, match_id)
    for frame, says in FRAMES:
        # As the server hands a frame over (send_to refuses an empty one).
        await socket.send_input({"type": "websocket.receive", "text": frame})
        answer = await socket.receive_json_from(timeout=TIMEOUT)
        assert answer["type"] == "error" and says in answer["error"], (frame[:60], answer)
        await still_open(socket)
    await socket.disconnect()


@pytest.mark.parametrize("since", ["99999999999999999999999", "\u00b2", "12345678901"])
async def test_it_catches_up_from_the_start_for_a_version_out_of_range(application, alice, bob,
                                                                      since):
    match_id = await sync_to_async(start)("druidenwalzer", alice, bob)
    socket = WebsocketCommunicator(application, f"/ws/games/{match_id}/?since={since}")
    socket.scope["user"] = alice
    assert (await socket.connect(timeout=TIMEOUT))[0]
    sync = await socket.receive_json_from(timeout=TIMEOUT)
    assert sync["type"] == "sync" and json.dumps(sync["records"])
    await socket.disconnect()
