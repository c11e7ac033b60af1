"""A socket joins several groups in one Redis round trip, as if joined one by one."""

import time
import uuid

from channels.layers import InMemoryChannelLayer

from druidsite.channel_layer import PooledRedisChannelLayer, join_groups


async def test_it_joins_every_group_with_its_expiry_in_one_pipeline(redis_url):
    layer = PooledRedisChannelLayer(hosts=[redis_url], prefix=f"test-{uuid.uuid4().hex}")
    channel = await layer.new_channel()
    groups = ["account-1", "token-abc", "match-9-public"]
    try:
        before = time.time()
        await join_groups(layer, groups, channel)
        connection = layer.connection(0)
        for group in groups:
            key = layer._group_key(group)
            assert await connection.zscore(key, channel) >= before - 1
            assert 0 < await connection.ttl(key) <= layer.group_expiry
        for group in groups:
            await layer.group_send(group, {"type": "hello", "group": group})
        received = [(await layer.receive(channel))["group"] for _ in groups]
        assert received == groups
    finally:
        await layer.flush()


async def test_it_joins_one_by_one_on_another_layer():
    layer = InMemoryChannelLayer()
    channel = await layer.new_channel()
    await join_groups(layer, ["one", "two"], channel)
    await join_groups(layer, [], channel)
    await layer.group_send("two", {"type": "hello"})
    assert (await layer.receive(channel))["type"] == "hello"
