"""A tournament's data out: its standings, crosstable and games as JSON and CSV, and a
Swiss or round robin as a FIDE TRF-like text file (tournaments.trf).

Everything comes from the same readers as the page (tournaments.standings_table,
reading.crosstable, the rounds' records), so a download says what the page says. Only
what the page shows leaves: results of ended games, a Kasteel table's places and scores
once it ended; the games themselves are read through the games' own view functions
(the API's game endpoints). A draft is for its directors only, as its page.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.models import Seat
from tournaments import reading, standings_table, trf
from tournaments.directing import may_direct
from tournaments.models import Tournament, TournamentGame

RESULT_TEXT = {1.0: "1-0", 0.5: "½-½", 0.0: "0-1"}


def visible_to(tournament: Tournament, user) -> bool:
    return tournament.status != Tournament.Status.DRAFT or may_direct(tournament, user)


def names_of(tournament: Tournament) -> dict[int, str]:
    return {e.user_id: e.user.username for e in reading.entries(tournament)}


def result_code(game: TournamentGame) -> str:
    """A game's result in words a program reads: running, cancelled, annulled, 1-0,
    ½-½, 0-1 (a Kasteel table: ended)."""
    if game.cancelled:
        return "cancelled"
    if not game.ended:
        return "running"
    if not game.first_id:
        return "ended"
    if game.score_first is None:
        return "annulled"
    return RESULT_TEXT.get(game.score_first, "")


def game_rows(tournament: Tournament, names: dict[int, str]) -> list[dict[str, Any]]:
    """Every game of the tournament, round by round, board by board."""
    tournament_games = reading.games(tournament)
    seats: dict[int, list[Seat]] = {}
    if not tournament.two_player:
        for seat in Seat.objects.filter(match_id__in=[g.match_id for g in tournament_games
                                                      if g.match_id]).select_related("user"):
            seats.setdefault(seat.match_id, []).append(seat)
    rows = []
    for game in tournament_games:
        row: dict[str, Any] = {
            "round": game.round.number, "board": game.board, "replay": game.replay,
            "game": game.match_id,
            "first": names.get(game.first_id) if game.first_id else None,
            "second": names.get(game.second_id) if game.second_id else None,
            "result": result_code(game),
            "score_first": game.score_first if game.ended else None,
            "forfeit": game.forfeit, "ended": game.ended, "cancelled": game.cancelled,
        }
        if not tournament.two_player:
            # A table's places and scores once it ended (its seats' scores are set then).
            row["seats"] = [{
                "player": seat.user.username, "ai": seat.user.is_bot,
                "place": game.places.get(str(seat.user_id)) if game.ended else None,
                "score": seat.score if game.ended else None,
            } for seat in sorted(seats.get(game.match_id, []), key=_seat_order)]
        rows.append(row)
    return rows


def _seat_order(seat: Seat) -> tuple[int, str]:
    return (int(seat.seat) if seat.seat.isdigit() else 0, seat.seat)


def tournament_info(tournament: Tournament) -> dict[str, Any]:
    return {
        "id": tournament.pk, "name": tournament.name, "game": tournament.game,
        "format": tournament.format, "status": tournament.status,
        "rounds": reading.total_rounds(tournament) if tournament.players.exists() else None,
        "days_per_move": tournament.days_per_move, "rated": tournament.rated,
        "tiebreaks": list(tournament.tiebreak_order),
        "registration_opens_at": _iso(tournament.registration_opens_at),
        "registration_closes_at": _iso(tournament.registration_closes_at),
        "min_players": tournament.min_players, "max_players": tournament.max_players,
        "players": tournament.players.count(),
        "started_at": _iso(tournament.started_at), "finished_at": _iso(tournament.finished_at),
        "winner": tournament.winner.username if tournament.winner_id else None,
        "url": tournament.get_absolute_url(),
    }


def _iso(value) -> str | None:
    return value.isoformat() if value else None


def tournament_data(tournament: Tournament) -> dict[str, Any]:
    """The whole export: the tournament, its standings and crosstable (Swiss and round
    robin, once a round started; else empty), and its games."""
    names = names_of(tournament)
    data: dict[str, Any] = {"tournament": tournament_info(tournament), "standings": [],
                            "crosstable": None, "games": game_rows(tournament, names)}
    if standings_table.has_standings(tournament):
        standing = reading.standing_rows(tournament)
        columns = standings_table.columns(tournament)
        rows = standings_table.rows(tournament, names, standing)
        data["standings"] = [row.as_dict(columns) for row in rows]
        cross = reading.crosstable(tournament, standing)
        data["crosstable"] = {"kind": cross["kind"], "columns": cross["columns"], "rows": [
            {"number": row.number, "player": row.name, "cells": cells}
            for row, cells in zip(rows, cross["rows"], strict=True)]}
    return data


def csv_text(data: dict[str, Any], part: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    if part == "standings":
        names = data["tournament"]["tiebreaks"]
        writer.writerow(["rank", "number", "player", "points", "played", "wins", "draws",
                         "losses", "byes", *names])
        for row in data["standings"]:
            writer.writerow([row["rank"], row["number"], row["player"], _number(row["points"]),
                             row["played"], row["wins"], row["draws"], row["losses"],
                             row["byes"], *(_number(row["tiebreaks"][n]) for n in names)])
    elif part == "crosstable":
        cross = data["crosstable"] or {"kind": "rounds", "columns": [], "rows": []}
        prefix = "R" if cross["kind"] == "rounds" else ""
        writer.writerow(["number", "player", *(f"{prefix}{c}" for c in cross["columns"])])
        for row in cross["rows"]:
            writer.writerow([row["number"], row["player"], *row["cells"]])
    else:
        columns = ["round", "board", "replay", "game", "first", "second", "result",
                   "score_first", "forfeit", "ended", "cancelled", "seats"]
        writer.writerow(columns)
        for row in data["games"]:
            writer.writerow([json.dumps(row[c], ensure_ascii=False) if c == "seats" and c in row
                             else _number(row.get(c)) for c in columns])
    return out.getvalue()


def _number(value: Any) -> Any:
    """2.0 as 2, 2.5 as 2.5, as the page writes scores; None as empty."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return value


CSV_PARTS = ("standings", "crosstable", "games")


@require_GET
def export(request: HttpRequest, tournament_id: int, fmt: str) -> HttpResponse:
    """``export.json``, ``export.csv?part=standings|crosstable|games``, ``export.trf``."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if not visible_to(tournament, request.user):
        raise PermissionDenied(_("This tournament is not announced yet."))
    name = f"tournament-{tournament.pk}"
    if fmt == "trf":
        if tournament.format not in (Tournament.Format.SWISS, Tournament.Format.ROUND_ROBIN):
            return _plain(_("Only a Swiss or a round robin has a TRF file."), 400)
        response = HttpResponse(trf.trf_text(tournament), content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}.trf"'
        return response
    data = tournament_data(tournament)
    if fmt == "json":
        response = JsonResponse(data, json_dumps_params={"indent": 1, "ensure_ascii": False})
        response["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return response
    if fmt != "csv":
        raise Http404(_("The format is json, csv or trf."))
    part = request.GET.get("part", "standings")
    if part not in CSV_PARTS:
        return _plain(_("part must be one of %(parts)s.") % {"parts": ", ".join(CSV_PARTS)},
                      400)
    response = HttpResponse(csv_text(data, part), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-{part}.csv"'
    return response


def _plain(text: str, status: int) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8")
