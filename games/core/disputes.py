"""Disputes: a player asks the admins to look at a finished game's result again.

Within DISPUTE_DAYS of the end, each player of a finished game (not a tutorial,
which counts for nothing) may dispute its result once, with a reason (at most 500
characters). Opening a dispute and an admin's ruling are changes of the game that
its clients see ("disputed"), so both go through games.core.commit with a record in
the game's log. The admin rules: uphold (the result stands), correct (a winner, or a
draw) or annul; the reason is shown to both players, who are told by a notice. A
ruling on a game of a ladder is made through the ladder (its audit log, positions,
notices): the ladders app registers itself in ``DECIDERS``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core import commit, services
from games.core.commit import Entry, Pending
from games.core.errors import Conflict, Forbidden, NotFound, ServiceError
from games.models import Dispute, Match, MoveRecord

MAX_REASON = 500
RULINGS = ("uphold", "correct", "annul")
#: Called as decider(dispute, actor, ruling, winner_seat, reason) -> True when it made the
#: correction or annulment itself (e.g. through a ladder); the first that does wins.
DECIDERS: list[Callable[..., bool]] = []


def window() -> timedelta:
    return timedelta(days=int(getattr(settings, "DISPUTE_DAYS", 7)))


def _reason(text: Any) -> str:
    if not isinstance(text, str):
        raise ServiceError(_("The reason must be text."))
    text = " ".join(text.split())
    if not text:
        raise ServiceError(_("Say why you dispute the result."))
    if len(text) > MAX_REASON:
        raise ServiceError(_("The reason is too long: at most %(n)s characters.") % {
            "n": MAX_REASON})
    return text


def can_dispute(match: Match, user, now=None) -> bool:
    """Whether ``user`` may still dispute the result of ``match`` (shown on the page)."""
    now = now or timezone.now()
    return (user is not None and user.is_authenticated and match.is_over
            and not match.tutorial and match.finished_at is not None
            and now - match.finished_at <= window()
            and match.seats.filter(user=user).exists()
            and not Dispute.objects.filter(match=match, user=user).exists())


def open_dispute(match_id: Any, user, reason: Any) -> Dispute:
    reason = _reason(reason)
    made: list[Dispute] = []

    def change(pending: Pending) -> Entry:
        match = pending.match
        seat = pending.seat_of(user)
        if not match.is_over:
            raise Conflict(_("The game is still in progress: a result can be disputed once "
                             "the game is over."))
        if match.tutorial:
            raise Conflict(_("A tutorial game counts for nothing: there is no result to "
                             "dispute."))
        if match.finished_at is None or pending.now - match.finished_at > window():
            raise Conflict(_("Results can be disputed for %(days)s days after the end of the "
                             "game.") % {"days": window().days})
        if Dispute.objects.filter(match=match, user=user).exists():
            raise Conflict(_("You have disputed this result already."))
        made.append(Dispute.objects.create(match=match, user=user, seat=seat.seat,
                                           reason=reason))
        return Entry(MoveRecord.Kind.DISPUTE, seat.seat,
                     events=[{"type": "dispute", "player": seat.seat, "reason": reason}])

    commit.commit(match_id, change, running=False, member=user)
    from notices.service import send

    for admin in _admins():
        send(admin, "dispute_opened", url=f"/admin/games/dispute/{made[0].pk}/decide/",
             mail=False, match=made[0].match_id, reason=reason)
    return made[0]


def _admins() -> list:
    from django.contrib.auth import get_user_model

    return list(get_user_model().objects.filter(is_staff=True, is_active=True))


def rule(dispute_id: Any, actor, ruling: str, reason: Any,
         winner: str | None = None) -> Dispute:
    """The admin's ruling on an open dispute: "uphold", "correct" (``winner`` a seat,
    or None for a draw) or "annul", with a reason the players read."""
    if not getattr(actor, "is_staff", False):
        raise Forbidden(_("Only admins may do this."))
    if ruling not in RULINGS:
        raise ServiceError(_("The ruling is uphold, correct or annul."))
    reason = _reason(reason)
    dispute = Dispute.objects.select_related("match").filter(pk=dispute_id).first()
    if dispute is None:
        raise NotFound(_("There is no dispute %(id)s.") % {"id": dispute_id})
    with transaction.atomic():
        dispute = Dispute.objects.select_for_update().select_related("match").get(pk=dispute.pk)
        if dispute.status != Dispute.Status.OPEN:
            raise Conflict(_("This dispute has been decided already."))
        if ruling == "uphold":
            _uphold(dispute, reason)
        elif not any(decider(dispute, actor, ruling, winner, reason) for decider in DECIDERS):
            if ruling == "annul":
                services.annul_result(dispute.match_id, actor, reason)
            else:
                services.correct_result(dispute.match_id, actor, winner, reason)
        dispute.status = {"uphold": Dispute.Status.UPHELD, "correct": Dispute.Status.CORRECTED,
                          "annul": Dispute.Status.ANNULLED}[ruling]
        dispute.decided_by, dispute.decided_at, dispute.decision = actor, timezone.now(), reason
        dispute.save(update_fields=["status", "decided_by", "decided_at", "decision"])
    from notices.service import send

    for seat in dispute.match.seats.select_related("user"):
        send(seat.user, "dispute_decided", url=f"/games/{dispute.match_id}/",
             match=dispute.match_id, ruling=ruling, reason=reason)
    return dispute


def _uphold(dispute: Dispute, reason: str) -> None:
    def change(pending: Pending) -> Entry:
        return Entry(MoveRecord.Kind.RULING, events=[
            {"type": "ruling", "ruling": "uphold", "player": dispute.seat, "reason": reason}])

    commit.commit(dispute.match_id, change, running=False)
