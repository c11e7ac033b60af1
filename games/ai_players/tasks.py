"""Celery tasks of the AI players: a move on exactly one version, an accept, the
sweep that queues again what was lost; and the receiver that queues the move
after every commit that leaves an AI seat owing one.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.dispatch import receiver
from django.utils import timezone

from druidsite.enqueue import IDEMPOTENT_FOLLOW_UP, enqueue
from games.ai_players import bots
from games.ai_players.bots import AI_SEAT
from games.core.commit import Committed, match_committed
from games.models import Challenge, Match, Seat

log = logging.getLogger(__name__)


@shared_task(
    name="games.bot_move",
    **IDEMPOTENT_FOLLOW_UP,
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


# --- the AI's moves after a commit --------------------------------------------------------


@receiver(match_committed, dispatch_uid="games.ai_players.bots.schedule_bot_move")
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
