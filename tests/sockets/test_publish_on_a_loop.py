"""A group message published by synchronous code running on an event loop.

A model signal of a save made on a loop (a script's setup between its awaits,
with async-unsafe calls allowed) publishes to the channel layer: async_to_sync
may not block that loop, and the message was dropped with "broadcast failed".
It is sent on the loop instead, as soon as the code gives the loop back.
"""

from __future__ import annotations

import asyncio
import logging

from channels.layers import get_channel_layer

from druidsite.realtime import publish, publish_many
from tests.security.samebytes import memory_channel_layer


async def test_it_sends_a_message_published_on_a_running_loop(settings, caplog):
    with memory_channel_layer(settings):
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("account-7", channel)
        with caplog.at_level(logging.WARNING, logger="druidsite.realtime"):
            publish("account-7", {"type": "account.closed", "why": "password"})
            message = await asyncio.wait_for(layer.receive(channel), 2)
        assert message == {"type": "account.closed", "why": "password"}
        assert "failed" not in caplog.text


async def test_it_sends_every_message_of_a_batch_published_on_a_running_loop(settings):
    with memory_channel_layer(settings):
        layer = get_channel_layer()
        first, second = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("one", first)
        await layer.group_add("two", second)
        publish_many([("one", {"type": "a"}), ("two", {"type": "b"})])
        assert (await asyncio.wait_for(layer.receive(first), 2))["type"] == "a"
        assert (await asyncio.wait_for(layer.receive(second), 2))["type"] == "b"
