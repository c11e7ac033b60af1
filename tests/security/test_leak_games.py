"""No hidden card and no seed in anything a client receives, over random games.

The suite plays 60 random games through the API (token auth for both
players), 20 of them also followed live by both players' and a spectator's
match sockets; `make test-long` plays 200, 40 of them followed. Every API
answer and socket message any client got is checked against that client's
rightful knowledge (tests.security.leakcheck).

The games run in two forked processes, one per core, on the same test
database. LEAK_GAMES and LEAK_SOCKET_GAMES change the suite's numbers.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import resource
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from django.db import connections
from rest_framework.throttling import SimpleRateThrottle

from games.realtime import broadcast
from tests.conftest import make_user
from tests.security.apigames import Clients, Outcome, play_games
from tests.security.socketgames import follow_game, session_cookie

GAMES = int(os.environ.get("LEAK_GAMES", "60"))
SOCKET_GAMES = min(GAMES, int(os.environ.get("LEAK_SOCKET_GAMES", "20")))
PROCESSES = 2

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.timeout(900)]


def _close_database_pools() -> None:
    for connection in connections.all():
        if hasattr(connection, "close_pool"):
            connection.close_pool()


def _after_fork() -> None:
    """Threads do not survive a fork: give the child its own executor, layer, connections.

    The parent closed its database pools before forking (a pool's threads would
    be missing here and its sockets shared); a new pool starts on first use."""
    connections.close_all()
    for connection in connections.all():
        type(connection).__dict__.get("_connection_pools", {}).clear()
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    channel_layers.backends = {}


async def _follow(indices, clients: Clients, cookies: dict) -> Outcome:
    from druidsite.asgi import application

    total = Outcome()
    for index in indices:
        total.add(await follow_game(index, clients, application, cookies))
    return total


def _worker(worker: int, games: int, socket_games_in_all: int) -> tuple[Outcome, Outcome]:
    _after_fork()
    players = (make_user(f"leak{worker}a"), make_user(f"leak{worker}b"))
    outsider = make_user(f"leak{worker}c")
    socket_games = range(worker, socket_games_in_all, PROCESSES)
    cookies = {user.username: session_cookie(user) for user in players}
    live = asyncio.run(_follow(socket_games, Clients(players, outsider), cookies))
    connections.close_all()
    # Without a socket listening, the broadcasts after each move are skipped.
    broadcast_match, broadcast.broadcast_match = broadcast.broadcast_match, _no_broadcast
    try:
        api = play_games(range(socket_games_in_all + worker, games, PROCESSES), players,
                         outsider)
    finally:
        broadcast.broadcast_match = broadcast_match
    return live, api


def _no_broadcast(*args, **kwargs) -> None:
    return None


@pytest.fixture
def unthrottled(monkeypatch, settings, no_turn_mails):
    # Thousands of requests a minute from two players: no rate limits here.
    monkeypatch.setattr(SimpleRateThrottle, "allow_request", lambda self, request, view: True)
    settings.EMBEDDED_WORKER = False  # importing the ASGI application starts no worker
    import druidsite.asgi  # noqa: F401

    # The application's start queues a rebroadcast from a thread. A fork while that
    # thread is importing (Celery's result backend) leaves the module's import lock
    # held in the child by a thread the child does not have: the child then hangs on
    # its first import of it.
    for thread in threading.enumerate():
        if thread.name == "rebroadcast-on-start":
            thread.join(30)


@pytest.mark.slow
def test_it_leaks_no_hidden_card_and_no_seed_in_random_games(unthrottled):
    drill(GAMES, SOCKET_GAMES)


@pytest.mark.long
def test_it_leaks_no_hidden_card_and_no_seed_in_200_random_games(unthrottled):
    drill(200, 40)


def drill(games: int, socket_games: int) -> None:
    started = time.monotonic()
    connections.close_all()
    _close_database_pools()
    with multiprocessing.get_context("fork").Pool(PROCESSES) as pool:
        parts = pool.starmap(_worker, [(worker, games, socket_games)
                                       for worker in range(PROCESSES)])
    live, api = Outcome(), Outcome()
    for socket_part, api_part in parts:
        live.add(socket_part)
        api.add(api_part)
    total = Outcome()
    total.add(live)
    total.add(api)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"\n{total.games} games through the API ({live.games} followed by sockets), "
          f"{total.moves} moves, {total.finished_by_rules} ended by the rules; "
          f"{total.messages} answers and socket messages, {total.cards_checked} card names "
          f"checked; {time.monotonic() - started:.0f} s, {cpu.ru_utime + cpu.ru_stime:.0f} "
          "CPU s")
    assert (total.games, live.games) == (games, socket_games)
    assert total.finished_by_rules > games // 2
    assert total.cards_checked > 50 * games
    assert not total.problems, "\n".join(total.problems[:30])
