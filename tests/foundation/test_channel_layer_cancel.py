"""A cancelled channel-layer call ends, even when the cancel meets a finished write.

redis-py bounds a write by ``asyncio.wait_for`` when a socket timeout is set; on
Python 3.11 that loses a cancel arriving as the write completes, and a socket's
read, cancelled as its client left, went on forever. The layer's connections
write under ``asyncio.timeout`` in the caller's task (druidsite.channel_layer).
"""

from __future__ import annotations

import asyncio
import uuid

import pytest
from redis import asyncio as aioredis

from druidsite.channel_layer import PooledRedisChannelLayer, cancellable

pytestmark = pytest.mark.services


def layer(redis_url: str) -> PooledRedisChannelLayer:
    return PooledRedisChannelLayer(hosts=[redis_url], prefix=f"test-{uuid.uuid4().hex}")


async def cancelled_as_the_write_completes(connection) -> bool:
    """Whether a task cancelled the moment its write completes stops at its next wait."""
    await connection.connect()
    writer = connection._writer
    write_done = writer.drain

    async def send_then_wait() -> None:
        await connection.send_packed_command(connection.pack_command("PING"))
        await asyncio.sleep(5)  # only reached, and waited out, if the cancel was lost

    task = asyncio.ensure_future(send_then_wait())

    async def drain() -> None:
        asyncio.get_running_loop().call_soon(task.cancel)
        await write_done()

    writer.drain = drain
    try:
        await asyncio.wait_for(asyncio.shield(task), timeout=1)
    except asyncio.CancelledError:
        return True
    except TimeoutError:
        task.cancel()
        return False
    finally:
        await connection.disconnect()
    return task.cancelled()


async def test_the_layers_connection_keeps_a_cancel_that_meets_a_finished_write(redis_url):
    pool = layer(redis_url).create_pool(0)
    assert await cancelled_as_the_write_completes(pool.make_connection())


async def test_the_library_connection_loses_it_which_is_why(redis_url):
    """The reason for the above (if this starts failing, redis-py or Python mended it
    and ``cancellable`` can go)."""
    connection = aioredis.ConnectionPool.from_url(redis_url, socket_timeout=15).make_connection()
    assert not await cancelled_as_the_write_completes(connection)


async def test_it_still_times_out_a_write_that_never_drains(redis_url):
    from redis.exceptions import TimeoutError as RedisTimeoutError

    pool = layer(redis_url).create_pool(0)
    connection = pool.make_connection()
    connection.socket_timeout = 0.2
    await connection.connect()
    never = asyncio.Event()

    async def stuck() -> None:
        await never.wait()

    connection._writer.drain = stuck
    with pytest.raises(RedisTimeoutError, match="Timeout writing"):
        await connection.send_packed_command(connection.pack_command("PING"))
    assert connection.socket_timeout == 0.2
    assert not connection.is_connected


def test_it_wraps_the_urls_kind_of_socket(redis_url):
    pool = layer(redis_url).create_pool(0)
    assert pool.connection_class is cancellable(aioredis.Connection)
    unix = PooledRedisChannelLayer(hosts=["unix:///tmp/nowhere.sock"]).create_pool(0)
    assert issubclass(unix.connection_class, aioredis.UnixDomainSocketConnection)
    assert unix.connection_class.__name__ == "CancellableUnixDomainSocketConnection"
