"""Celery tasks of tournaments: thin wrappers over tournaments.rounds."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from tournaments import rounds


@shared_task(
    name="tournaments.start_round",
    ignore_result=True,
    acks_late=True,  # a worker killed mid-way leaves the task queued: it runs again
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
)
def start_round(tournament_id: int, round_number: int) -> bool:
    """Pair and start round ``round_number``, exactly once (rounds.start_round)."""
    return rounds.start_round(tournament_id, round_number)


@shared_task(name="tournaments.catch_up", ignore_result=True)
def catch_up() -> int:
    """Scheduled: queue the rounds whose task was lost; normally there are none."""
    return rounds.catch_up()
