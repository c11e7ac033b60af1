"""The index of the game layer's Celery tasks: the worker imports this module
(``CELERY_IMPORTS``, and autodiscovery of ``games.tasks``), and it imports each
room's task module, so every task is registered under its unchanged name.

The tasks themselves live with their rooms: games.core.tasks (deadlines,
vacations, a result's settling), games.ai_players.tasks (AI moves and accepts),
games.learning.tasks (reviews), games.realtime.tasks (turn mails, digests, the
sockets' catch-up). Only what joins rooms stays here: a starting worker's catch-up.
"""

from __future__ import annotations

from celery.signals import worker_ready
from django.conf import settings

from games.ai_players.tasks import bot_accept, bot_move, requeue_bot_tasks
from games.core.tasks import end_exhausted_vacations, expire_deadlines, settle_result
from games.learning.tasks import review_match
from games.realtime.tasks import (
    REBROADCAST_SECONDS,
    notify_turn,
    rebroadcast_recent,
    send_digests,
    send_turn_mails,
)

__all__ = [
    "bot_accept", "bot_move", "end_exhausted_vacations", "expire_deadlines", "notify_turn",
    "rebroadcast_recent", "requeue_bot_tasks", "review_match", "send_digests",
    "send_turn_mails", "settle_result",
]


@worker_ready.connect(dispatch_uid="games.requeue_owed_when_a_worker_starts")
def requeue_owed_when_a_worker_starts(sender=None, **kwargs) -> None:
    """A worker that starts may replace one that was killed mid-task: the AI moves
    and accepts owed now are queued again at once, not after the killed task's
    visibility timeout (five minutes) or the next minute's sweep. Each is keyed by
    match and version, so a move still queued or under way elsewhere is not made
    twice: the later task finds the version moved on and does nothing."""
    if settings.EMBEDDED_SERVICES:
        return  # the in-process worker starts with its web process: nothing was lost
    requeue_bot_tasks.apply_async(kwargs={"older_than": 0})
    rebroadcast_recent.apply_async(kwargs={"seconds": REBROADCAST_SECONDS})
