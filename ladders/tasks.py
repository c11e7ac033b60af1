"""Scheduled ladder work (CELERY_BEAT_SCHEDULE): thin wrappers over the services."""

from __future__ import annotations

from celery import shared_task

from ladders import ratings, services


@shared_task(name="ladders.drop_inactive")
def drop_inactive() -> int:
    """Remove players idle longer than their ladder's inactivity_days."""
    return services.drop_inactive()


@shared_task(name="ladders.catch_up")
def catch_up() -> dict[str, int]:
    """Rate and apply the finished games whose receivers did not run (a crash after the
    game's commit); normally there are none."""
    return {"rated": ratings.rate_missed(), "applied": services.apply_results()}
