"""Sockets' database work on a bounded pool of threads, not on one shared thread.

Channels runs a consumer's synchronous work (the session and user loaded at the
handshake, a game's snapshot, even the closing of old connections before every
message) through ``database_sync_to_async``, which is thread-sensitive: outside
a request it goes to asgiref's single thread for the whole process. A burst of
connects (a web process restarted, its clients reconnecting to the others) then
queues hundreds of handshakes behind each other on that thread, and daphne
drops those not accepted within its connect timeout.

Each socket here runs in a ``ThreadSensitiveContext`` whose executor is one
pool of SOCKET_THREADS threads shared by the process's sockets, so their
database calls run side by side (PostgreSQL works while Python waits). Every
such call is self-contained (``database_sync_to_async`` closes the connection
around it, returning it to the connection pool), so a socket needs no thread of
its own; the pool's size bounds the process's socket threads and, with
DATABASE_POOL_SIZE, its database connections.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import ThreadSensitiveContext
from django.conf import settings

_executor: ThreadPoolExecutor | None = None
_lock = threading.Lock()


def _forget_after_fork() -> None:
    """Threads do not survive a fork: a child makes its own pool on first use (the
    parent's, copied, has no threads and would never run a call)."""
    global _executor, _lock
    _executor, _lock = None, threading.Lock()


os.register_at_fork(after_in_child=_forget_after_fork)


def executor() -> ThreadPoolExecutor:
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(max_workers=settings.SOCKET_THREADS,
                                           thread_name_prefix="socket")
        return _executor


class SocketThreads:
    """ASGI middleware: the socket's thread-sensitive calls go to the shared pool."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        async with ThreadSensitiveContext(executor=executor()):
            return await self.app(scope, receive, send)


class DirectDispatch:
    """Dispatches a socket's messages without Channels' thread hop per message.

    Channels closes the thread's stale database connections before every handler
    (``aclose_old_connections``), a hop to a thread for each message to each
    socket: a move watched by 200 sockets costs 200 hops. The site's consumers do
    all their database work through ``database_sync_to_async``, which closes the
    connections around each call itself, so the hop protects nothing here."""

    async def dispatch(self, message: dict) -> None:
        from channels.consumer import get_handler_name

        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
