"""A burst of broadcasts reaches a web process late, never partly.

All the sockets of a web process share one Redis list of the channel layer (its
process channel). channels-redis bounds each such list by the layer's
``capacity`` (100) and drops what a group send adds beyond it, silently: a
process that fell a second behind lost updates its sockets never saw. The
site's layer lets a process channel hold ``process_capacity`` messages
(``CHANNEL_LAYER_PROCESS_CAPACITY``, druidsite.channel_layer).
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from druidsite.channel_layer import PooledRedisChannelLayer

pytestmark = pytest.mark.services

BURST = 250


def layer(redis_url: str, **config) -> PooledRedisChannelLayer:
    return PooledRedisChannelLayer(hosts=[redis_url], prefix=f"test-{uuid.uuid4().hex}",
                                   **config)


async def delivered(layer: PooledRedisChannelLayer) -> list[int]:
    """Send ``BURST`` group messages to two sockets of one process that read nothing
    meanwhile, then let both read what they get (until 2 s pass without a message)."""
    sockets = [await layer.new_channel() for _ in range(2)]
    for number, socket in enumerate(sockets):
        await layer.group_add(f"game-{number}", socket)
    for index in range(BURST):
        await layer.group_send(f"game-{index % 2}", {"type": "match.update", "n": index})
    got: list[int] = []

    async def read(socket: str) -> None:  # each socket reads as its consumer would
        while True:
            try:
                async with asyncio.timeout(2):
                    got.append((await layer.receive(socket))["n"])
            except TimeoutError:
                return

    await asyncio.gather(*(read(socket) for socket in sockets))
    await layer.flush()
    return sorted(got)


async def test_a_burst_to_one_process_is_delivered_whole(redis_url):
    assert await delivered(layer(redis_url)) == list(range(BURST))


async def test_the_settings_give_the_site_layer_its_process_capacity():
    from django.conf import settings as live

    if "Redis" in live.CHANNEL_LAYERS["default"]["BACKEND"]:
        assert live.CHANNEL_LAYERS["default"]["CONFIG"]["process_capacity"] >= 10_000


async def test_the_librarys_bound_dropped_part_of_it_which_is_why(redis_url):
    got = await delivered(layer(redis_url, process_capacity=100))
    assert len(got) < BURST
