"""A real Celery worker on Redis plays an AI move in a game started through the
site, and the player's socket receives it."""

import subprocess
import sys
import uuid

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games import tasks
from games.ai_players.bots import ensure_bot_accounts
from games.core import services
from games.models import Match
from games.realtime.routing import websocket_urlpatterns
from tests.conftest import ROOT
from tests.games.helpers import first_legal
from tests.integration.test_two_web_processes import services_env

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def worker_queue(redis_url, monkeypatch):
    """A worker process on a queue of its own, and this process sending AI moves to it."""
    queue = f"ai-{uuid.uuid4().hex[:8]}"
    env = services_env(redis_url)
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "druidsite", "worker", "--pool", "solo",
         "--queues", queue, "--without-mingle", "--without-gossip", "--loglevel", "WARNING",
         "--hostname", f"{queue}@localhost"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    send = tasks.bot_move.apply_async
    monkeypatch.setattr(tasks.bot_move, "apply_async",
                        lambda *args, **kwargs: send(*args, queue=queue, **kwargs))
    try:
        yield queue
    finally:
        process.terminate()
        process.wait(20)


async def test_it_plays_the_ai_move_on_a_worker_and_pushes_it(worker_queue, client, alice):
    await database_sync_to_async(ensure_bot_accounts)()
    await database_sync_to_async(client.force_login)(alice)
    response = await database_sync_to_async(client.post)(
        "/play-ai/", {"level": "random", "seat": "moon", "days_per_move": 1})
    assert response.status_code == 302
    match = await database_sync_to_async(Match.objects.get)()
    assert response["Location"] == f"/games/{match.pk}/"

    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns),
                                   f"/ws/games/{match.pk}/?since=0")
    socket.scope["user"] = alice
    assert (await socket.connect())[0]
    assert (await socket.receive_json_from(timeout=5))["type"] == "sync"

    move = await database_sync_to_async(first_legal)(match)
    await database_sync_to_async(services.play)(match.pk, alice, move, 0)
    versions = []
    while 2 not in versions:
        message = await socket.receive_json_from(timeout=30)
        versions.append(message["match"]["version"])
    bot_update = message
    assert bot_update["records"][-1]["seat"] == "sun"
    assert bot_update["match"]["view"]["players"]["sun"]["hand"] is None
    await socket.disconnect()
