"""Celery tasks of tournaments: thin wrappers over tournaments.rounds."""

from __future__ import annotations

from celery import shared_task

from druidsite.enqueue import IDEMPOTENT_FOLLOW_UP
from tournaments import rounds, schedule


@shared_task(
    name="tournaments.start_round",
    **IDEMPOTENT_FOLLOW_UP,
)
def start_round(tournament_id: int, round_number: int) -> bool:
    """Pair and start round ``round_number``, exactly once (rounds.start_round)."""
    return rounds.start_round(tournament_id, round_number)


@shared_task(name="tournaments.catch_up", ignore_result=True)
def catch_up() -> int:
    """Scheduled: queue the rounds whose task was lost; normally there are none."""
    return rounds.catch_up()


@shared_task(name="tournaments.run_schedules", **IDEMPOTENT_FOLLOW_UP)
def run_schedules() -> dict:
    """Every minute: the starts, round times, deadline warnings and adjudications that
    are due (tournaments.schedule); each is done once, however often this runs."""
    return schedule.sweep()
