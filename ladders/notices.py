"""What ladders tell their players (notices.service): decisions on their results."""

from __future__ import annotations

from django.urls import reverse

from games.models import Match
from ladders.models import LadderGame
from notices.service import send


def result_decided(game: LadderGame, match: Match, players: list) -> None:
    """Both players of a ladder game whose result an admin corrected or annulled."""
    last = match.records.order_by("-version").first()
    event = (last.events[0] if last is not None and last.events else {}) or {}
    if match.end_reason == Match.Reason.ANNULLED:
        decision = "annul"
    elif event.get("winner") is None:
        decision = "draw"
    else:
        winner = next((s.user_id for s in match.seats.all() if s.seat == event["winner"]), None)
        decision = "challenger" if winner == game.challenger_id else "defender"
    for user in players:
        send(user, "result_decided", url=reverse("game", args=[match.pk]), match=match.pk,
             ladder=game.ladder.name, decision=decision, reason=event.get("reason", ""))
