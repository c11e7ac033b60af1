"""Helpers shared by the Django tests: games made directly in the database.

The players (fixtures alice, bob, carol, staff, all logging in with PASSWORD)
are in tests/conftest.py.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from allauth.account.models import EmailAddress
from django.utils import timezone

from accounts.models import User
from games.models import Match, Seat
from tests.conftest import PASSWORD, make_user

__all__ = ["PASSWORD", "active_match", "confirm_email", "finished_match", "make_user"]

SEATS = ("moon", "sun")
OPPOSITE = {"win": "loss", "loss": "win", "draw": "draw"}


def confirm_email(user: User, *, verified: bool = True) -> EmailAddress:
    """Record the user's address as the sign-up pages would (confirmed or still pending)."""
    return EmailAddress.objects.create(
        user=user, email=user.email, primary=True, verified=verified
    )


def finished_match(
    first: User, second: User, result: str, *, finished_at: datetime | None = None,
    reason: str = Match.Reason.RULES,
) -> Match:
    """A finished two-player game; ``result`` (win, loss or draw) is the first player's."""
    match = Match.objects.create(
        state={}, seed=1, status=Match.Status.FINISHED, end_reason=reason,
        finished_at=finished_at or timezone.now(),
        winner_seat={"win": SEATS[0], "loss": SEATS[1]}.get(result, ""),
    )
    Seat.objects.create(match=match, seat=SEATS[0], user=first, result=result)
    Seat.objects.create(match=match, seat=SEATS[1], user=second, result=OPPOSITE[result])
    return match


def active_match(first: User, second: User, *, to_move: User | None = None) -> Match:
    """A game in progress in which ``to_move`` (by default the first player) owes a move."""
    to_move = to_move or first
    match = Match.objects.create(state={}, seed=1, status=Match.Status.ACTIVE)
    deadline = timezone.now() + timedelta(days=match.days_per_move)
    for name, user in zip(SEATS, (first, second)):
        Seat.objects.create(
            match=match, seat=name, user=user, deadline=deadline if user == to_move else None
        )
    return match
