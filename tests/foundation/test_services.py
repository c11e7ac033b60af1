"""The real services of production and CI: PostgreSQL and Redis.

These run in CI against the machine's PostgreSQL and Redis (REQUIRE_SERVICES=1
turns a missing service into a failure).
"""

import json
import os
import subprocess
import sys
import uuid

import pytest
from asgiref.sync import async_to_sync
from django.db import connection

from tests.conftest import ROOT

pytestmark = pytest.mark.services


@pytest.mark.django_db
def test_it_round_trips_a_row_through_postgresql(postgres_url):
    from accounts.models import User

    assert connection.vendor == "postgresql"
    User.objects.create_user("rowan", password="x-long-password-1")
    with connection.cursor() as cursor:
        cursor.execute("SELECT username FROM accounts_user WHERE username = %s", ["rowan"])
        assert cursor.fetchone() == ("rowan",)


RECEIVER = """
import asyncio, json, sys, django
django.setup()
from channels.layers import get_channel_layer

async def main():
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add(sys.argv[1], channel)
    print("ready", flush=True)
    message = await asyncio.wait_for(layer.receive(channel), 20)
    print(json.dumps(message), flush=True)

asyncio.run(main())
"""


def test_it_passes_a_channel_message_between_processes(redis_url):
    from channels.layers import get_channel_layer

    group = f"xproc-{uuid.uuid4().hex}"
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="druidsite.settings", REDIS_URL=redis_url)
    receiver = subprocess.Popen(
        [sys.executable, "-c", RECEIVER, group], cwd=ROOT, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert receiver.stdout.readline().strip() == "ready", receiver.stderr.read()
        layer = get_channel_layer()
        assert type(layer).__name__ == "PooledRedisChannelLayer"
        async_to_sync(layer.group_send)(group, {"type": "hello", "text": "from another process"})
        line = receiver.stdout.readline()
        assert json.loads(line) == {"type": "hello", "text": "from another process"}
    finally:
        receiver.kill()
        receiver.wait()


def test_it_runs_a_task_on_a_real_worker_process(redis_url):
    from druidsite.tasks import probe

    queue = f"test-{uuid.uuid4().hex}"
    env = dict(os.environ, REDIS_URL=redis_url)
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "druidsite", "worker", "--pool", "solo",
         "--queues", queue, "--without-mingle", "--without-gossip", "--loglevel", "WARNING",
         "--hostname", f"{queue}@localhost"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        token = uuid.uuid4().hex
        result = probe.apply_async(args=[token], queue=queue)
        answer = result.get(timeout=60)
        assert answer["token"] == token
        assert answer["pid"] == worker.pid
    finally:
        worker.terminate()
        worker.wait(20)
