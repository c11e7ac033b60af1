"""What tournaments tell their players (notices.service, so mail and push follow the one
rule of notices.decide): registration confirmed, the tournament starting (or not, for
too few players), each round's pairing with a link to the game and each bye, a round
deadline coming, a director's or the deadline's decision, a game cancelled (a knockout's
bracket changed), a withdrawal, an announcement, and the end with the player's place.

A notice is never worth failing the change that caused it: failures are logged, and
the notices of a change go out after its commit."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterable

from django.db import transaction
from django.urls import reverse

from notices.service import send
from tournaments.models import Tournament, TournamentBye, TournamentGame

log = logging.getLogger(__name__)


def _url(tournament: Tournament) -> str:
    return tournament.get_absolute_url()


def _game_url(match_id: int) -> str:
    return reverse("game", args=[match_id])


def _after_commit(what: str, tell: Callable[[], None]) -> None:
    def run() -> None:
        try:
            tell()
        except Exception:
            log.exception("telling the players %s failed", what)

    transaction.on_commit(run)


def _humans(users: Iterable) -> list:
    return [user for user in users if user is not None and not getattr(user, "is_bot", False)]


def entrants(tournament: Tournament) -> list:
    """The players still in (not withdrawn)."""
    return _humans(e.user for e in tournament.players.filter(
        withdrawn_at__isnull=True).select_related("user"))


def directors(tournament: Tournament) -> list:
    """The players named to direct it, and its maker (staff) when none is named."""
    named = [d.user for d in tournament.directors.select_related("user")]
    if not named and tournament.created_by is not None:
        named = [tournament.created_by]
    return _humans(named)


def registered(tournament: Tournament, user) -> None:
    _after_commit("of a registration", lambda: send(
        user, "tournament_registered", url=_url(tournament), tournament=tournament.name))


def starting(tournament: Tournament, players: int) -> None:
    def tell() -> None:
        for user in entrants(tournament):
            send(user, "tournament_starting", url=_url(tournament),
                 tournament=tournament.name, players=players)

    _after_commit("of the start", tell)


def not_started(tournament: Tournament, count: int, problem: str = "") -> None:
    """Registration closed and the tournament could not start: too few players (or the
    field cannot be paired, ``problem``); its directors and entrants are told."""
    def tell() -> None:
        told = set()
        for user in [*directors(tournament), *entrants(tournament)]:
            if user.pk not in told:
                told.add(user.pk)
                send(user, "tournament_not_started", url=_url(tournament),
                     tournament=tournament.name, count=count, min=tournament.min_players,
                     problem=problem)

    _after_commit("that the tournament did not start", tell)


def round_started(tournament: Tournament, number: int) -> None:
    """Each player's pairing in the round (a link to the game), each bye; at Kasteel
    tables, how many games of theirs started."""
    games = list(TournamentGame.objects.filter(
        round__tournament=tournament, round__number=number, match__isnull=False,
        ended=False).select_related("first", "second"))
    byes = list(TournamentBye.objects.filter(round__tournament=tournament,
                                             round__number=number).select_related("user"))

    def tell() -> None:
        if tournament.two_player:
            for game in games:
                for me, other in ((game.first, game.second), (game.second, game.first)):
                    if me is not None and not me.is_bot:
                        send(me, "tournament_pairing", url=_game_url(game.match_id),
                             tournament=tournament.name, round=number, match=game.match_id,
                             opponent=other.username if other else "-")
        else:
            from games.models import Seat

            seats = Seat.objects.filter(match__in=[g.match_id for g in games]
                                        ).select_related("user")
            for user, count in Counter(s.user for s in seats if not s.user.is_bot).items():
                send(user, "tournament_round", url=_url(tournament), mail=False,
                     tournament=tournament.name, round=number, games=count)
        for bye in byes:
            if not bye.user.is_bot:
                send(bye.user, "tournament_bye", url=_url(tournament),
                     tournament=tournament.name, round=number, points=bye.points)

    _after_commit(f"about round {number}", tell)


def deadline_near(tournament: Tournament, number: int, deadline, games) -> None:
    """The players of the round's unfinished games: the deadline, and the rule after it."""
    def tell() -> None:
        for game in games:
            for me, other in ((game.first, game.second), (game.second, game.first)):
                if me is not None and not me.is_bot:
                    send(me, "tournament_deadline", url=_game_url(game.match_id),
                         tournament=tournament.name, round=number, match=game.match_id,
                         deadline=deadline.isoformat(),
                         opponent=other.username if other else "-")

    _after_commit(f"of the deadline of round {number}", tell)


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
    """A director's (or the deadline's) decision, to each player it concerns."""
    def tell() -> None:
        for user in _humans(users):
            try:
                send(user, "tournament_decision", url=_url(tournament),
                     tournament=tournament.name, what=what, reason=reason, **facts)
            except Exception:
                log.exception("telling %s of a director's decision failed", user.pk)

    transaction.on_commit(tell)


def announced(tournament: Tournament, text: str) -> None:
    """A director's announcement, to every entrant still in (mailed under each player's
    mail setting, pushed under their push choices)."""
    def tell() -> None:
        for user in entrants(tournament):
            send(user, "tournament_announcement", url=_url(tournament),
                 tournament=tournament.name, text=text[:1000])

    _after_commit("of an announcement", tell)


def finished(tournament: Tournament) -> None:
    """The end: the winner, and to each player of a Swiss or a round robin their final
    place and points."""
    from tournaments import reading

    winner = tournament.winner.username if tournament.winner else "-"
    places: dict[int, tuple[int, float]] = {}
    count = 0
    if tournament.format in (Tournament.Format.SWISS, Tournament.Format.ROUND_ROBIN):
        rows = reading.standing_rows(tournament)
        places = {row.player: (row.rank, row.points) for row in rows}
        count = len(rows)

    def tell() -> None:
        for entry in tournament.players.select_related("user"):
            place, points = places.get(entry.user_id, (None, None))
            send(entry.user, "tournament_finished", url=_url(tournament),
                 tournament=tournament.name, winner=winner, place=place, count=count,
                 points=f"{points:g}" if points is not None else None)

    _after_commit("of the end", tell)
