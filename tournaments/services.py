"""The write path of tournaments: registration and the admins' actions.

Every function locks the Tournament row first (select_for_update) and writes its audit
row in the same transaction, so a join racing a start, or two admins pressing "start",
are applied one after the other. Rounds (pairing, games, results, the end) are in
``tournaments.rounds``; this module queues the first round when the tournament starts.

States: draft -> registration -> running <-> paused -> finished; closed from any state
is final (running games finish but start no further round).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core import clocks
from games.core import services as game_services
from games.core.errors import Conflict, Forbidden, NotFound, ServiceError
from games.models import Match
from tournaments.directing import authorise
from tournaments.models import Tournament, TournamentAudit, TournamentGame, TournamentPlayer
from tournaments.pairing import PairingError
from tournaments.writes import audit, lock

Status = Tournament.Status
Action = TournamentAudit.Action
DEFAULT_RATING = 1500.0
REASON_LENGTH = 500

__all__ = [
    "Conflict", "Forbidden", "NotFound", "ServiceError", "close", "join",
    "begin", "join_refusal", "leave", "leave_deleted_account", "open_registration", "pause",
    "reopen", "resume", "start", "withdraw",
]


def player_rating(user, game: str) -> float:
    from ladders.ratings import current

    rating = current(user, game)
    return float(rating.rating) if rating is not None else DEFAULT_RATING


# --- players ----------------------------------------------------------------------------


def join_refusal(tournament: Tournament, user, now=None) -> str:
    """Why ``user`` may not join (registration, limits, rating range), or "" if they may."""
    now = now or timezone.now()
    if tournament.status != Status.REGISTRATION:
        return _("This tournament does not take players now.")
    if tournament.registration_opens_at and now < tournament.registration_opens_at:
        return _("Registration has not opened yet.")
    if tournament.registration_closes_at and now >= tournament.registration_closes_at:
        return _("Registration has closed.")
    if getattr(user, "is_bot", False) or not user.is_active:
        return _("That account cannot play in tournaments.")
    if tournament.players.filter(user=user).exists():
        return _("You are in this tournament already.")
    if tournament.max_players and tournament.players.count() >= tournament.max_players:
        return _("The tournament is full (%(count)s players).") % {
            "count": tournament.max_players}
    low, high = tournament.min_rating, tournament.max_rating
    if low is not None or high is not None:
        rating = round(player_rating(user, tournament.game))
        if (low is not None and rating < low) or (high is not None and rating > high):
            return _("This tournament is for players rated %(low)s to %(high)s; yours is "
                     "%(rating)s.") % {"low": low if low is not None else 0,
                                       "high": high if high is not None else "∞",
                                       "rating": rating}
    return ""


def join(tournament_id: Any, user) -> TournamentPlayer:
    """Register ``user`` while registration is open."""
    with transaction.atomic():
        tournament = lock(tournament_id)
        refusal = join_refusal(tournament, user)
        if refusal:
            already = tournament.players.filter(user=user).exists()
            raise (Conflict if already or tournament.status != Status.REGISTRATION
                   else Forbidden)(refusal)
        entry = TournamentPlayer.objects.create(
            tournament=tournament, user=user, rating=player_rating(user, tournament.game))
        audit(tournament, user, Action.JOIN, player=user.username)
        from tournaments import notices

        notices.registered(tournament, user)
    return entry


def leave(tournament_id: Any, user) -> None:
    """Leave during registration (after the start an admin withdraws the player)."""
    with transaction.atomic():
        tournament = lock(tournament_id)
        entry = tournament.players.filter(user=user).first()
        if entry is None:
            raise Conflict(_("You are not in this tournament."))
        if tournament.status != Status.REGISTRATION:
            raise Conflict(_("The tournament has started: ask an admin to withdraw you."))
        entry.delete()
        audit(tournament, user, Action.LEAVE, player=user.username)


# --- the admins' actions ------------------------------------------------------------------


def _move(tournament: Tournament, allowed: tuple[str, ...], to: str) -> None:
    if tournament.status not in allowed:
        raise Conflict(_("The tournament is %(status)s: that cannot be done now.") % {
            "status": tournament.get_status_display()})
    tournament.status = to


def open_registration(tournament_id: Any, actor, reason: Any = "") -> Tournament:
    reason = authorise(tournament_id, actor, reason, required=False)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _move(tournament, (Status.DRAFT,), Status.REGISTRATION)
        tournament.save(update_fields=["status"])
        audit(tournament, actor, Action.OPEN, reason=reason)
    return tournament


def start(tournament_id: Any, actor, reason: Any = "") -> Tournament:
    """Close registration and start: the players are seeded by their rating now and the
    first round (a round robin played all at once: every round) is queued."""
    reason = authorise(tournament_id, actor, reason, required=False)
    with transaction.atomic():
        tournament = lock(tournament_id)
        begin(tournament, actor, reason)
    return tournament


def begin(tournament: Tournament, actor, reason: str, **detail: Any) -> None:
    """Start ``tournament`` (locked) as ``actor`` (None: the schedule); refused with a
    Conflict or ServiceError naming the problem, nothing changed."""
    from tournaments import notices, rounds

    _move(tournament, (Status.REGISTRATION,), Status.RUNNING)
    entries = list(tournament.players.select_related("user"))
    if len(entries) < tournament.min_players:
        raise Conflict(_("The tournament needs at least %(min)s players; %(count)s "
                         "joined.") % {"min": tournament.min_players,
                                       "count": len(entries)})
    for entry in entries:
        entry.rating = player_rating(entry.user, tournament.game)
    TournamentPlayer.objects.bulk_update(entries, ["rating"])
    if tournament.format == Tournament.Format.KASTEEL and tournament.team_event:
        from tournaments.teams import start_refusal

        refusal = start_refusal(tournament, entries)
        if refusal:
            raise ServiceError(refusal)
    try:
        rounds.check_startable(tournament, entries)
    except PairingError as exc:
        raise ServiceError(str(exc)) from None
    tournament.started_at = timezone.now()
    tournament.save(update_fields=["status", "started_at"])
    audit(tournament, actor, Action.START, reason=reason, players=len(entries), **detail)
    notices.starting(tournament, len(entries))
    rounds.queue_first_rounds(tournament)


def _clocks(tournament: Tournament, reason: str, *, stop: bool) -> list[int]:
    """Stop (or restart) the clocks of the tournament's running games, each through the
    game's one commit path (games.core.clocks); returns the games changed."""
    running = TournamentGame.objects.filter(
        round__tournament=tournament, match__status=Match.Status.ACTIVE,
    ).values_list("match_id", flat=True).order_by("match_id")
    change = clocks.stop_match_clocks if stop else clocks.restart_match_clocks
    return [match_id for match_id in running if change(match_id, reason)]


def pause(tournament_id: Any, actor, reason: Any) -> Tournament:
    """No new round starts while paused, and the clocks of its running games stand
    still (the games may go on: a move made meanwhile starts no clock); resuming
    restarts them."""
    reason = authorise(tournament_id, actor, reason)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _move(tournament, (Status.RUNNING,), Status.PAUSED)
        tournament.save(update_fields=["status"])
        stopped = _clocks(tournament, reason, stop=True)
        audit(tournament, actor, Action.PAUSE, reason=reason, clocks_stopped=stopped)
    return tournament


def resume(tournament_id: Any, actor, reason: Any = "") -> Tournament:
    """Running again: a round that ended during the pause is followed by the next now."""
    from tournaments import rounds

    reason = authorise(tournament_id, actor, reason, required=False)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _move(tournament, (Status.PAUSED,), Status.RUNNING)
        tournament.save(update_fields=["status"])
        restarted = _clocks(tournament, reason, stop=False)
        audit(tournament, actor, Action.RESUME, reason=reason, clocks_restarted=restarted)
        rounds.advance(tournament)
    return tournament


def close(tournament_id: Any, actor, reason: Any) -> Tournament:
    """Final: no further round; games still running finish but change nothing here."""
    reason = authorise(tournament_id, actor, reason)
    with transaction.atomic():
        tournament = lock(tournament_id)
        if tournament.is_over:
            raise Conflict(_("The tournament is over already."))
        was_paused = tournament.status == Status.PAUSED
        tournament.status = Status.CLOSED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["status", "finished_at"])
        # Its running games are played to their end: clocks a pause stopped run again.
        restarted = _clocks(tournament, reason, stop=False) if was_paused else []
        audit(tournament, actor, Action.CLOSE, reason=reason, clocks_restarted=restarted)
    return tournament


def reopen(tournament_id: Any, actor, reason: Any) -> Tournament:
    """A finished or closed tournament reopened for a correction: it is paused (its
    directors decide results again, and the standings, bracket and winner follow the
    replay rule, "Results" in docs/tournaments.md); resuming runs it on, so it finishes
    again when its rounds are done, with the winner of the fold. A reason is required."""
    reason = authorise(tournament_id, actor, reason, required=True)
    with transaction.atomic():
        tournament = lock(tournament_id)
        if not tournament.is_over:
            raise Conflict(_("The tournament is %(status)s: only a finished or closed "
                             "tournament is reopened.") % {
                "status": tournament.get_status_display()})
        clash = Tournament.objects.filter(name__iexact=tournament.name).exclude(
            status__in=[Status.FINISHED, Status.CLOSED]).exclude(pk=tournament.pk).first()
        if clash is not None:
            raise Conflict(_("Tournament %(id)s, not over, has this name: rename one of "
                             "them first.") % {"id": clash.pk})
        before = tournament.status
        winner = tournament.winner.username if tournament.winner else None
        tournament.status, tournament.winner, tournament.finished_at = Status.PAUSED, None, None
        tournament.save(update_fields=["status", "winner", "finished_at"])
        stopped = _clocks(tournament, reason, stop=True)  # as any pause
        audit(tournament, actor, Action.REOPEN, reason=reason, was=before,
              winner_before=winner, clocks_stopped=stopped)
    return tournament


def withdraw(tournament_id: Any, actor, user, reason: Any) -> list[int]:
    """Withdraw a player: their running games of the tournament are lost by forfeit (a
    resignation through games.core.services; at a Kasteel table an AI plays their seat on),
    and they are paired no more. The forfeited games end unrated unless the tournament
    rates withdrawals (``rate_withdrawals``, off by default as a ladder's removals).
    Returns the ids of the games forfeited."""
    reason = authorise(tournament_id, actor, reason)
    with transaction.atomic():
        tournament = lock(tournament_id)
        if tournament.is_over:
            raise Conflict(_("The tournament is over already."))
        entry = tournament.players.filter(user=user).first() if getattr(user, "pk", None) \
            else None
        if entry is None:
            raise Conflict(_("%(name)s is not in this tournament.") % {
                "name": getattr(user, "username", user)})
        if entry.withdrawn_at is not None:
            raise Conflict(_("%(name)s has been withdrawn already.") % {"name": user.username})
        if tournament.status in (Status.DRAFT, Status.REGISTRATION):
            entry.delete()
            audit(tournament, actor, Action.WITHDRAW, player=user.username, reason=reason,
                  forfeited=[])
            return []
        entry.withdrawn_at = timezone.now()
        entry.save(update_fields=["withdrawn_at"])
        running = list(
            TournamentGame.objects.filter(round__tournament=tournament,
                                          match__status=Match.Status.ACTIVE,
                                          match__seats__user=user).distinct())
        forfeited = []
        for game in running:
            game_services.resign(game.match_id, user,
                                 rated=None if tournament.rate_withdrawals else False)
            if tournament.two_player:  # at a table an AI plays the seat to the end
                game.forfeit = True
                game.save(update_fields=["forfeit"])
            forfeited.append(game.match_id)
        audit(tournament, actor, Action.WITHDRAW, player=user.username, reason=reason,
              forfeited=forfeited)
    from tournaments import notices

    notices.withdrawn(tournament, user, reason)
    return forfeited


def leave_deleted_account(user) -> list[int]:
    """``user`` deleted their account: they leave every tournament that is not over.
    Before the start their entry goes; after it they are withdrawn (paired no more) and
    their running games of it end unrated (games.core.services.leave_deleted_account: the
    opponent wins by forfeit; at a table an AI player plays the seat on). Returns the
    ids of the games ended or handed over."""
    ended: list[int] = []
    for tournament_id in list(TournamentPlayer.objects.filter(
            user=user, withdrawn_at__isnull=True).values_list("tournament_id", flat=True)):
        with transaction.atomic():
            tournament = lock(tournament_id)
            entry = tournament.players.filter(user=user).first()
            if tournament.is_over or entry is None:
                continue
            if tournament.status in (Status.DRAFT, Status.REGISTRATION):
                entry.delete()
                audit(tournament, None, Action.LEAVE, player=user.username,
                      reason=game_services.ACCOUNT_DELETED)
                continue
            entry.withdrawn_at = timezone.now()
            entry.save(update_fields=["withdrawn_at"])
            running = list(TournamentGame.objects.filter(
                round__tournament=tournament, match__status=Match.Status.ACTIVE,
                match__seats__user=user).distinct())
            for game in running:
                game_services.leave_deleted_account(game.match_id, user)
                if tournament.two_player:
                    game.forfeit = True
                    game.save(update_fields=["forfeit"])
                ended.append(game.match_id)
            audit(tournament, None, Action.WITHDRAW, player=user.username,
                  reason=game_services.ACCOUNT_DELETED,
                  forfeited=[g.match_id for g in running])
    return ended
