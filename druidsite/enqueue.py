"""Queueing follow-up tasks from the write path: best effort, never raises.

A move is committed before its follow-ups (turn mails, the AI's answer) are
queued. If the broker is down at that moment, the move still stands and the
request still succeeds: the failure is logged and what was missed is caught up
later (AI moves and AI accepts by the beat task ``games.requeue_bot_tasks``;
a turn mail is not sent again, the daily digest and the your-turn page still
list the game).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import OperationalError

log = logging.getLogger(__name__)

#: The options of a follow-up task keyed by (object, version), each idempotent: a
#: worker killed mid-way leaves it queued, so it runs again; a database briefly gone
#: is tried again with a growing pause. ``@shared_task(name=..., **IDEMPOTENT_FOLLOW_UP)``
IDEMPOTENT_FOLLOW_UP: dict[str, Any] = {
    "ignore_result": True,
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
    "max_retries": 5,
}

def enqueue(task, args: Sequence[Any] = (), **options: Any) -> bool:
    """``task.apply_async(args, **options)``; False (and a warning) when it failed.

    The tasks queued this way are declared with ``ignore_result=True``: nobody
    waits for their result, and sending one then does not subscribe to it on
    the Redis result backend (which, with Redis down, retries for about 20 s
    and would hold the request that long).
    """
    try:
        task.apply_async(tuple(args), **options)
    except Exception:  # the broker is down or unreachable: the caller carries on
        log.warning("could not queue %s%r, carrying on without it", task.name, tuple(args),
                    exc_info=True)
        return False
    return True


def queue(name: str, args: Sequence[Any] = (), **options: Any) -> bool:
    """Queue the task registered as ``name`` (best effort, as ``enqueue``).

    For a lower module that must start a task defined above it (a tournament's round,
    an AI's accept, a review): it names the task as the beat schedule does, by its
    Celery name, and imports nothing of the room that defines it. Each app's
    ``ready()`` imports its task modules, so the name is registered in every process.
    """
    from celery import current_app

    try:
        task = current_app.tasks[name]
    except KeyError:
        log.error("no task %s is registered: %r not queued", name, tuple(args))
        return False
    return enqueue(task, args, **options)
