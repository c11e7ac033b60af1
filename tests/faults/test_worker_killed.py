"""A Celery worker killed in the middle of an AI move: the move is still made,
exactly once, by the next worker (late acknowledgement + CELERY_VISIBILITY_TIMEOUT)."""

from __future__ import annotations

import time

import pytest
from rest_framework.authtoken.models import Token

from games.ai_players.bots import bot_for_level, ensure_bot_accounts
from games.core import services
from games.models import Match, MoveRecord
from tests.faults.clients import play_over_http
from tests.faults.processes import kill_group, wait_until
from tests.integration.test_two_web_processes import services_env

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("queues_nothing"), pytest.mark.timeout(120)]

VISIBILITY_TIMEOUT = 3


def bot_records(match: Match) -> list[MoveRecord]:
    return list(MoveRecord.objects.filter(match=match, seat="sun").order_by("version"))


def test_a_killed_workers_ai_move_is_made_once_by_the_next_worker(
        postgres_url, own_redis, serve, workers, tmp_path, alice):
    ensure_bot_accounts()
    match = services.start_match("druidenwalzer", {"moon": alice, "sun": bot_for_level("random")},
                                 seed=7, days_per_move=1)
    env = services_env(own_redis.url) | {
        "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),  # web (sender) and workers
        "NOTIFY_DELAY_SECONDS": "0",  # no delayed turn mail held by the workers
    }
    port, _ = serve(env)
    marker = tmp_path / "bot-thinking"
    slow = workers.start(env | {"FAULT_BOT_MARKER": str(marker), "FAULT_BOT_DELAY": "60"},
                         module="tests.faults.slow_worker")

    assert play_over_http(port, match.pk, {alice.pk: Token.objects.create(user=alice).key}) == 1
    # The worker has taken the AI's task for version 1 and is thinking: kill it.
    wait_until(marker.exists, 30, "the AI task on the slow worker")
    assert marker.read_text().split()[:2] == [str(match.pk), "1"]
    kill_group(slow)
    match.refresh_from_db()
    assert match.version == 1 and bot_records(match) == []
    broker = own_redis.client()
    assert broker.hlen("unacked") == 1, "the killed worker's task is still unacknowledged"

    workers.start(env)

    def bot_moved() -> bool:
        match.refresh_from_db()
        return match.version >= 2

    wait_until(bot_moved, VISIBILITY_TIMEOUT + 30, "the AI move by the next worker")
    # Exactly once: one record for version 2, by the AI seat, and nothing after it
    # even once the visibility timeout has passed again.
    wait_until(lambda: broker.hlen("unacked") == 0, 10, "the acknowledgement")
    time.sleep(VISIBILITY_TIMEOUT + 2)
    match.refresh_from_db()
    assert match.version == 2
    records = bot_records(match)
    assert [(r.version, r.kind) for r in records] == [(2, MoveRecord.Kind.MOVE)]
    assert MoveRecord.objects.filter(match=match).count() == 2
    assert broker.hlen("unacked") == 0 and broker.llen("celery") == 0
