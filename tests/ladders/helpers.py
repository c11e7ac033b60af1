"""Helpers for ladder tests."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.core import services as game_services
from games.models import Match
from ladders import services
from ladders.models import Ladder, LadderAudit, LadderGame


def fill(ladder: Ladder, users) -> None:
    """Join the users in order: the first ends at position 1."""
    for user in users:
        services.join(ladder.pk, user)


def standings(ladder: Ladder) -> list[str]:
    return list(ladder.entries.order_by("position").values_list("user__username", flat=True))


def positions(ladder: Ladder) -> list[int]:
    return list(ladder.entries.order_by("position").values_list("position", flat=True))


def win(game: LadderGame, winner) -> Match:
    """The other player resigns."""
    loser = game.defender if winner.pk == game.challenger_id else game.challenger
    return game_services.resign(game.match_id, loser).match


def draw(game: LadderGame) -> Match:
    game_services.offer_draw(game.match_id, game.challenger)
    return game_services.answer_draw(game.match_id, game.defender, True).match


def mover(game: LadderGame):
    """The player whose clock runs (the one a timeout would hit)."""
    return game.match.seats.get(deadline__isnull=False).user


def time_out(game: LadderGame) -> list[int]:
    """Let the mover's clock run out."""
    later = timezone.now() + timedelta(days=game.match.days_per_move + 1)
    return game_services.expire_deadlines(later)


def end_game_long_ago(game: LadderGame, days: int) -> None:
    """Move a finished game (and its ladder bookkeeping) ``days`` into the past."""
    when = timezone.now() - timedelta(days=days)
    Match.objects.filter(pk=game.match_id).update(finished_at=when)


def actions(ladder: Ladder) -> list[str]:
    return list(ladder.audit.order_by("at", "id").values_list("action", flat=True))


def last_audit(ladder: Ladder, action: str) -> LadderAudit:
    return ladder.audit.filter(action=action).latest("at", "id")
