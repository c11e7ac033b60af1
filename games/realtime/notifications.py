"""Mail to players whose turn it is: one per game a day, or one daily digest.

A beat task (``games.send_turn_mails``, every minute) looks for seats that have
owed a move for NOTIFY_DELAY_SECONDS, so a player who answers quickly gets no
mail, and nothing is queued per move. Each turn (a seat and a match version) is
decided once: mailed and/or pushed (notices.decide), or skipped because the player
is looking at that game (its page open and shown: they see the move), already mailed
for that game today, or no longer their turn.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.utils import timezone, translation

from druidsite.site_url import site_url
from games.models import Match, Seat
from notices import decide, push

ONE_DAY = timedelta(days=1)
log = logging.getLogger(__name__)


def turns_to_mail(now=None, limit: int = 500) -> list[tuple[int, int]]:
    """(seat, version) of the turns owed for NOTIFY_DELAY_SECONDS and not yet decided."""
    now = now or timezone.now()
    delay = timedelta(seconds=settings.NOTIFY_DELAY_SECONDS)
    # Every human's turn is decided once: mailed (under the mail rules) and put in
    # the site's list of notices, whatever the player's mail setting.
    candidates = (
        Seat.objects.filter(deadline__isnull=False, match__status=Match.Status.ACTIVE,
                            match__tutorial=False, takeover_level="", user__is_bot=False,
                            notified_version__lte=F("match__version"))
        .filter(Q(notified_at__isnull=True) | Q(notified_at__lt=now - ONE_DAY))
        .values_list("pk", "match__version", "deadline", "match__days_per_move")
        .order_by("deadline")[:limit]
    )
    # The clock of a turn started days_per_move before its deadline.
    return [(pk, version) for pk, version, deadline, days in candidates
            if deadline - timedelta(days=days) <= now - delay]


def send_turn_mails(now=None) -> int:
    """The beat task's body: decide every turn that is due; returns the mails sent."""
    return sum(notify_turn(seat_id, version, now) for seat_id, version in turns_to_mail(now))


def notify_turn(seat_id: int, version: int, now=None) -> bool:
    """Mail the seat's player that it is their turn, if still true and still wanted.
    The turn is decided either way: it is not looked at again."""
    now = now or timezone.now()
    with transaction.atomic():
        seat = (Seat.objects.select_for_update(of=("self",)).select_related("user", "match")
                .filter(pk=seat_id).first())
        if seat is None or seat.match.version != version or seat.match.is_over:
            return False
        user = seat.user
        # Another page open (the lobby, another game) is no reason to keep quiet: only
        # this game's page, shown, tells the player already.
        watching = decide.watching(user.pk, seat.match_id)
        told = seat.owes_move and not seat.played_by_ai and not watching
        mail_allowed = told and not (not user.email or user.notify != user.Notify.EACH
                                     or (seat.notified_at and now - seat.notified_at < ONE_DAY))
        # One decision for mail and push (notices.decide): once per turn, after the delay.
        ways = decide.for_turn(user, now, bool(mail_allowed))
        if told:
            turn_notice(seat)
            if ways.push:
                try:
                    with transaction.atomic():  # a failing push never undoes the turn's decision
                        push_turn(seat, hold=ways.hold)
                except Exception:
                    log.warning("pushing the turn of seat %s failed", seat.pk, exc_info=True)
        if not ways.mail:
            seat.notified_version = version + 1
            seat.save(update_fields=["notified_version"])
            return False
        seat.notified_at, seat.notified_version = now, version + 1
        seat.save(update_fields=["notified_at", "notified_version"])
    others = seat.match.seats.select_related("user").exclude(pk=seat.pk)
    opponents = [other.user.username for other in others]
    with translation.override(user.language or settings.LANGUAGE_CODE):
        context = {"user": user, "seat": seat, "match": seat.match, "opponents": opponents,
                   "url": f"{site_url()}/games/{seat.match_id}/"}
        subject = render_to_string("games/mail/turn_subject.txt", context).strip()
        body = render_to_string("games/mail/turn.txt", context)
    send_mail(subject, body, None, [user.email])
    return True


def turn_notice(seat: Seat) -> None:
    """"Your turn" in the player's list of notices: one unread notice per game at most
    (opening the game reads it), never mailed (the turn mail follows its own rules)."""
    from notices.models import Notice
    from notices.service import send

    if Notice.objects.filter(user_id=seat.user_id, kind="your_turn", read_at__isnull=True,
                             params__match=seat.match_id).exists():
        return
    others = [s.user.username for s in seat.match.seats.select_related("user")
              if s.pk != seat.pk]
    send(seat.user, "your_turn", url=f"/games/{seat.match_id}/", mail=False, pushed=False,
         match=seat.match_id, opponents=", ".join(others))


def push_turn(seat: Seat, *, hold: bool) -> None:
    """"Your turn" to the player's devices: the game, the opponents, the time left."""
    others = [s.user.username for s in seat.match.seats.select_related("user")
              if s.pk != seat.pk]
    params: dict[str, object] = {"match": seat.match_id, "opponents": ", ".join(others)}
    if seat.deadline is not None:
        params["left_seconds"] = int((seat.deadline - timezone.now()).total_seconds())
    push.tell(seat.user, "your_turn", params, f"/games/{seat.match_id}/", hold=hold)


def read_turn_notices(user, match_id: int) -> None:
    """The player opened the game: its "your turn" notice is read."""
    from notices.models import Notice
    from notices.service import publish_unread

    if not getattr(user, "is_authenticated", False):
        return
    if Notice.objects.filter(user=user, kind="your_turn", read_at__isnull=True,
                             params__match=match_id).update(read_at=timezone.now()):
        publish_unread(user)


def send_digests() -> int:
    """One mail per digest reader listing the games waiting for them; returns mails sent."""
    sent = 0
    users = get_user_model().objects.filter(notify="digest", is_bot=False).exclude(email="")
    for user in users:
        seats = list(
            Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE, takeover_level="",
                                match__tutorial=False)
            .exclude(deadline=None, paused_remaining=None)
            .select_related("match").order_by("deadline")
        )
        if not seats:
            continue
        with translation.override(user.language or settings.LANGUAGE_CODE):
            context = {"user": user, "seats": seats, "site": site_url()}
            subject = render_to_string("games/mail/digest_subject.txt", context).strip()
            body = render_to_string("games/mail/digest.txt", context)
        send_mail(subject, body, None, [user.email])
        sent += 1
    return sent
