"""Celery tasks of the game layer: thin wrappers over the rooms below, and the
receivers that queue them after a commit.

The follow-ups of a move (AI moves and accepts, a result's settling) ignore
their results: nobody waits for them (see druidsite.enqueue). The commit and the
change functions import nothing of this module: they send ``match_committed``
(answered here) or name a task by its Celery name (druidsite.enqueue.queue).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import OperationalError
from django.dispatch import receiver
from django.utils import timezone

from druidsite.enqueue import enqueue
from games import bots, clocks, commit, notifications, services
from games.bots import AI_SEAT
from games.commit import Committed, match_committed
from games.models import Challenge, Match, Seat

log = logging.getLogger(__name__)


@shared_task(name="games.expire_deadlines")
def expire_deadlines() -> list[int]:
    return services.expire_deadlines()


@shared_task(name="games.end_exhausted_vacations")
def end_exhausted_vacations() -> int:
    return clocks.end_exhausted_vacations()


@shared_task(name="games.notify_turn", ignore_result=True)
def notify_turn(seat_id: int, version: int) -> bool:
    return notifications.notify_turn(seat_id, version)


@shared_task(name="games.send_turn_mails", ignore_result=True)
def send_turn_mails() -> int:
    """Scheduled every minute: mail the turns owed for NOTIFY_DELAY_SECONDS."""
    return notifications.send_turn_mails()


@shared_task(name="games.send_digests")
def send_digests() -> int:
    return notifications.send_digests()


@shared_task(
    name="games.bot_move",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
    soft_time_limit=30,
    time_limit=40,
)
def bot_move(match_id: int, version: int) -> bool:
    """An AI player's move on exactly this version of the match (a no-op otherwise)."""
    return bots.play_bot_move(match_id, version)


@shared_task(name="games.requeue_bot_tasks", ignore_result=True)
def requeue_bot_tasks(older_than: float = 60) -> int:
    """Scheduled every minute: AI moves and accepts whose task was lost, queued again."""
    return requeue_missed(older_than)


@shared_task(name="games.bot_accept", ignore_result=True)
def bot_accept(challenge_id: int) -> int | None:
    challenge = Challenge.objects.filter(pk=challenge_id, status="open").first()
    match = bots.accept_if_bot(challenge) if challenge else None
    return match.pk if match else None


@shared_task(name="games.review_match", ignore_result=True, time_limit=1800,
             soft_time_limit=1780)
def review_match(review_id: int) -> bool:
    """The AI's review of a finished game (games.review), progress to its sockets."""
    from games import review

    return review.run(review_id, review.publish_progress) is not None


@shared_task(
    name="games.settle_result",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=5,
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


# --- the AI's moves after a commit --------------------------------------------------------


@receiver(match_committed, dispatch_uid="games.bots.schedule_bot_move")
def schedule_bot_move(sender, committed: Committed, **kwargs) -> None:
    if committed.ai_owes:
        _queue_bot_move(committed.match_id, committed.version)


def _queue_bot_move(match_id: int, version: int) -> bool:
    # The task id names the match and version: a duplicate is recognisable in
    # the broker's history and the task itself checks the version anyway.
    # Best effort: a move that could not be queued is queued again by
    # requeue_missed (the beat task games.requeue_bot_tasks).
    return enqueue(bot_move, (match_id, version), task_id=f"bot-{match_id}-{version}")


def requeue_missed(older_than: float = 60, limit: int = 500) -> int:
    """Queue again what AI players have owed for more than ``older_than`` seconds:
    moves (keyed by match and version, so a duplicate does nothing) and accepts of
    challenges addressed to them. Their first task was lost, e.g. while the broker
    was down. Returns how many tasks were queued."""
    cutoff = timezone.now() - timedelta(seconds=older_than)
    owed = (
        Seat.objects.filter(AI_SEAT, match__status=Match.Status.ACTIVE,
                            match__updated_at__lt=cutoff)
        .exclude(deadline=None, paused_remaining=None)
        .order_by("match__updated_at").values_list("match_id", "match__version")
        .distinct()[:limit]
    )
    queued = sum(_queue_bot_move(match_id, version) for match_id, version in owed)
    challenges = (
        Challenge.objects.filter(status=Challenge.Status.OPEN, opponent__is_bot=True,
                                 created_at__lt=cutoff)
        .order_by("created_at").values_list("pk", flat=True)[:limit]
    )
    queued += sum(enqueue(bot_accept, (pk,)) for pk in challenges)
    if queued:
        log.info("queued %d missed AI tasks again", queued)
    return queued



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


def rebroadcast_when_a_web_process_starts() -> None:
    """A web process killed between committing a change and publishing it left the
    change stored but unheard (its client got no answer; the other players' sockets
    wait for ever): a web process that starts has the worker send the recent games'
    last changes again. Queued from a thread, so a broker that is down does not
    hold the start."""
    import threading

    from druidsite.enqueue import enqueue

    if settings.EMBEDDED_SERVICES:
        return
    threading.Thread(target=enqueue, args=(rebroadcast_recent, (REBROADCAST_SECONDS,)),
                     name="rebroadcast-on-start", daemon=True).start()


#: How far back a starting worker sends the games' last changes to their sockets again.
REBROADCAST_SECONDS = 120


@shared_task(name="games.rebroadcast_recent", ignore_result=True)
def rebroadcast_recent(seconds: float = REBROADCAST_SECONDS) -> int:
    """The last change of every game changed in the last ``seconds``, sent to its
    sockets again. A worker killed between committing an AI move and publishing it
    leaves the move stored but unheard: the players' sockets wait for ever. Pages
    and clients ignore an update of a version they have."""
    from datetime import timedelta

    from django.utils import timezone

    from games.broadcast import broadcast_match

    since = timezone.now() - timedelta(seconds=seconds)
    recent = Match.objects.filter(updated_at__gte=since).values_list("pk", "version")
    count = 0
    for match_id, version in recent.iterator():
        broadcast_match(match_id, max(0, version - 1))
        count += 1
    return count
