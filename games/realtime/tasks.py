"""Celery tasks that tell players: turn mails, digests, and the sockets' catch-up."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings

from games.models import Match
from games.realtime import notifications


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

    from games.realtime.broadcast import broadcast_match

    since = timezone.now() - timedelta(seconds=seconds)
    recent = Match.objects.filter(updated_at__gte=since).values_list("pk", "version")
    count = 0
    for match_id, version in recent.iterator():
        broadcast_match(match_id, max(0, version - 1))
        count += 1
    return count
