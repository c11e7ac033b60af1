"""A Celery worker killed half-way through tournaments.start_round: nothing of the round
is left behind, and the next worker creates each of its games exactly once (late
acknowledgement + CELERY_VISIBILITY_TIMEOUT), even with the task queued twice."""

from __future__ import annotations

import time

import pytest

from games.models import Match
from tests.conftest import make_user
from tests.faults.processes import kill_group, wait_until
from tests.integration.test_two_web_processes import services_env
from tournaments import services, tasks
from tournaments.models import Tournament, TournamentGame, TournamentRound

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("queues_nothing"), pytest.mark.timeout(120)]

VISIBILITY_TIMEOUT = 3


def queue_round(redis_url: str, tournament_id: int) -> None:
    """Queue the round's task on the test's own Redis (as the site's start does)."""
    from druidsite.celery import app

    with app.connection_for_write(redis_url) as connection:
        tasks.start_round.apply_async((tournament_id, 1), connection=connection,
                                      task_id=f"tournament-{tournament_id}-round-1")


def test_a_killed_workers_round_is_made_once_by_the_next_worker(
        postgres_url, own_redis, workers, tmp_path, staff, monkeypatch):
    monkeypatch.setattr(tasks.start_round, "apply_async", lambda *args, **kwargs: None)
    cup = Tournament.objects.create(name="Fault cup", status="registration", round_count=3)
    players = [make_user(f"f{n}") for n in range(8)]
    for player in players:
        services.join(cup.pk, player)
    services.start(cup.pk, staff)
    monkeypatch.undo()
    env = services_env(own_redis.url) | {"CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY_TIMEOUT),
                                         "NOTIFY_DELAY_SECONDS": "0"}
    marker = tmp_path / "pairing"
    slow = workers.start(env | {"FAULT_ROUND_MARKER": str(marker), "FAULT_ROUND_DELAY": "60"},
                         module="tests.faults.slow_round_worker")
    queue_round(own_redis.url, cup.pk)

    # The worker has made the round's first game and sleeps in the transaction: kill it.
    wait_until(marker.exists, 30, "the round task on the slow worker")
    kill_group(slow)
    assert not TournamentRound.objects.exists() and not Match.objects.exists()
    broker = own_redis.client()
    assert broker.hlen("unacked") == 1, "the killed worker's task is still unacknowledged"

    queue_round(own_redis.url, cup.pk)  # and a duplicate, as a second start would send
    workers.start(env)
    wait_until(lambda: TournamentRound.objects.filter(tournament=cup).exists(),
               VISIBILITY_TIMEOUT + 30, "the round by the next worker")
    wait_until(lambda: broker.hlen("unacked") == 0, 15, "the acknowledgement")
    time.sleep(VISIBILITY_TIMEOUT + 2)
    assert TournamentRound.objects.filter(tournament=cup).count() == 1
    assert TournamentGame.objects.count() == Match.objects.count() == 4
    seated = sorted(u for g in TournamentGame.objects.all() for u in (g.first_id, g.second_id))
    assert seated == sorted(p.pk for p in players)
