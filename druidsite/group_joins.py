"""Group joins of many sockets in one Redis pipeline: a group commit for handshakes.

Every socket joins its groups before it is accepted (a ZADD and an EXPIRE a
group). In a reconnect burst a web process joins hundreds of sockets a second,
and redis-py's cost of a pipeline (a pooled connection handed out under a lock
and a timeout, the pipeline object, its reset) was a fifth of the process's
CPU, paid once a socket (docs/storm.md). Here the joins of one Redis server
wait for at most one pipeline in flight and then go together in the next: a
lone join still takes one round trip, a burst takes few.

A join returns once Redis has answered the pipeline that holds it, as a join of
its own would: a socket is in its groups before it is accepted. A join whose
socket goes away (its task cancelled) before its pipeline is sent is dropped;
once sent, the cancelled socket waits for the answer, so that its leave (the
ZREM its disconnect sends on another connection) never arrives before the join
it undoes.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class _Join:
    keys: list[bytes]
    channel: str
    done: asyncio.Future = field(repr=False)


class GroupJoiner:
    """The joins waiting for one Redis server (``connection``) of one event loop."""

    def __init__(self, connection: Any, expiry: int) -> None:
        self.connection = connection
        self.expiry = expiry
        self.waiting: list[_Join] = []
        #: The last flush (held: the loop keeps only a weak reference to a task).
        self.task: asyncio.Task | None = None

    @property
    def flushing(self) -> bool:
        """A flush is under way: a new join waits for its next pipeline."""
        return self.task is not None and not self.task.done()

    async def join(self, keys: list[bytes], channel: str) -> None:
        """Add ``channel`` to the sorted sets ``keys`` (with their expiry)."""
        loop = asyncio.get_running_loop()
        entry = _Join(keys, channel, loop.create_future())
        self.waiting.append(entry)
        if not self.flushing:
            self.task = loop.create_task(self._flush())
        try:
            await asyncio.shield(entry.done)
        except asyncio.CancelledError:
            if entry in self.waiting:  # not sent: dropped, nothing to undo
                self.waiting.remove(entry)
            elif not entry.done.done():  # sent: the leave must come after it
                await asyncio.wait([entry.done])
            raise

    async def _flush(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    await self._send(batch)
                except Exception as error:  # every join of the pipeline learns of it
                    for entry in batch:
                        if not entry.done.done():
                            entry.done.set_exception(error)
                except BaseException:  # the loop is closing: nothing more is sent
                    for entry in batch:
                        entry.done.cancel()
                    raise
                else:
                    for entry in batch:
                        if not entry.done.done():
                            entry.done.set_result(None)
        finally:
            for entry in self.waiting:  # only when cancelled: the loop is closing
                entry.done.cancel()
            self.waiting = []

    async def _send(self, batch: list[_Join]) -> None:
        now = time.time()
        members: dict[bytes, dict[str, float]] = {}
        for entry in batch:
            for key in entry.keys:
                members.setdefault(key, {})[entry.channel] = now
        async with self.connection.pipeline(transaction=False) as pipe:
            for key, channels in members.items():
                pipe.zadd(key, channels)
                pipe.expire(key, self.expiry)
            await pipe.execute()


def joiner_of(connection: Any, expiry: int) -> GroupJoiner:
    """The joiner of a layer's Redis client (one client per server and event loop,
    so the joiner lives and ends with it)."""
    joiner = getattr(connection, "_druidsite_group_joiner", None)
    if joiner is None:
        joiner = GroupJoiner(connection, expiry)
        connection._druidsite_group_joiner = joiner
    return joiner
