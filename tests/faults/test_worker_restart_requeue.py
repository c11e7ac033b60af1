"""A Celery worker killed in the middle of an AI move, with the default visibility
timeout (five minutes): the next worker to start queues the owed move again at
once, so the game waits seconds, not the timeout; and the move is made once."""

from __future__ import annotations

import time

import pytest
from rest_framework.authtoken.models import Token

from games.ai_players.bots import bot_for_level, ensure_bot_accounts
from games.core import services
from games.models import MoveRecord
from tests.faults.clients import play_over_http
from tests.faults.processes import kill_group, wait_until
from tests.integration.test_two_web_processes import services_env

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("queues_nothing"), pytest.mark.timeout(120)]

WITHIN = 15  # seconds after the new worker is ready


def test_a_restarted_worker_makes_the_killed_workers_ai_move_within_seconds(
        postgres_url, own_redis, serve, workers, tmp_path, alice):
    ensure_bot_accounts()
    match = services.start_match("druidenwalzer", {"moon": alice, "sun": bot_for_level("random")},
                                 seed=7, days_per_move=1)
    env = services_env(own_redis.url) | {"NOTIFY_DELAY_SECONDS": "0"}
    env.pop("CELERY_VISIBILITY_TIMEOUT", None)  # the default: 300 s
    port, _ = serve(env)
    marker = tmp_path / "bot-thinking"
    slow = workers.start(env | {"FAULT_BOT_MARKER": str(marker), "FAULT_BOT_DELAY": "60"},
                         module="tests.faults.slow_worker")

    assert play_over_http(port, match.pk, {alice.pk: Token.objects.create(user=alice).key}) == 1
    wait_until(marker.exists, 30, "the AI task on the slow worker")
    kill_group(slow)
    broker = own_redis.client()
    assert broker.hlen("unacked") == 1, "the killed worker's task is still unacknowledged"

    workers.start(env)
    ready = time.monotonic()

    def bot_moved() -> bool:
        match.refresh_from_db()
        return match.version >= 2

    wait_until(bot_moved, WITHIN, "the AI move after the worker's return")
    assert time.monotonic() - ready < WITHIN
    records = MoveRecord.objects.filter(match=match, seat="sun").order_by("version")
    assert [(r.version, r.kind) for r in records] == [(2, MoveRecord.Kind.MOVE)]
