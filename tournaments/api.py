"""Tournaments in the API: the list, a tournament with its standings, crosstable, rounds
and pairings, and registering or withdrawing the token's player.

Register and withdraw call the same services as the page's join and leave buttons
(tournaments.services), so the same rules and messages apply; a refusal is an error
answer and nothing changes. Each pairing's game is summarised by the games' own view
function (games.api.games.game_summary), so the API shows of a game exactly what its
own endpoints show that caller. A draft is for its directors only, as its page.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView
from games.api.games import game_summary
from games.core.errors import Forbidden, NotFound
from games.models import Match
from tournaments import export, reading, services
from tournaments.api_schema import (
    TournamentDetailSerializer,
    TournamentEntryAnswerSerializer,
    TournamentEntryRequestSerializer,
    TournamentSerializer,
    errors,
)
from tournaments.models import Tournament, TournamentDirector


def _tournament(tournament_id: int, user: Any) -> Tournament:
    found = Tournament.objects.filter(pk=tournament_id).select_related("winner").first()
    if found is None:
        raise NotFound(_("There is no tournament %(id)s.") % {"id": tournament_id})
    if not export.visible_to(found, user):
        raise Forbidden(_("This tournament is not announced yet."))
    return found


def _summary(tournament: Tournament, mine: set[int]) -> dict[str, Any]:
    return {**export.tournament_info(tournament), "entered": tournament.pk in mine}


def _mine(user: Any) -> set[int]:
    if user is None:
        return set()
    return set(user.tournament_entries.values_list("tournament_id", flat=True))


def summary_for(tournament: Tournament, user: Any) -> dict[str, Any]:
    """A tournament as the list shows it to ``user`` (tournaments.director_api too)."""
    return _summary(tournament, _mine(user))


def _rounds(tournament: Tournament, user: Any, names: dict[int, str]) -> list[dict[str, Any]]:
    games = export.game_rows(tournament, names)
    matches = {m.pk: m for m in Match.objects.filter(
        pk__in=[g["game"] for g in games if g["game"]]).prefetch_related("seats__user")}
    by_round: dict[int, list[dict[str, Any]]] = {}
    for row in games:
        match = matches.get(row["game"])
        pairing = {key: value for key, value in row.items() if key != "round"}
        pairing["summary"] = game_summary(match, user) if match is not None else None
        by_round.setdefault(row["round"], []).append(pairing)
    return [{
        "number": rnd.number, "status": rnd.status,
        "started_at": rnd.started_at.isoformat() if rnd.started_at else None,
        "finished_at": rnd.finished_at.isoformat() if rnd.finished_at else None,
        "pairings": by_round.get(rnd.number, []),
        "byes": [{"player": names.get(b.user_id, b.user.username), "points": b.points}
                 for b in rnd.byes.all()],
    } for rnd in tournament.rounds.prefetch_related("byes__user").order_by("number")]


class TournamentListView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tournaments_list", summary="Tournaments",
                   description="Every tournament announced (drafts only for their "
                   "directors), newest first, with its terms, status, tie-break order, "
                   "number of players and winner, and whether you are entered.",
                   responses={200: TournamentSerializer(many=True), **errors(401)})
    def get(self, request: Request) -> Response:
        shown = Tournament.objects.select_related("winner")
        user = self.user
        if user is None or not user.is_staff:
            announced = ~Q(status=Tournament.Status.DRAFT)
            if user is not None:  # a named director sees their draft, as on its page
                announced |= Q(pk__in=TournamentDirector.objects.filter(user=user)
                               .values("tournament_id"))
            shown = shown.filter(announced)
        mine = _mine(user)
        return Response([_summary(t, mine) for t in shown])


class TournamentDetailView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tournaments_retrieve", summary="A tournament",
                   description="Its terms, entrants (seed order), standings and crosstable "
                   "(Swiss and round robin: the page's, in the tournament's tie-break "
                   "order), and every round with its pairings, results and byes. Each "
                   "pairing's game is summarised as you may see it (your seat, or a "
                   "spectator's): nothing its own endpoints would not show you.",
                   responses={200: TournamentDetailSerializer, **errors(401, 403, 404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = _tournament(tournament_id, self.user)
        data = export.tournament_data(tournament)
        names = export.names_of(tournament)
        return Response({
            "tournament": _summary(tournament, _mine(self.user)),
            "entrants": [{"player": e.user.username,
                          "rating": round(e.rating) if e.rating is not None else None,
                          "withdrawn": e.withdrawn_at is not None}
                         for e in reading.entries(tournament)],
            "standings": data["standings"],
            "crosstable": data["crosstable"],
            "rounds": _rounds(tournament, self.user, names),
        })


def _only_yourself(view: ApiView, request: Request) -> None:
    data = view.parse(TournamentEntryRequestSerializer, request.data)
    named = data.get("player")
    if named is not None and named != request.user.username:
        raise Forbidden(_("A token acts for its own player only: %(you)s cannot register or "
                          "withdraw %(name)s.") % {"you": request.user.username,
                                                    "name": named})


class TournamentRegisterView(ApiView):
    @extend_schema(operation_id="tournaments_register", summary="Register for a tournament",
                   description="Enters the token's player while registration is open, as "
                   "the page's join button. Refused with the reason: already entered, "
                   "registration not open or closed, full, outside the rating range.",
                   request=TournamentEntryRequestSerializer,
                   responses={201: TournamentEntryAnswerSerializer,
                              **errors(400, 401, 403, 404, 409)})
    def post(self, request: Request, tournament_id: int) -> Response:
        _only_yourself(self, request)
        tournament = _tournament(tournament_id, request.user)
        services.join(tournament.pk, request.user)
        return Response({"tournament": tournament.pk, "player": request.user.username,
                         "entered": True}, status=status.HTTP_201_CREATED)


class TournamentWithdrawView(ApiView):
    @extend_schema(operation_id="tournaments_withdraw", summary="Withdraw from a tournament",
                   description="Takes the token's player out while registration is open, as "
                   "the page's leave button. After the start a director withdraws players "
                   "(409 says so).",
                   request=TournamentEntryRequestSerializer,
                   responses={200: TournamentEntryAnswerSerializer,
                              **errors(400, 401, 403, 404, 409)})
    def post(self, request: Request, tournament_id: int) -> Response:
        _only_yourself(self, request)
        tournament = _tournament(tournament_id, request.user)
        services.leave(tournament.pk, request.user)
        return Response({"tournament": tournament.pk, "player": request.user.username,
                         "entered": False})
