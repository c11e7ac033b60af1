"""A player looking at a game (its page open and shown) gets no push or mail of their turn
there: the game's socket keeps the mark, the one decision (notices.decide) reads it."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.core import mail
from django.core.cache import cache

from games.realtime import consumers, notifications
from games.realtime.routing import websocket_urlpatterns
from notices import decide
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

APP = URLRouter(websocket_urlpatterns)


async def open_page(match, user) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(APP, f"/ws/games/{match.pk}/")
    socket.scope["user"] = user
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from())["type"] == "sync"
    return socket


watching = database_sync_to_async(decide.watching)


@pytest.fixture
def clean_cache():
    yield
    cache.clear()


async def test_it_marks_a_player_watching_while_the_games_page_is_open(alice, bob, clean_cache):
    match = await database_sync_to_async(new_game)(alice, bob)
    socket = await open_page(match, alice)
    assert await watching(alice.pk, match.pk)
    assert not await watching(bob.pk, match.pk)  # bob has no page of it open
    await socket.disconnect()
    assert not await watching(alice.pk, match.pk)  # closed: away at once


async def test_a_hidden_page_is_not_looking_and_a_shown_one_is_again(alice, bob, clean_cache):
    match = await database_sync_to_async(new_game)(alice, bob)
    socket = await open_page(match, alice)
    await socket.send_json_to({"type": "here", "shown": False})
    await socket.send_json_to({"type": "sync", "since": match.version})  # the "here" is read
    await socket.receive_json_from()
    assert not await watching(alice.pk, match.pk)
    await socket.send_json_to({"type": "here", "shown": True})
    await socket.send_json_to({"type": "sync", "since": match.version})
    await socket.receive_json_from()
    assert await watching(alice.pk, match.pk)
    await socket.disconnect()


async def test_the_mark_lapses_without_word_from_the_page(alice, bob, clean_cache,
                                                         monkeypatch):
    monkeypatch.setattr(consumers, "WATCHING_SECONDS", 1)
    match = await database_sync_to_async(new_game)(alice, bob)
    socket = await open_page(match, alice)  # a page frozen in the background says nothing
    await asyncio.sleep(1.3)
    assert not await watching(alice.pk, match.pk)
    await socket.disconnect()


async def test_a_spectator_marks_nothing(alice, bob, carol, clean_cache):
    match = await database_sync_to_async(new_game)(alice, bob)
    socket = await open_page(match, carol)
    assert not await watching(carol.pk, match.pk)
    await socket.disconnect()


async def test_the_turn_is_not_told_while_the_player_looks_at_that_game(alice, bob, clean_cache):
    match = await database_sync_to_async(new_game)(alice, bob)
    moon = await database_sync_to_async(lambda: match.seats.get(seat="moon").pk)()
    socket = await open_page(match, alice)
    told = await database_sync_to_async(notifications.notify_turn)(moon, match.version)
    await socket.disconnect()
    assert not told and mail.outbox == []


async def test_the_turn_is_told_while_another_game_is_looked_at(alice, bob, clean_cache):
    match, other = [await database_sync_to_async(new_game)(alice, bob) for _ in range(2)]
    moon = await database_sync_to_async(lambda: match.seats.get(seat="moon").pk)()
    socket = await open_page(other, alice)
    told = await database_sync_to_async(notifications.notify_turn)(moon, match.version)
    await socket.disconnect()
    assert told and mail.outbox[0].to == ["alice@example.org"]
