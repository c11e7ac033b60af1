"""The Redis channel layer with a connection pool that waits instead of failing.

redis-py's asyncio pool allows 100 connections by default and raises "Too
many connections" beyond them. A web process holding thousands of sockets
makes more concurrent layer calls than that when many of them connect or
leave at once (every socket joins and leaves its group), and the failing
call closed the socket with an internal error. Here the pool is larger and
blocking: a burst waits a moment for a free connection.

redis-py 8 also reads with a 5 s socket timeout by default, the same 5 s the
layer's blocking pop (BZPOPMIN) waits on the server: when the empty answer
came a moment late the read timed out and the socket was closed with an
internal error (1011). The read timeout here is longer than the pop's.

With a socket timeout, redis-py writes each command under ``asyncio.wait_for``,
which on Python 3.11 loses a cancellation that arrives as the write completes
(CPython gh-86296, mended in 3.12). A socket whose client left had its read
cancelled; when the cancel fell on a write, the read went on, blocking pop after
blocking pop, for as long as the process lived: daphne logged "took too long to
shut down" and the task stayed. The connections here write under
``asyncio.timeout`` instead, in the writing task, where a cancel is never lost.
"""

from __future__ import annotations

import asyncio
import functools
from collections import defaultdict

from channels_redis.core import RedisChannelLayer
from redis import asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from druidsite.group_joins import joiner_of


class CancellableWrites:
    """A connection whose write is bounded by ``asyncio.timeout`` in the calling task
    instead of ``asyncio.wait_for`` (see the module's docstring)."""

    socket_timeout: float | None

    async def send_packed_command(self, command, check_health: bool = True) -> None:
        timeout = self.socket_timeout
        if not timeout:
            await super().send_packed_command(command, check_health)  # type: ignore[misc]
            return
        # Without a socket timeout redis-py writes in this task; the timeout is ours.
        self.socket_timeout = None
        try:
            async with asyncio.timeout(timeout):
                await super().send_packed_command(command, check_health)  # type: ignore[misc]
        except TimeoutError:
            raise RedisTimeoutError("Timeout writing to socket") from None
        finally:
            self.socket_timeout = timeout


@functools.cache
def cancellable(connection_class: type) -> type:
    """``connection_class`` (TCP, TLS or Unix socket) with ``CancellableWrites``."""
    return type(f"Cancellable{connection_class.__name__}", (CancellableWrites, connection_class),
                {})


#: The sockets of a web process share one Redis list, their process channel
#: ("specific.<process>!"). channels-redis bounds every list by the layer's
#: ``capacity`` (100) and drops, silently, what a group send adds beyond it: a
#: process a second behind (a burst of moves, a reconnect storm, a pause) lost
#: updates its sockets never saw. Process channels hold this many instead; the
#: layer's expiry (60 s) bounds them anyway, and each socket's own buffer keeps
#: the library's bound.
PROCESS_CHANNELS = "specific.*"


class PooledRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, max_connections: int = 200, pool_timeout: float = 20,
                 process_capacity: int = 20_000, **kwargs) -> None:
        capacities = dict(kwargs.pop("channel_capacity", None) or {})
        capacities.setdefault(PROCESS_CHANNELS, process_capacity)
        super().__init__(*args, channel_capacity=capacities, **kwargs)
        self.max_connections = max_connections
        self.pool_timeout = pool_timeout

    def create_pool(self, index: int) -> aioredis.ConnectionPool:
        host = dict(self.hosts[index])
        if "address" not in host:  # sentinels and the like: the library's own pool
            return super().create_pool(index)
        address = host.pop("address")
        host.setdefault("max_connections", self.max_connections)
        host.setdefault("timeout", self.pool_timeout)
        host.setdefault("socket_timeout", self.brpop_timeout + 10)
        pool = aioredis.BlockingConnectionPool.from_url(address, **host)
        pool.connection_class = cancellable(pool.connection_class)  # the URL's kind of socket
        return pool

    async def group_add_many(self, groups: list[str], channel: str) -> None:
        """``group_add`` of several groups with one pipeline per Redis server, shared
        with the joins of other sockets made meanwhile (druidsite.group_joins): a
        socket joins its log-in's groups and its game's on every connect, and a
        reconnect burst is made of connects."""
        by_shard: dict[int, list[bytes]] = defaultdict(list)
        for group in groups:
            assert self.require_valid_group_name(group), "Group name not valid"
            by_shard[self.consistent_hash(group)].append(self._group_key(group))
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        await asyncio.gather(*(
            joiner_of(self.connection(index), self.group_expiry).join(keys, channel)
            for index, keys in by_shard.items()))

    async def receive(self, channel: str) -> dict:
        """A socket's next message. A read that fails on a connection the pool kept from
        before a Redis restart is tried once more, at once, on a new connection: the
        socket, which joined its groups on the new server, lives on instead of closing
        with an internal error. Only at once: a socket whose read broke while Redis
        was down has lost its groups with the old server and must close (its client
        reconnects and catches up), which the second failure does."""
        try:
            return await super().receive(channel)
        except RedisConnectionError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the socket is going away: its read was cancelled, not lost
            return await super().receive(channel)


async def join_groups(layer, groups: list[str], channel: str) -> None:
    """Add ``channel`` to every group: in one round trip on the Redis layer, one
    call each on any other."""
    if not groups:
        return
    if hasattr(layer, "group_add_many"):
        await layer.group_add_many(groups, channel)
        return
    for group in groups:
        await layer.group_add(group, channel)
