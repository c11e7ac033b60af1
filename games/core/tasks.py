"""Celery tasks of the game core: the clocks' sweeps and a result's settling.

``queue_settle`` answers ``match_committed`` (connected last by games.apps): the
commit itself imports nothing of this module.
"""

from __future__ import annotations

from celery import shared_task

from druidsite.enqueue import IDEMPOTENT_FOLLOW_UP, enqueue
from games.core import clocks, commit, services
from games.core.commit import Committed


@shared_task(name="games.expire_deadlines")
def expire_deadlines() -> list[int]:
    return services.expire_deadlines()


@shared_task(name="games.end_exhausted_vacations")
def end_exhausted_vacations() -> int:
    return clocks.end_exhausted_vacations()


@shared_task(
    name="games.settle_result",
    **IDEMPOTENT_FOLLOW_UP,
)
def settle_result(match_id: int, version: int) -> bool:
    """The slow follow-ups of a new or changed result (ratings, ladder positions, the
    next game of a series), keyed by match and version; each step is idempotent."""
    return commit.settle(match_id, version)


def queue_settle(sender, committed: Committed, **kwargs) -> None:
    """A new or changed result: the task that settles it, keyed by match and version.
    Connected by games.apps after every other receiver of ``match_committed``, so it
    is queued after the broadcast and the AI's next move, as the commit did."""
    if committed.result_changed:
        # Best effort: a result whose task was lost is settled by the catch-up sweeps
        # (ladders.catch_up, ratings.rate_missed).
        enqueue(settle_result, (committed.match_id, committed.version),
                task_id=f"settle-{committed.match_id}-{committed.version}")
