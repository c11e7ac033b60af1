"""A socket lives no longer than the log-in it was opened with.

The player's game socket and /ws/me/ are opened with their session cookie
(through the site's ASGI application); then the account is suspended,
deleted, given a new password, or the session logs out. Every socket of that
log-in gets an error frame and is closed (4401) at once, and a chat line sent
on it is neither stored nor broadcast: each write reads the log-in again.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from rest_framework.authtoken.models import Token

from druidsite.socket_accounts import SIGNED_OUT
from games.core import catalog, services
from games.models import ChatMessage
from games.rules import GAMES
from tests.conftest import PASSWORD
from tests.security.samebytes import memory_channel_layer

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

TIMEOUT = 5
CHAT = {"type": "chat", "channel": "players", "text": "still here"}


@pytest.fixture(autouse=True)
def memory_layer(settings):
    """The consumers' rules on one event loop: the in-memory layer. Across web processes,
    on Redis, tests/integration/test_sockets_closed_across_processes.py holds them."""
    with memory_channel_layer(settings):
        yield


@pytest.fixture
def application(settings):
    settings.EMBEDDED_WORKER = False  # importing the ASGI application starts no worker
    from druidsite.asgi import application

    return application


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def start(game: str, first, second) -> int:
    seats = catalog.get(game).challenge_seat_names
    return services.start_match(game, dict(zip(seats, (first, second), strict=True)),
                                seed=5).pk


async def open_socket(application, path: str, *, cookie: str | None = None,
                      token: str | None = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver")]
    if cookie:
        headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()))
    if token:
        headers = [(b"authorization", f"Token {token}".encode())]
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await socket.connect(timeout=TIMEOUT)
    assert connected, (path, code)
    return socket


async def player_sockets(application, client: Client, match_id: int):
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    game = await open_socket(application, f"/ws/games/{match_id}/", cookie=cookie)
    assert (await game.receive_json_from(timeout=TIMEOUT))["type"] == "sync"
    me = await open_socket(application, "/ws/me/", cookie=cookie)
    return game, me


async def assert_closed_for_signed_out(socket: WebsocketCommunicator) -> None:
    """An error frame saying why, then the close (other frames may come before)."""
    while True:
        output = await socket.receive_output(timeout=TIMEOUT)
        if output["type"] == "websocket.close":
            assert output["code"] == SIGNED_OUT
            return
        frame = json.loads(output["text"])
        if frame["type"] == "error":
            assert frame["status"] == 401 and "log in again" in frame["error"], frame


async def chat_count(match_id: int) -> int:
    return await sync_to_async(ChatMessage.objects.filter(match_id=match_id).count)()


def suspend(user, staff) -> None:
    from social.services import moderate

    moderate(staff, user, "suspend", "spam in every game")


def delete(user, staff) -> None:
    from accounts.ownership import delete_account

    delete_account(user, PASSWORD)


def new_password(user, staff) -> None:
    user.set_password("another-long-password-8")
    user.save()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("end", [suspend, delete, new_password], ids=lambda f: f.__name__)
async def test_it_closes_every_socket_of_an_ended_account(application, alice, bob, staff,
                                                          game, end):
    match_id = await sync_to_async(start)(game, alice, bob)
    client = await sync_to_async(logged_in)(alice)
    game_socket, me = await player_sockets(application, client, match_id)
    await sync_to_async(end)(alice, staff)
    await assert_closed_for_signed_out(game_socket)
    await assert_closed_for_signed_out(me)
    # A frame sent after the close (still in flight): read again, refused, nothing stored.
    await game_socket.send_json_to(CHAT)
    await assert_closed_for_signed_out(game_socket)
    assert await chat_count(match_id) == 0


async def test_a_logout_closes_every_socket_of_the_account(application, alice, bob):
    match_id = await sync_to_async(start)("druidenwalzer", alice, bob)
    leaving = await sync_to_async(logged_in)(alice)
    staying = await sync_to_async(logged_in)(alice)  # another device
    gone, gone_me = await player_sockets(application, leaving, match_id)
    other, other_me = await player_sockets(application, staying, match_id)
    await sync_to_async(leaving.logout)()
    for socket in (gone, gone_me, other, other_me):
        await assert_closed_for_signed_out(socket)
    # The other device is still logged in: its page reconnects and writes again.
    again, again_me = await player_sockets(application, staying, match_id)
    await again.send_json_to(CHAT)
    assert (await again.receive_json_from(timeout=TIMEOUT))["type"] == "chat"
    assert await chat_count(match_id) == 1
    await again.disconnect()
    await again_me.disconnect()


async def test_a_write_reads_the_log_in_again_when_no_close_came(application, alice, bob):
    """A change made without signals (a queryset update) still stops the socket's writes."""
    from accounts.models import User

    match_id = await sync_to_async(start)("druidenwalzer", alice, bob)
    client = await sync_to_async(logged_in)(alice)
    game_socket, me = await player_sockets(application, client, match_id)
    await sync_to_async(User.objects.filter(pk=alice.pk).update)(is_active=False)
    await game_socket.send_json_to(CHAT)
    await assert_closed_for_signed_out(game_socket)
    await me.send_to(text_data="ping")
    await assert_closed_for_signed_out(me)
    assert await chat_count(match_id) == 0


async def test_a_deleted_token_closes_its_sockets(application, alice, bob):
    match_id = await sync_to_async(start)("druidenwalzer", alice, bob)
    token = await sync_to_async(Token.objects.create)(user=alice)
    game_socket = await open_socket(application, f"/ws/games/{match_id}/", token=token.key)
    assert (await game_socket.receive_json_from(timeout=TIMEOUT))["match"]["viewer"] == "moon"
    await sync_to_async(Token.objects.filter(user=alice).delete)()
    await assert_closed_for_signed_out(game_socket)
    await game_socket.send_json_to(CHAT)
    await assert_closed_for_signed_out(game_socket)
    assert await chat_count(match_id) == 0


async def test_a_suspended_account_cannot_open_a_socket_with_its_token(application, alice,
                                                                     bob):
    from accounts.models import User

    match_id = await sync_to_async(start)("druidenwalzer", alice, bob)
    token = await sync_to_async(Token.objects.create)(user=alice)
    await sync_to_async(User.objects.filter(pk=alice.pk).update)(is_active=False)
    game_socket = await open_socket(application, f"/ws/games/{match_id}/", token=token.key)
    sync = await game_socket.receive_json_from(timeout=TIMEOUT)
    assert sync["match"]["viewer"] is None  # a spectator: the token names no active player
    await game_socket.send_json_to(CHAT)
    assert (await game_socket.receive_json_from(timeout=TIMEOUT))["status"] == 401
    await game_socket.disconnect()


async def test_other_players_sockets_stay_open(application, alice, bob, staff):
    match_id = await sync_to_async(start)("druidenwalzer", alice, bob)
    alices = await sync_to_async(logged_in)(alice)
    bobs = await sync_to_async(logged_in)(bob)
    gone, gone_me = await player_sockets(application, alices, match_id)
    kept, kept_me = await player_sockets(application, bobs, match_id)
    await sync_to_async(suspend)(alice, staff)
    await assert_closed_for_signed_out(gone)
    await kept.send_json_to({"type": "sync", "since": 0})
    assert (await kept.receive_json_from(timeout=TIMEOUT))["type"] == "sync"
    assert await kept_me.receive_nothing(timeout=0.2)
    await kept.disconnect()
    await kept_me.disconnect()
    await gone_me.disconnect()
