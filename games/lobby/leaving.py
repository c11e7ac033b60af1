"""The game app's part of deleting an account (registered in accounts.leaving).

Running games end unrated (games.core.services.leave_deleted_account), places at open
tables are given up (games.lobby.tables), open challenges are cancelled or declined.
"""

from __future__ import annotations

from games.core import services
from games.core.errors import ServiceError
from games.models import Challenge, Match, Seat


def leave_running_games(user) -> None:
    for match_id in (Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE)
                     .values_list("match_id", flat=True).distinct()):
        try:
            services.leave_deleted_account(match_id, user)
        except ServiceError:
            pass  # it ended meanwhile


def leave_tables(user) -> None:
    from games.lobby import tables

    tables.leave_deleted_account(user)


def close_challenges(user) -> None:
    for challenge in Challenge.objects.filter(creator=user, status=Challenge.Status.OPEN):
        services.cancel_challenge(challenge.pk, user)
    for challenge in Challenge.objects.filter(opponent=user, status=Challenge.Status.OPEN):
        services.decline_challenge(challenge.pk, user)


def register() -> None:
    from accounts import leaving

    leaving.register(leaving.GAMES, leave_running_games)
    leaving.register(leaving.TABLES, leave_tables)
    leaving.register(leaving.CHALLENGES, close_challenges)
