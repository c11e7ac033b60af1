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
from tournaments.directing import authorise
from tournaments.models import TournamentAudit, TournamentGame
from tournaments.writes import audit, lock

Action = TournamentAudit.Action
DRAW, ANNUL = "draw", "annul"


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
