"""A director's decisions on the games of their tournament, from its page.

A result is decided through the game's one commit path (games.core.services'
``correct_result`` / ``annul_result``, the path of the admins' corrections): the
settle task then refolds the tournament (docs/tournaments.md, "Results"), so the
standings, bracket and winner follow as if the game had always ended so. Each decision
is checked first and refused with a message naming the problem and nothing changed;
the decision and its reason go into the tournament's audit log.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.core import services as game_services
from games.core import terms
from games.core.errors import Conflict, ServiceError
from tournaments import notices, reading
from tournaments.directing import authorise
from tournaments.models import (
    ForbiddenPairing,
    PairingEdit,
    PlannedBye,
    Tournament,
    TournamentAudit,
    TournamentBye,
    TournamentGame,
    TournamentPlayer,
)
from tournaments.pairing import PairingError
from tournaments.pairing.swiss_edits import check_fixed_pairing
from tournaments.writes import audit, lock

Action = TournamentAudit.Action
Status = Tournament.Status
DRAW, ANNUL = "draw", "annul"
REQUESTED, ZERO = "requested", "zero"


def _swiss_in_play(tournament: Tournament, what: str) -> None:
    if tournament.format != Tournament.Format.SWISS:
        raise ServiceError(_("%(what)s: only in a Swiss.") % {"what": what})
    if tournament.status not in (Status.RUNNING, Status.PAUSED):
        raise Conflict(_("The tournament is %(status)s: that cannot be done now.") % {
            "status": tournament.get_status_display()})


def _entry(tournament: Tournament, user) -> TournamentPlayer:
    entry = tournament.players.filter(user=user).first() if getattr(user, "pk", None) \
        else None
    if entry is None:
        raise Conflict(_("%(name)s is not in this tournament.") % {
            "name": getattr(user, "username", None) or "–"})
    if entry.withdrawn_at is not None:
        raise Conflict(_("%(name)s has been withdrawn.") % {"name": user.username})
    return entry


def _last_started(tournament: Tournament) -> int:
    return max(tournament.rounds.values_list("number", flat=True), default=0)


def _game(tournament, match_id: Any) -> TournamentGame:
    try:
        match_id = int(match_id)
    except (TypeError, ValueError):
        match_id = 0
    game = (TournamentGame.objects.filter(round__tournament=tournament, match_id=match_id)
            .select_related("match", "first", "second", "round").first())
    if game is None:
        raise ServiceError(_("Game %(id)s is not a game of this tournament.") % {
            "id": match_id or "–"})
    return game


def decide_result(tournament_id: Any, actor, match_id: Any, outcome: str,
                  reason: Any) -> None:
    """Enter or override a finished game's result: ``outcome`` is the winner's username,
    "draw" or "annul". A running game is refused (it is decided by its play)."""
    reason = authorise(tournament_id, actor, reason)
    outcome = (outcome or "").strip()
    with transaction.atomic():
        tournament = lock(tournament_id)
        game = _game(tournament, match_id)
        if not tournament.two_player:
            raise ServiceError(_("A Kasteel table's result is decided in the game's admin."))
        if not game.match.is_over:
            raise Conflict(_("Game %(id)s is still running: its result can be decided only "
                             "once it has ended.") % {"id": game.match_id})
        if outcome == ANNUL:
            game_services.annul_result(game.match_id, actor, reason, authorised=True)
        else:
            names = terms.seat_names(game.match.game)
            seats = {game.first.username: names[0], game.second.username: names[1]}
            if outcome != DRAW and outcome not in seats:
                raise ServiceError(_("Name the winner (%(first)s or %(second)s), or choose "
                                     "a draw or an annulment.") % {
                    "first": game.first.username, "second": game.second.username})
            winner = None if outcome == DRAW else seats[outcome]
            game_services.correct_result(game.match_id, actor, winner, reason,
                                         authorised=True)
        audit(tournament, actor, Action.RESULT, reason=reason, game=game.match_id,
              round=game.round.number, board=game.board, outcome=outcome)
        notices.decided(tournament, [game.first, game.second], "result", reason,
                        match=game.match_id, outcome=outcome)


def give_bye(tournament_id: Any, actor, user, round_number: Any, kind: str,
             reason: Any) -> PlannedBye:
    """A bye in a Swiss round not yet started: ``kind`` "requested" (the tournament's
    points for a requested bye, ½ or 1) or "zero" (no points). The player is left out of
    that round's pairing. Refused once the round has started."""
    reason = authorise(tournament_id, actor, reason)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _swiss_in_play(tournament, _("Byes are given"))
        _entry(tournament, user)
        try:
            number = int(round_number)
        except (TypeError, ValueError):
            raise ServiceError(_("Give the round of the bye.")) from None
        total = reading.total_rounds(tournament) or 0
        if number < 1 or number > total:
            raise ServiceError(_("The tournament has rounds 1 to %(total)s.") % {
                "total": total})
        if tournament.rounds.filter(number=number).exists():
            raise Conflict(_("Round %(n)s has started: a bye can be given only before it "
                             "starts.") % {"n": number})
        if kind not in (REQUESTED, ZERO):
            raise ServiceError(_("Choose a requested bye or a zero-point bye."))
        points = tournament.requested_bye_points if kind == REQUESTED else 0.0
        if PlannedBye.objects.filter(tournament=tournament, user=user,
                                     round_number=number).exists():
            raise Conflict(_("%(name)s has a bye in round %(n)s already.") % {
                "name": user.username, "n": number})
        bye = PlannedBye.objects.create(tournament=tournament, user=user,
                                        round_number=number, points=points, reason=reason)
        audit(tournament, actor, Action.BYE, player=user.username, round=number,
              points=points, reason=reason)
        notices.decided(tournament, [user], "bye", reason, round=number, points=points)
    return bye


def accept_late_entry(tournament_id: Any, actor, user, reason: Any) -> TournamentPlayer:
    """A player joins a running Swiss: paired from the next round on, with the
    tournament's points (0 or ½) for each round already started, kept as byes of those
    rounds. Refused once the last round has started."""
    from tournaments.services import player_rating

    reason = authorise(tournament_id, actor, reason)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _swiss_in_play(tournament, _("Late entries are taken"))
        if getattr(user, "pk", None) is None:
            raise ServiceError(_("Name the player to enter."))
        if getattr(user, "is_bot", False) or not user.is_active:
            raise ServiceError(_("That account cannot play in tournaments."))
        if tournament.players.filter(user=user).exists():
            raise Conflict(_("%(name)s is in this tournament already.") % {
                "name": user.username})
        started = _last_started(tournament)
        total = reading.total_rounds(tournament) or 0
        if started >= total:
            raise Conflict(_("The last round has started: no late entry now."))
        entry = TournamentPlayer.objects.create(
            tournament=tournament, user=user, rating=player_rating(user, tournament.game))
        points = tournament.late_entry_points
        for rnd in tournament.rounds.all():
            TournamentBye.objects.create(round=rnd, user=user, points=points)
        audit(tournament, actor, Action.LATE, player=user.username, reason=reason,
              first_round=started + 1, missed=started, points_per_missed=points)
        notices.decided(tournament, [user], "late", reason, round=started + 1)
    return entry


def forbid_pairing(tournament_id: Any, actor, first, second, reason: Any) -> ForbiddenPairing:
    """Two players of a Swiss who must not meet: no later round pairs them (the pairing
    treats them as having met; a field that cannot be paired so pauses the tournament
    with the reason, as any round that cannot be paired)."""
    reason = authorise(tournament_id, actor, reason)
    with transaction.atomic():
        tournament = lock(tournament_id)
        if tournament.format != Tournament.Format.SWISS:
            raise ServiceError(_("%(what)s: only in a Swiss.") % {
                "what": _("Pairings are forbidden")})
        if tournament.is_over:
            raise Conflict(_("The tournament is over already."))
        for user in (first, second):
            if getattr(user, "pk", None) is None or not tournament.players.filter(
                    user=user).exists():
                raise Conflict(_("%(name)s is not in this tournament.") % {
                    "name": getattr(user, "username", None) or "–"})
        if first.pk == second.pk:
            raise ServiceError(_("Name two different players."))
        a, b = sorted((first, second), key=lambda u: u.pk)
        if ForbiddenPairing.objects.filter(tournament=tournament, first=a, second=b).exists():
            raise Conflict(_("%(a)s and %(b)s are kept apart already.") % {
                "a": a.username, "b": b.username})
        row = ForbiddenPairing.objects.create(tournament=tournament, first=a, second=b,
                                              reason=reason)
        audit(tournament, actor, Action.FORBID, player=a.username, other=b.username,
              reason=reason)
        notices.decided(tournament, [a], "forbid", reason, other=b.username)
        notices.decided(tournament, [b], "forbid", reason, other=a.username)
    return row


def edit_pairing(tournament_id: Any, actor, first, second, round_number: Any,
                 allow_repeat: bool, reason: Any) -> PairingEdit:
    """Pair two players by hand in a Swiss round not yet started; the engine checks the
    edit now (no repeat unless allowed, no forbidden pair, seats that can be balanced)
    and again when the round is paired; the others are paired by the engine."""
    reason = authorise(tournament_id, actor, reason)
    with transaction.atomic():
        tournament = lock(tournament_id)
        _swiss_in_play(tournament, _("Pairings are edited"))
        for user in (first, second):
            _entry(tournament, user)
        try:
            number = int(round_number)
        except (TypeError, ValueError):
            raise ServiceError(_("Give the round of the pairing.")) from None
        total = reading.total_rounds(tournament) or 0
        if number < 1 or number > total:
            raise ServiceError(_("The tournament has rounds 1 to %(total)s.") % {
                "total": total})
        if tournament.rounds.filter(number=number).exists():
            raise Conflict(_("Round %(n)s has started: its pairings can be edited only "
                             "before it starts.") % {"n": number})
        taken = PairingEdit.objects.filter(tournament=tournament, round_number=number)
        for user in (first, second):
            if taken.filter(first=user).exists() or taken.filter(second=user).exists() \
                    or PlannedBye.objects.filter(tournament=tournament, user=user,
                                                 round_number=number).exists():
                raise Conflict(_("%(name)s is placed in round %(n)s already.") % {
                    "name": user.username, "n": number})
        results, byes = reading.history(tournament)
        playing = TournamentGame.objects.filter(round__tournament=tournament, ended=False)
        if not allow_repeat and (playing.filter(first=first, second=second).exists()
                                 or playing.filter(first=second, second=first).exists()):
            raise ServiceError(_("The engine refuses this pairing: %(problem)s.") % {
                "problem": "the two players have met already (allow the repeat to pair "
                           "them again)"})
        try:
            pairing = check_fixed_pairing(
                reading.entrants(tournament, active_only=True), results, byes,
                round_number=number, seed=tournament.seed, first=first.pk,
                second=second.pk, allow_repeat=allow_repeat,
                forbidden=reading.forbidden(tournament))
        except PairingError as exc:
            raise ServiceError(_("The engine refuses this pairing: %(problem)s.") % {
                "problem": str(exc)}) from None
        by_id = {first.pk: first, second.pk: second}
        edit = PairingEdit.objects.create(
            tournament=tournament, round_number=number, first=by_id[pairing.first],
            second=by_id[pairing.second], allow_repeat=allow_repeat, reason=reason)
        audit(tournament, actor, Action.PAIRING, player=edit.first.username,
              other=edit.second.username, round=number, allow_repeat=allow_repeat,
              reason=reason)
    return edit
