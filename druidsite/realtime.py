"""Sending to socket groups from anywhere: request threads, worker threads, tasks.

With Redis every process can simply send. The in-memory layer of the embedded
shape lives on the web server's event loop, and asyncio queues are not thread
safe, so a send from a worker thread is handed to that loop instead of running
on a private loop where the waiting socket would never be woken.
"""

from __future__ import annotations

import asyncio
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

log = logging.getLogger(__name__)


def user_group(user_id: int) -> str:
    """The group of every open page of one player (header counters, notices)."""
    return f"user-{user_id}"


def presence_key(user_id: int) -> str:
    """The cache key that says a player has a page open now (set by the sockets)."""
    return f"presence:{user_id}"


def watching_key(user_id: int, match_id: int) -> str:
    """The cache key that says a player is looking at one game now: its page is open and
    shown (set by the game's socket, cleared when the page is hidden or closed)."""
    return f"watching:{user_id}:{match_id}"

_server_loop: asyncio.AbstractEventLoop | None = None
_lock = threading.Lock()
#: Sends scheduled on a running loop, kept until done (a task only weakly held may vanish).
_scheduled: set[asyncio.Task] = set()


def remember_server_loop() -> None:
    """Called from a consumer: the loop the in-memory layer's sockets wait on."""
    global _server_loop
    loop = asyncio.get_running_loop()
    with _lock:
        _server_loop = loop


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def publish(group: str, message: dict) -> None:
    """Send a message to a group; never raises (a lost broadcast is caught up by version)."""
    publish_many([(group, message)])


def publish_many(messages: list[tuple[str, dict]]) -> None:
    """Send several group messages in one hop to the event loop; never raises."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        for group, message in messages:
            try:
                await layer.group_send(group, message)
            except Exception:  # one group failing must not starve the others
                log.warning("broadcast to %s failed", group, exc_info=True)

    try:
        loop, running = _server_loop, _running_loop()
        if (
            isinstance(layer, InMemoryChannelLayer)
            and loop is not None
            and loop.is_running()
            and running is not loop
        ):
            asyncio.run_coroutine_threadsafe(send_all(), loop).result(timeout=5)
        elif running is not None:
            # Synchronous code running on an event loop (a model signal of a save made
            # there, with async-unsafe calls allowed): async_to_sync may not block the
            # loop, so the sends run on it as soon as that code gives it back.
            task = running.create_task(send_all())
            _scheduled.add(task)
            task.add_done_callback(_scheduled.discard)
        else:
            async_to_sync(send_all)()
    except Exception:  # the broadcast is best effort: clients catch up by version
        log.warning("broadcast to %s failed", ", ".join(g for g, _ in messages), exc_info=True)
