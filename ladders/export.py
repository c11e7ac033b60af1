"""A ladder's standings and full history, as JSON or CSV (public, like its page)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from ladders.export_decisions import CSV_COLUMNS, csv_rows, game_decisions, last_decision
from ladders.models import Ladder, LadderGame
from ladders.ratings import standing_ratings


def ladder_data(ladder: Ladder, *, name_admins: bool = False) -> dict[str, Any]:
    """The export; ``name_admins``: each decision names its admin (a staff reader)."""
    entries = list(ladder.entries.select_related("user").order_by("position"))
    ratings = standing_ratings(ladder, [e.user_id for e in entries])
    games = (LadderGame.objects.filter(ladder=ladder).select_related(
        "challenger", "defender", "match").order_by("created_at", "id"))
    decisions = game_decisions(ladder, name_admins=name_admins)
    return {
        "ladder": {
            "id": ladder.pk, "name": ladder.name, "game": ladder.game, "status": ladder.status,
            "season": ladder.season, "previous": ladder.previous_id,
            "days_per_move": ladder.days_per_move, "rated": ladder.rated,
            "challenge_range": ladder.challenge_range,
            "max_open_challenges": ladder.max_open_challenges,
            "cooldown_days": ladder.cooldown_days, "inactivity_days": ladder.inactivity_days,
            "join_rule": ladder.join_rule, "description": ladder.description,
        },
        "standings": [{
            "position": e.position, "player": e.user.username,
            "rating": round(ratings[e.user_id].rating) if e.user_id in ratings else None,
            "joined_at": e.joined_at.isoformat(), "last_active_at": e.last_active_at.isoformat(),
        } for e in entries],
        "games": [{
            "game": g.match_id, "challenger": g.challenger.username,
            "defender": g.defender.username, "started_at": g.created_at.isoformat(),
            "finished_at": g.match.finished_at.isoformat() if g.match.finished_at else None,
            "status": g.match.status, "outcome": g.outcome or None,
            # The decision in force, in columns of its own for the CSV.
            **last_decision(decisions.get(g.match_id, [])),
            # Every admin's decision on the game, in order; the last one stands.
            "decisions": decisions.get(g.match_id, []),
        } for g in games],
        "events": [{
            "at": a.at.isoformat(), "action": a.action, "detail": a.detail,
        } for a in ladder.audit.order_by("at", "id")],
    }


CSV_PARTS = {
    "standings": ("position", "player", "rating", "joined_at", "last_active_at"),
    "games": ("game", "challenger", "defender", "started_at", "finished_at", "status",
              "outcome", "decision", "decided_result", "decided_by", "decided_at",
              "decision_reason", "decision_count"),
    # One row per admin's decision on a game: see ladders.export_decisions.
    "decisions": CSV_COLUMNS,
    "events": ("at", "action", "detail"),
}


@require_GET
def export(request: HttpRequest, ladder_id: int, fmt: str) -> HttpResponse:
    ladder = get_object_or_404(Ladder, pk=ladder_id)
    data = ladder_data(ladder, name_admins=request.user.is_staff)
    name = f"ladder-{ladder.pk}-season-{ladder.season}"
    if fmt == "json":
        response = JsonResponse(data, json_dumps_params={"indent": 1})
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return response
    if fmt != "csv":
        raise Http404("The format is json or csv.")
    part = request.GET.get("part", "standings")
    if part not in CSV_PARTS:
        return HttpResponse(f"part must be one of {', '.join(CSV_PARTS)}", status=400,
                            content_type="text/plain; charset=utf-8")
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_PARTS[part], extrasaction="ignore")
    writer.writeheader()
    for row in csv_rows(data["games"]) if part == "decisions" else data[part]:
        # A structured value (an event's detail) is written as JSON, not as Python.
        writer.writerow({key: json.dumps(value, ensure_ascii=False)
                         if isinstance(value, dict | list) else value
                         for key, value in row.items()})
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-{part}.csv"'
    return response
