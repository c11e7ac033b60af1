"""An admin's decisions on a finished game: a corrected result, an annulment.

Each is one commit through games.core.commit, like every change of a match; its
reason goes into the game's log, and every open dispute of the game closes with it.
``DECISION_CHECKS`` are told of each decision before it commits (a tournament refuses
one that its later rounds no longer allow). games.core.services names these for the
adapters.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from games.core import commit
from games.core.commit import Committed, Entry, Pending
from games.core.errors import Conflict, Forbidden, ServiceError
from games.models import Dispute, Match, MoveRecord, Seat

#: Called as check(match, seats) inside an admin's correction or annulment, with the
#: decision applied but not yet saved; raising (Conflict) refuses it and writes nothing.
#: Filled at start-up by the apps whose derived data a decision may no longer fit (a
#: Kasteel tournament whose later round has finished: tournaments.kasteel_sync).
DECISION_CHECKS: list[Callable[[Match, list[Seat]], None]] = []


def _check_decision(pending: Pending) -> None:
    for check in DECISION_CHECKS:
        check(pending.match, pending.seats)


def _admin_reason(actor, reason: Any, authorised: bool = False) -> str:
    # ``authorised``: the caller checked the actor's right (a tournament's director).
    if not authorised and not getattr(actor, "is_staff", False):
        raise Forbidden(_("Only admins may do this."))
    reason = one_line_reason(reason)
    if not reason:
        raise ServiceError(_("Give the reason for the decision: the players will read it."))
    return reason


def one_line_reason(reason: Any) -> str:
    """A reason as the log and the players' pages keep it: one line, at most 200
    characters (whitespace and line breaks folded)."""
    return " ".join(str(reason or "").split())[:200]


def close_disputes(match: Match, actor, status: str, reason: str, now) -> int:
    """One decision closes every open dispute of the game, whichever page it came from
    (the dispute list, the ladder's correction, the game's admin); returns how many."""
    return Dispute.objects.filter(match=match, status=Dispute.Status.OPEN).update(
        status=status, decided_by=actor, decided_at=now, decision=reason[:500])


def correct_result(match_id: Any, actor, winner: str | None, reason: str, *,
                   authorised: bool = False) -> Committed:
    """An admin's correction of a finished game's result: ``winner`` is a seat (seats
    joined by "+" for a team) or None for a draw; ``reason`` is shown to the players.
    One commit with the decision in the log; a correction that changes nothing is
    refused. Ratings and ladders follow through the settle task. ``authorised``: the
    caller checked the actor's right (tournaments.arbiter for a director)."""
    reason = _admin_reason(actor, reason, authorised)

    def change(pending: Pending) -> Entry:
        match = pending.match
        if not match.is_over:
            raise Conflict(_("The game is still in progress."))
        names = {seat.seat for seat in pending.seats}
        if winner is not None and not set(winner.split("+")) <= names:
            raise ServiceError(_("The winner must be a seat of this game, or none for a draw."))
        if ((winner or "") == match.winner_seat and match.end_reason != Match.Reason.ANNULLED
                and all(s.result for s in pending.seats)):
            raise Conflict(_("The game already has that result."))
        was = match.winner_seat or None
        pending.set_result(winner, Match.Reason.CORRECTED, reason)
        _check_decision(pending)
        close_disputes(match, actor, Dispute.Status.CORRECTED, reason, pending.now)
        return Entry(MoveRecord.Kind.CORRECT, events=[
            {"type": "correct", "winner": winner, "was": was, "reason": reason}])

    return commit.commit(match_id, change, running=False)


def annul_result(match_id: Any, actor, reason: str, *, authorised: bool = False) -> Committed:
    """An admin's annulment of a finished game: it counts for nothing (no rating, no
    ladder position change); the decision and its reason go into the game's log."""
    reason = _admin_reason(actor, reason, authorised)

    def change(pending: Pending) -> Entry:
        match = pending.match
        if not match.is_over:
            raise Conflict(_("The game is still in progress."))
        if match.end_reason == Match.Reason.ANNULLED:
            raise Conflict(_("The game is annulled already."))
        was = match.winner_seat or None
        pending.annul(reason)
        _check_decision(pending)
        close_disputes(match, actor, Dispute.Status.ANNULLED, reason, pending.now)
        return Entry(MoveRecord.Kind.ANNUL, events=[
            {"type": "annul", "was": was, "reason": reason}])

    return commit.commit(match_id, change, running=False)
