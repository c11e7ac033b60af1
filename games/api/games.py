"""Games in the API: lists, the game as the caller sees it, moves and the other decisions.

Games are public to watch: the read endpoints answer anyone, with the view of
the caller's seat for a player and the spectator's view for everyone else
(games.core.visibility decides what that holds). Writes need a player of the game.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Q, prefetch_related_objects
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView, error_responses, load_match, payload_for
from games.api.schema import (
    EventsSerializer,
    ExportSerializer,
    GameListSerializer,
    GameSerializer,
    LegalMovesSerializer,
    RematchSerializer,
)
from games.api.serializers import (
    ChallengeSerializer,
    DrawRequestSerializer,
    EmptyRequestSerializer,
    EventsQuerySerializer,
    GameListQuerySerializer,
    MoveRequestSerializer,
    VersionRequestSerializer,
)
from games.core import services
from games.core.visibility import export_payload, match_payload, records_payload, viewer_seat
from games.models import Challenge, Match, Seat

WRITE_ERRORS = error_responses(400, 401, 403, 404, 409)


def _seats_and_viewer(match: Match, user: Any) -> tuple[list[Seat], str | None]:
    seats = list(match.seats.select_related("user"))
    return seats, viewer_seat(match, user, seats)


def game_summary(match: Match, user: Any) -> dict[str, Any]:
    """The game without the board: what a list shows."""
    seats = list(match.seats.all())
    payload = match_payload(match, viewer_seat(match, user, seats), seats, with_legal=False)
    payload.pop("view", None)
    payload.pop("legal_moves", None)
    return payload


def tournament_of(match: Match) -> dict[str, Any] | None:
    """The tournament and round a game belongs to (read through the reverse relation,
    so the API imports nothing of the tournaments app), or None."""
    entry = getattr(match, "tournament_game", None)  # a reverse one-to-one, or None
    if entry is None:
        return None
    tournament = entry.round.tournament
    return {"id": tournament.pk, "name": tournament.name, "round": entry.round.number,
            "board": entry.board, "replay": entry.replay}


class GameListView(ApiView):
    @extend_schema(
        operation_id="games_list", summary="Your games",
        description="Most recently changed first; with turn=mine only the games waiting "
        "for your move, least time left first (paused clocks last).",
        parameters=[GameListQuerySerializer],
        responses={200: GameListSerializer, **error_responses(400, 401)},
    )
    def get(self, request: Request) -> Response:
        query = self.parse(GameListQuerySerializer, request.query_params.dict())
        limit, offset = query["limit"], query["offset"]
        user = request.user
        if query.get("turn") == "mine":
            owing = (
                Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE,
                                    takeover_level="")
                .filter(Q(deadline__isnull=False) | Q(paused_remaining__isnull=False))
            )
            if query.get("status") == Match.Status.FINISHED:
                owing = owing.none()
            owing = owing.select_related("match").order_by(
                F("deadline").asc(nulls_last=True), "match_id")
            count = owing.count()
            matches = [seat.match for seat in owing[offset:offset + limit]]
        else:
            games = Match.objects.filter(seats__user=user)
            if query.get("status"):
                games = games.filter(status=query["status"])
            games = games.order_by("-updated_at", "-pk")
            count = games.count()
            matches = list(games[offset:offset + limit])
        prefetch_related_objects(matches, "seats__user")
        return Response({
            "count": count, "limit": limit, "offset": offset,
            "results": [game_summary(match, user) for match in matches],
        })


class GameDetailView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_retrieve", summary="A game as you may see it",
        description="Players get their seat's view (their own hand, their legal moves "
        "when they owe one); everyone else the spectator's view.",
        responses={200: GameSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = load_match(match_id)
        body = payload_for(match, self.user)
        found = getattr(match, "ladder_game", None)  # a reverse one-to-one, or None
        body["ladder"] = ({"id": found.ladder_id, "name": found.ladder.name}
                          if found is not None else None)
        body["tournament"] = tournament_of(match)
        return Response(body)


class GameLegalMovesView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_legal", summary="Your legal moves",
        description="The legal moves of the seat that owes a move, for that seat's player "
        "only (they name cards of the hand). Anyone else, and a player who does not owe "
        "a move, gets an empty list (200).",
        responses={200: LegalMovesSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, match_id: int) -> Response:
        payload = payload_for(load_match(match_id), self.user)
        return Response({
            "game": payload["id"], "version": payload["version"],
            "viewer": payload["viewer"], "moves": payload["legal_moves"],
        })


class GameEventsView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_events", summary="The game's log after a version",
        description="The entries with a version greater than `since`, redacted for you. "
        "`version` is the version you are then up to date with.",
        parameters=[EventsQuerySerializer],
        responses={200: EventsSerializer, **error_responses(400, 401, 404)},
    )
    def get(self, request: Request, match_id: int) -> Response:
        since = self.parse(EventsQuerySerializer, request.query_params.dict())["since"]
        match = load_match(match_id)
        _seats, viewer = _seats_and_viewer(match, self.user)
        records = records_payload(match, viewer, since)
        version = max([match.version, *(record["version"] for record in records)])
        return Response({"game": match.pk, "version": version, "viewer": viewer,
                         "records": records})


class GameExportView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="games_export", summary="The whole game for download",
        description="Moves and events as you may see them; the seed once the game is over.",
        responses={200: ExportSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = load_match(match_id)
        _seats, viewer = _seats_and_viewer(match, self.user)
        return Response(export_payload(match, viewer))


class GameMoveView(ApiView):
    @extend_schema(
        operation_id="games_move", summary="Make a move",
        description="Applied exactly once: a move made on an old version is refused with "
        "409 stale_version (and the current version), and nothing changes on any error.",
        request=MoveRequestSerializer, responses={200: GameSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, match_id: int) -> Response:
        data = self.parse(MoveRequestSerializer, request.data)
        match = services.play(match_id, request.user, data["move"], data["version"])
        return Response(payload_for(match, request.user))


class GameResignView(ApiView):
    @extend_schema(
        operation_id="games_resign", summary="Resign",
        description="With a version, refused with 409 if the game has changed since.",
        request=VersionRequestSerializer, responses={200: GameSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, match_id: int) -> Response:
        data = self.parse(VersionRequestSerializer, request.data)
        match = services.resign(match_id, request.user, data.get("version"))
        return Response(payload_for(match, request.user))


class GameDrawView(ApiView):
    @extend_schema(
        operation_id="games_draw", summary="Offer, accept or decline a draw",
        description="offer: offering when the opponent has offered already agrees the draw. "
        "accept/decline: answer the opponent's offer (409 if there is none).",
        request=DrawRequestSerializer, responses={200: GameSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, match_id: int) -> Response:
        data = self.parse(DrawRequestSerializer, request.data)
        version = data.get("version")
        if data["action"] == "offer":
            match = services.offer_draw(match_id, request.user, version)
        else:
            match = services.answer_draw(match_id, request.user, data["action"] == "accept",
                                         version)
        return Response(payload_for(match, request.user))


class GameRematchView(ApiView):
    @extend_schema(
        operation_id="games_rematch", summary="Offer or accept a rematch",
        description="Once the game is over. If your opponent has offered a rematch, this "
        "accepts it and `game` is the new game; else it offers one (a challenge addressed "
        "to your opponent, seats swapped) and `challenge` is that offer.",
        request=EmptyRequestSerializer,
        responses={201: RematchSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, match_id: int) -> Response:
        self.parse(EmptyRequestSerializer, request.data)
        result = services.rematch(match_id, request.user)
        if isinstance(result, Challenge):
            body = {"challenge": ChallengeSerializer(result, context={"user": request.user}).data,
                    "game": None}
        else:
            accepted = Challenge.objects.filter(match=result).select_related(
                "creator", "opponent").first()
            body = {
                "challenge": ChallengeSerializer(accepted, context={"user": request.user}).data
                if accepted is not None else None,
                "game": payload_for(result, request.user),
            }
        return Response(body, status=status.HTTP_201_CREATED)

