"""What tournaments tell their players (notices.service): a round with games of theirs
has started, a game of theirs was cancelled (a knockout's bracket changed), they were
withdrawn (with the reason), the tournament has ended.

A notice is never worth failing the change that caused it: failures are logged."""

from __future__ import annotations

import logging
from collections import Counter

from notices.service import send
from tournaments.models import Tournament, TournamentGame

log = logging.getLogger(__name__)


def _url(tournament: Tournament) -> str:
    return tournament.get_absolute_url()


def round_started(tournament: Tournament, number: int) -> None:
    try:
        from games.models import Seat

        games = TournamentGame.objects.filter(round__tournament=tournament,
                                              round__number=number, match__isnull=False)
        seats = Seat.objects.filter(match__in=games.values("match")).select_related("user")
        counts = Counter(seat.user for seat in seats if not seat.user.is_bot)
        for user, count in counts.items():
            send(user, "tournament_round", url=_url(tournament), mail=False,
                 tournament=tournament.name, round=number, games=count)
    except Exception:
        log.exception("telling the players of tournament %s about round %s failed",
                      tournament.pk, number)


def game_cancelled(tournament: Tournament, match_id: int) -> None:
    try:
        from games.models import Seat

        for seat in Seat.objects.filter(match_id=match_id).select_related("user"):
            if not seat.user.is_bot:
                send(seat.user, "tournament_game_cancelled", url=_url(tournament),
                     tournament=tournament.name, match=match_id)
    except Exception:
        log.exception("telling the players of game %s about its cancellation failed",
                      match_id)


def withdrawn(tournament: Tournament, user, reason: str) -> None:
    try:
        send(user, "tournament_withdrawn", url=_url(tournament), tournament=tournament.name,
             reason=reason)
    except Exception:
        log.exception("telling %s of their withdrawal failed", user.pk)


def decided(tournament: Tournament, users, what: str, reason: str, **facts) -> None:
    """A director's decision, to each player it concerns (after the commit)."""
    from django.db import transaction

    def tell() -> None:
        for user in users:
            try:
                if not getattr(user, "is_bot", False):
                    send(user, "tournament_decision", url=_url(tournament),
                         tournament=tournament.name, what=what, reason=reason, **facts)
            except Exception:
                log.exception("telling %s of a director's decision failed", user.pk)

    transaction.on_commit(tell)


def finished(tournament: Tournament) -> None:
    try:
        winner = tournament.winner.username if tournament.winner else "-"
        for entry in tournament.players.select_related("user"):
            send(entry.user, "tournament_finished", url=_url(tournament), mail=False,
                 tournament=tournament.name, winner=winner)
    except Exception:
        log.exception("telling the players of tournament %s about its end failed",
                      tournament.pk)
