"""Whose turn it is: the seats that wait for a player (pages, the API, the header)."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q, QuerySet

from games.models import Match, Seat


def my_turn_seats(user: Any) -> QuerySet[Seat]:
    """The seats of ``user`` that owe a move, least time left first (paused last)."""
    return (
        Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE, takeover_level="",
                            match__tutorial=False)
        .filter(Q(deadline__isnull=False) | Q(paused_remaining__isnull=False))
        .order_by(F("deadline").asc(nulls_last=True), "match_id")
    )


def my_turn_count(user: Any) -> int:
    """The header's counter: how many games wait for ``user``."""
    if user is None or not user.is_authenticated:
        return 0
    return my_turn_seats(user).count()
