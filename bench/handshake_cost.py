"""What one game-socket handshake costs the web process, counted, not timed.

Opens a player's socket (API token, as bench/storm.py's players) and a visitor's
on a fresh game through the site's own ASGI application, in process, and counts
for each, from the connect to the first message (the sync): the hops to a
database thread (``database_sync_to_async``), the database queries, and the
channel-layer calls that join groups. On Redis a ``group_add`` is two round
trips (ZADD, EXPIRE) and a ``group_add_many`` one per Redis server. The counts
do not depend on how busy the machine is, so they compare two versions of the
code where a timed storm on a shared machine cannot.

Runs on SQLite in a folder of its own, and the in-memory layer, or with
REDIS_URL set the Redis layer (there a socket's groups are joined in one call):

    .venv/bin/python bench/handshake_cost.py
    REDIS_URL=redis://127.0.0.1:6379/3 .venv/bin/python bench/handshake_cost.py
"""

from __future__ import annotations

import asyncio
import collections
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYER_CALLS = ("group_add", "group_add_many", "group_discard", "group_send")


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.pop("DATABASE_URL", None)
    os.environ["DATA_DIR"] = tempfile.mkdtemp(prefix="handshake-cost-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "druidsite.settings")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # the setup's ORM calls, between awaits
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def count_calls(counts: collections.Counter) -> None:
    """Count every query, database hop and group call from now on."""
    from channels.db import DatabaseSyncToAsync
    from channels.layers import get_channel_layer
    from django.db.backends.utils import CursorWrapper

    def counted(owner, name: str, key: str) -> None:
        original = getattr(owner, name)

        def wrapper(*args, **kwargs):
            counts[key] += 1
            return original(*args, **kwargs)

        setattr(owner, name, wrapper)

    counted(CursorWrapper, "execute", "queries")
    counted(CursorWrapper, "executemany", "queries")
    counted(DatabaseSyncToAsync, "thread_handler", "database hops")
    layer = get_channel_layer()
    for name in LAYER_CALLS:
        if hasattr(layer, name):
            counted(layer, name, f"layer {name}")


async def handshake(application, path: str, headers, counts: collections.Counter) -> dict:
    from channels.testing import WebsocketCommunicator

    counts.clear()
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=10)
    message = await socket.receive_json_from(timeout=10)
    assert connected and message["type"] == "sync", message
    spent = dict(sorted(counts.items()))
    await socket.disconnect()
    return spent


def main() -> None:
    setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games.core import services

    users = get_user_model().objects
    moon = users.create_user("cost-moon", password=None)
    sun = users.create_user("cost-sun", password=None)
    token = Token.objects.create(user=moon)
    match = services.start_match("druidenwalzer", {"moon": moon, "sun": sun}, rated=False)

    from druidsite.asgi import application

    counts: collections.Counter = collections.Counter()
    count_calls(counts)
    path = f"/ws/games/{match.pk}/?since=0"
    player = [(b"authorization", f"Token {token.key}".encode())]
    for who, headers in (("player (token)", player), ("visitor", [])):
        spent = asyncio.run(handshake(application, path, headers, counts))
        print(f"{who:16s} " + ", ".join(f"{name} {n}" for name, n in spent.items()))


if __name__ == "__main__":
    main()
