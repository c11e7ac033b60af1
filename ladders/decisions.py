"""Admins' decisions on ladder games: a result corrected or annulled, a dispute's
ruling, and the positions replayed from the ladder's record to follow them. Part
of the ladders' one write path (ladders.services re-exports these)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.core import services as game_services
from games.core.services import NotFound, ServiceError
from games.models import Match, Seat
from ladders.models import Ladder, LadderAudit, LadderGame
from ladders.positions import apply_order, audit, entries_in_order
from ladders.service_base import lock_ladder, require_staff, winner_and_loser

Action = LadderAudit.Action


def correct_result(game_id: Any, actor, result: str, note: str = "", *,
                   notify: bool = True) -> LadderGame:
    """An admin's decision on a finished ladder game: "challenger", "defender", "draw"
    or "annul". One commit of the game (games.core.services.correct_result or annul_result)
    with the decision and its reason in the game's log; the settle task then replays
    the ratings (ladders.rerate) and moves the positions (follow_decision); both
    players are told. A decision that changes nothing is refused."""
    require_staff(actor)
    if result not in ("challenger", "defender", "draw", "annul"):
        raise ServiceError(_("The decision is the challenger's win, the defender's, a draw, "
                             "or an annulment."))
    game = LadderGame.objects.select_related("match").filter(pk=game_id).first()
    if game is None:
        raise NotFound(_("There is no ladder game %(id)s.") % {"id": game_id})
    reason = note or _("decided by an admin")
    winner_id = {"challenger": game.challenger_id, "defender": game.defender_id}.get(result)
    seats = list(Seat.objects.filter(match_id=game.match_id).select_related("user"))
    winner = next((seat.seat for seat in seats if seat.user_id == winner_id), None)
    before = {seat.user.username: seat.result for seat in seats}
    with transaction.atomic():
        ladder = lock_ladder(game.ladder_id)
        if result == "annul":
            committed = game_services.annul_result(game.match_id, actor, reason)
        else:
            committed = game_services.correct_result(game.match_id, actor, winner, reason)
        audit(ladder, actor, Action.CORRECT, match=game.match_id,
              version=committed.records[0].version, result=result,
              note=str(note)[:500], before=before,
              after={s.user.username: s.result for s in committed.seats})
    if notify:  # a ruling on a dispute tells the players itself
        from ladders import notices

        notices.result_decided(game, [seat.user for seat in seats], result,
                               committed.records[0].events[0]["reason"])
    return game


def decide_dispute(dispute, actor, ruling: str, winner: str | None, reason: str) -> bool:
    """A ruling that changes a ladder game's result goes through the ladder (its audit
    log, positions and notices); False for a game of no ladder."""
    game = LadderGame.objects.filter(match_id=dispute.match_id).first()
    if game is None:
        return False
    if ruling == "annul":
        result = "annul"
    else:
        user_id = next((s.user_id for s in Seat.objects.filter(match_id=game.match_id)
                        if s.seat == winner), None)
        result = {game.challenger_id: "challenger", game.defender_id: "defender"}.get(
            user_id, "draw")
    correct_result(game.pk, actor, result, reason, notify=False)
    return True


def _outcome_now(game: LadderGame, match: Match) -> str:
    if match.end_reason == Match.Reason.ANNULLED:
        return LadderGame.Outcome.ANNULLED
    winner, _loser = winner_and_loser(game)
    if winner is None:
        return LadderGame.Outcome.DRAW
    if winner == game.challenger_id:
        return LadderGame.Outcome.CHALLENGER_WON
    return LadderGame.Outcome.DEFENDER_WON


def follow_decision(match_id: int) -> bool:
    """After an admin's decision on a resolved ladder game, the positions follow it: the
    game's new outcome is recorded (a "result" row marked as a decision) and the order
    is replayed from the ladder's record (ladders.ladder_fold): the game keeps its place
    among the ladder's events, so an annulled game counts as never played, and every
    later result is applied again. Nothing moves in a closed ladder, or by a game that
    one of its players had left (docs/ladders.md). Idempotent: the game's outcome
    records what was applied."""
    game = (LadderGame.objects.select_related("match", "challenger", "defender")
            .filter(match_id=match_id, resolved=True).first())
    if game is None or game.outcome in (LadderGame.Outcome.LEFT, LadderGame.Outcome.CLOSED):
        return False
    with transaction.atomic():
        ladder = lock_ladder(game.ladder_id)
        game = LadderGame.objects.select_related("match", "challenger", "defender").get(
            pk=game.pk)
        old, new = game.outcome, _outcome_now(game, game.match)
        if old == new:
            return False
        game.outcome = new
        game.save(update_fields=["outcome"])
        row = audit(ladder, None, Action.RESULT, match=game.match_id,
                    challenger=game.challenger.username, defender=game.defender.username,
                    outcome=new, was=old, decision=True, moves=[])
        if ladder.status != Ladder.Status.CLOSED:
            row.detail["moves"] = replay_order(ladder)
            row.save(update_fields=["detail"])
    return True


def replay_order(ladder: Ladder) -> list[dict[str, Any]]:
    """Put a locked ladder's entries in the order its record gives (ladders.ladder_replay);
    returns the moves. Entries the record does not place keep their relative order at
    the bottom (a ladder whose start was not recorded)."""
    from ladders.ladder_replay import replayed_order

    entries = entries_in_order(ladder)
    rank = {user_id: index for index, user_id in enumerate(replayed_order(ladder))}
    entries.sort(key=lambda entry: (rank.get(entry.user_id, len(rank)), entry.position))
    return apply_order(entries)
