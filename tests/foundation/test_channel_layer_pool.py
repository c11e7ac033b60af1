"""A burst of channel layer calls waits for a free Redis connection instead of failing."""

import asyncio
import uuid

from druidsite.channel_layer import PooledRedisChannelLayer


async def test_it_serves_a_burst_larger_than_its_pool(redis_url):
    layer = PooledRedisChannelLayer(hosts=[redis_url], prefix=f"test-{uuid.uuid4().hex}",
                                    max_connections=5)
    group = "burst"
    channels = [await layer.new_channel() for _ in range(300)]
    try:
        # 300 sockets joining their group at once, as when a popular game opens.
        await asyncio.gather(*(layer.group_add(group, name) for name in channels))
        await layer.group_send(group, {"type": "hello"})
        received = await asyncio.gather(*(layer.receive(name) for name in channels[:20]))
        assert all(message == {"type": "hello"} for message in received)
        await asyncio.gather(*(layer.group_discard(group, name) for name in channels))
        pool = layer.create_pool(0)
        assert pool.max_connections == 5
    finally:
        await layer.flush()


def test_it_reads_longer_than_the_blocking_pop_waits(redis_url):
    layer = PooledRedisChannelLayer(hosts=[redis_url])
    pool = layer.create_pool(0)
    # Equal timeouts raced: the server's empty answer after 5 s against the
    # client's read timeout of 5 s closed sockets with an internal error.
    assert pool.connection_kwargs["socket_timeout"] > layer.brpop_timeout
