"""Sockets' database work runs on a shared pool of threads, not on asgiref's one
thread per process: a burst of handshakes is served side by side (a web process
restart makes its clients reconnect to the others at once)."""

from __future__ import annotations

import asyncio
import threading

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from druidsite import socket_threads
from druidsite.socket_threads import SocketThreads


@pytest.fixture
def own_pool(monkeypatch):
    """A pool of the test's own, sized by its settings: the process's shared pool was
    sized by whichever test made it, and its threads may still hold the database
    connections of earlier tests (the close before each call then touches them, and
    this test has no database)."""
    monkeypatch.setattr(socket_threads, "_executor", None)
    yield
    if socket_threads._executor is not None:
        socket_threads._executor.shutdown(wait=False)


def _socket_app(barrier: threading.Barrier, threads: list[str]):
    """An ASGI socket app whose handshake makes one blocking database-style call
    that returns only once ``barrier.parties`` handshakes are in it at once."""

    @database_sync_to_async
    def meet() -> None:
        threads.append(threading.current_thread().name)
        barrier.wait()

    async def app(scope, receive, send):
        await receive()  # websocket.connect
        await meet()
        await send({"type": "websocket.accept"})
        while (await receive())["type"] != "websocket.disconnect":
            pass

    return app


async def _connect_all(app, count: int) -> list[bool]:
    sockets = [WebsocketCommunicator(app, "/ws/test/") for _ in range(count)]
    results = await asyncio.gather(*(s.connect(timeout=5) for s in sockets))
    for socket in sockets:
        await socket.disconnect()
    return [connected for connected, _ in results]


def test_it_runs_several_handshakes_database_calls_at_once(settings, own_pool):
    settings.SOCKET_THREADS = 4
    barrier, threads = threading.Barrier(3, timeout=4), []
    connected = asyncio.run(_connect_all(SocketThreads(_socket_app(barrier, threads)), 3))
    assert connected == [True, True, True]
    assert len(set(threads)) == 3
    assert all(name.startswith("socket") for name in threads)


def test_without_it_the_handshakes_queue_on_one_thread(db):
    # What the site did before: the three calls wait for each other on asgiref's
    # single thread, so the first never returns and no handshake completes. (That
    # thread is the process's: it may hold an earlier test's database connection,
    # which the close before each call touches, hence ``db``.)
    barrier, threads = threading.Barrier(3, timeout=1), []
    with pytest.raises((threading.BrokenBarrierError, AssertionError, TimeoutError)):
        connected = asyncio.run(_connect_all(_socket_app(barrier, threads), 3))
        assert all(connected)
    assert len(set(threads)) == 1


def test_the_site_runs_every_socket_through_it():
    from unittest import mock

    with mock.patch("druidsite.embedded.start"):  # no in-process worker for this test
        from druidsite.asgi import application

    assert isinstance(application.application_mapping["websocket"], SocketThreads)


def test_a_message_to_a_socket_needs_no_thread():
    # Channels closes stale connections in a thread before every handler: a hop per
    # message per socket. The site's consumers dispatch directly.
    from unittest import mock

    from channels.generic.websocket import AsyncJsonWebsocketConsumer

    from druidsite.socket_threads import DirectDispatch

    class Listener(DirectDispatch, AsyncJsonWebsocketConsumer):
        heard: list = []

        async def thing_happened(self, event: dict) -> None:
            self.heard.append(event)

    with mock.patch("channels.consumer.aclose_old_connections") as hop:
        asyncio.run(Listener().dispatch({"type": "thing.happened"}))
    assert Listener.heard == [{"type": "thing.happened"}]
    hop.assert_not_called()
    with pytest.raises(ValueError, match="No handler"):
        asyncio.run(Listener().dispatch({"type": "nothing.here"}))


def test_every_socket_of_the_site_dispatches_directly():
    from druidsite.consumers import HealthConsumer
    from druidsite.nudges import NudgeConsumer
    from druidsite.socket_threads import DirectDispatch
    from games.realtime.consumers import LobbyConsumer, MatchConsumer, UserConsumer

    for consumer in (HealthConsumer, NudgeConsumer, LobbyConsumer, MatchConsumer, UserConsumer):
        assert issubclass(consumer, DirectDispatch), consumer
