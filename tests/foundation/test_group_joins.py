"""The joins of many sockets share a pipeline, and each still returns only once Redis
has it (druidsite.group_joins)."""

import asyncio
import uuid

import pytest

from druidsite.channel_layer import PooledRedisChannelLayer, join_groups
from druidsite.group_joins import GroupJoiner, joiner_of


@pytest.fixture
async def layer(redis_url):
    layer = PooledRedisChannelLayer(hosts=[redis_url], prefix=f"test-{uuid.uuid4().hex}")
    yield layer
    await layer.flush()


def count_pipelines(layer) -> list[int]:
    """Counts the pipelines the layer's Redis client opens from now on."""
    connection = layer.connection(0)
    opened = [0]
    original = connection.pipeline

    def pipeline(*args, **kwargs):
        opened[0] += 1
        return original(*args, **kwargs)

    connection.pipeline = pipeline
    return opened


def joiner(layer) -> GroupJoiner:
    return joiner_of(layer.connection(0), layer.group_expiry)


async def members(layer, group: str) -> set[str]:
    found = await layer.connection(0).zrange(layer._group_key(group), 0, -1)
    return {member.decode() for member in found}


async def test_it_sends_the_joins_made_meanwhile_in_few_pipelines(layer):
    opened = count_pipelines(layer)
    channels = [await layer.new_channel() for _ in range(50)]

    async def one(channel: str) -> None:
        await join_groups(layer, ["user-1", f"match-{channel[-6:]}"], channel)
        # Returned: Redis has it.
        assert channel in await members(layer, "user-1")

    await asyncio.gather(*(one(channel) for channel in channels))
    assert await members(layer, "user-1") == set(channels)
    assert opened[0] <= 3  # the first alone, the rest in one or two


async def test_it_sets_every_groups_expiry(layer):
    channel = await layer.new_channel()
    await join_groups(layer, ["one", "two"], channel)
    for group in ("one", "two"):
        assert 0 < await layer.connection(0).ttl(layer._group_key(group)) <= layer.group_expiry


def gate_pipelines(layer) -> asyncio.Event:
    """Holds every pipeline of the layer until the returned event is set."""
    connection = layer.connection(0)
    original = connection.pipeline
    gate = asyncio.Event()

    def pipeline(*args, **kwargs):
        pipe = original(*args, **kwargs)
        execute = pipe.execute

        async def held_execute(*a, **k):
            await gate.wait()
            return await execute(*a, **k)

        pipe.execute = held_execute
        return pipe

    connection.pipeline = pipeline
    return gate


async def until(condition) -> None:
    for _ in range(100):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("never came about")


async def test_it_drops_a_join_cancelled_before_its_pipeline_left(layer):
    first, second = await layer.new_channel(), await layer.new_channel()
    gate = gate_pipelines(layer)
    in_flight = asyncio.create_task(join_groups(layer, ["room"], first))
    await until(lambda: joiner(layer).flushing and not joiner(layer).waiting)
    waiting = asyncio.create_task(join_groups(layer, ["room"], second))
    await until(lambda: joiner(layer).waiting)  # behind the first one's pipeline
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    gate.set()
    await in_flight
    await until(lambda: not joiner(layer).flushing)
    assert await members(layer, "room") == {first}


async def test_it_waits_for_a_sent_join_before_a_cancel_lets_the_socket_leave(layer):
    channel = await layer.new_channel()
    gate = gate_pipelines(layer)
    joining = asyncio.create_task(join_groups(layer, ["room"], channel))
    await until(lambda: joiner(layer).flushing and not joiner(layer).waiting)  # sent
    joining.cancel()
    await asyncio.sleep(0.05)
    assert not joining.done()  # waits for the answer of the pipeline that holds it
    gate.set()
    with pytest.raises(asyncio.CancelledError):
        await joining
    # The join landed before the cancel ended, so the leave that follows undoes it.
    assert await members(layer, "room") == {channel}
    await layer.group_discard("room", channel)
    assert await members(layer, "room") == set()


async def test_it_tells_every_join_of_a_failed_pipeline_and_goes_on(layer):
    connection = layer.connection(0)
    original = connection.pipeline
    failing = [True]

    class Broken:
        async def __aenter__(self):
            raise ConnectionError("Redis went away")

        async def __aexit__(self, *exc):
            return False

    def pipeline(*args, **kwargs):
        return Broken() if failing[0] else original(*args, **kwargs)

    connection.pipeline = pipeline
    channels = [await layer.new_channel() for _ in range(3)]
    results = await asyncio.gather(*(join_groups(layer, ["room"], c) for c in channels),
                                   return_exceptions=True)
    assert all(isinstance(result, ConnectionError) for result in results)
    failing[0] = False
    await join_groups(layer, ["room"], channels[0])
    assert await members(layer, "room") == {channels[0]}
