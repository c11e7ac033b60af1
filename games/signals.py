"""Follow-ups of a match change that run as tasks: turn mails (and later, AI moves)."""

from __future__ import annotations

from django.conf import settings
from django.dispatch import receiver

from druidsite.enqueue import enqueue
from games import snapshot
from games.models import Seat
from games.services import match_changed


@receiver(match_changed)
def schedule_turn_mails(sender, match_id: int, to_version: int, match=None, **kwargs) -> None:
    from games.tasks import notify_turn

    committed = snapshot.of(match, to_version) if match is not None else None
    if committed is not None:
        owing = [seat.pk for seat in committed.seats if seat.deadline is not None
                 and not seat.played_by_ai and seat.user.notify == "each"]
    else:
        owing = Seat.objects.filter(
            match_id=match_id, deadline__isnull=False, user__is_bot=False, user__notify="each",
            takeover_level="",
        ).values_list("pk", flat=True)
    for seat_id in owing:
        # Delayed: a player who answers quickly (or has the page open) gets no mail.
        # Best effort: with the broker down the move stands and this mail is skipped.
        enqueue(notify_turn, (seat_id, to_version), countdown=settings.NOTIFY_DELAY_SECONDS)
