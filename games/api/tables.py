"""Tables in the API: games of more than two seats gathered before they start
(games.lobby.tables): list, open, join, invite, add an AI player, leave, cancel, standings.

A table's payload holds public facts only: its terms, who sits at it, its games
by id. The games themselves are read through /api/games/<id>/ like any other.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView, error_responses
from games.api.serializers import (
    EmptyRequestSerializer,
    GameChoiceField,
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from games.core import catalog
from games.core.errors import NotFound
from games.lobby import tables
from games.models import DAYS_LABELS, Table

LIST_LIMIT = 100


def _table_game_default() -> str:
    found = [info.name for info in catalog.games() if info.max_seats > 2]
    return found[0] if found else catalog.default_name()


class TableRequestSerializer(StrictSerializer):
    """A new table; the number of seats, teams and the length limit are checked
    against the game (a 400 names the problem)."""

    game = GameChoiceField(default=_table_game_default,
                           help_text="A game of more than two seats.")
    size = StrictIntegerField(default=4, help_text="The number of seats (e.g. 2 to 12).")
    teams = StrictBooleanField(default=False,
                               help_text="A team game (an even number of seats, at least 4).")
    limit = StrictIntegerField(
        allow_null=True, default=None,
        help_text="The rules' length limit in dealing cycles; null: the default for the "
        "number of seats.")
    days_per_move = StrictChoiceField(choices=DAYS_LABELS, default=3)
    rated = StrictBooleanField(default=True)
    games = StrictIntegerField(default=1, help_text="The games of the series (1 to 10).")


class InviteRequestSerializer(StrictSerializer):
    username = StrictCharField(max_length=150, help_text="The player to invite.")


class AiRequestSerializer(StrictSerializer):
    level = StrictCharField(max_length=16, help_text="An AI level that plays the game.")


class PlaceRequestSerializer(StrictSerializer):
    place = StrictIntegerField(help_text="The id of the place (an AI player or an invitation).")


class PlaceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    player = serializers.CharField()
    ai_level = serializers.CharField(allow_null=True)
    invited = serializers.BooleanField()
    position = serializers.IntegerField(allow_null=True,
                                        help_text="The seat of the series' first game.")


class ExpectedSerializer(serializers.Serializer):
    turns = serializers.IntegerField()
    turns_each = serializers.IntegerField()
    days = serializers.IntegerField()
    weeks = serializers.IntegerField()
    moves_per_day = serializers.IntegerField()


class SeriesGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    match = serializers.IntegerField(help_text="The game's id (/api/games/<id>/).")


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    creator = serializers.CharField()
    size = serializers.IntegerField()
    teams = serializers.BooleanField()
    limit = serializers.IntegerField(allow_null=True)
    expected = ExpectedSerializer(allow_null=True,
                                  help_text="The expected length of a game to the limit.")
    days_per_move = serializers.IntegerField()
    rated = serializers.BooleanField()
    games = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Table.Status.choices)
    free_seats = serializers.IntegerField()
    players = PlaceSerializer(many=True)
    matches = SeriesGameSerializer(many=True)
    created_at = serializers.DateTimeField()


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    total = serializers.IntegerField()
    wins = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField(allow_null=True),
                                   help_text="Points per game of the series, in order.")


def _show(table: Table) -> dict[str, Any]:
    return tables.payload(table)


def _load(table_id: int) -> Table:
    table = Table.objects.select_related("creator").filter(pk=table_id).first()
    if table is None:
        raise NotFound(_("There is no table %(id)s.") % {"id": table_id})
    return table


class TableListView(ApiView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="tables_list", summary="Open tables, and yours",
        description=f"The open tables (the newest {LIST_LIMIT}) and the tables you sit "
        "at or are invited to, newest first.",
        responses={200: TableSerializer(many=True), **error_responses(401)},
    )
    def get(self, request: Request) -> Response:
        found = Table.objects.filter(status=Table.Status.OPEN)
        if self.user is not None:
            found = Table.objects.filter(Q(status=Table.Status.OPEN) | Q(places__user=self.user))
        found = found.select_related("creator").distinct().order_by("-created_at")[:LIST_LIMIT]
        return Response([_show(table) for table in found])

    @extend_schema(
        operation_id="tables_create", summary="Open a table",
        description="A game of more than two seats (Strijd om het Kasteel): the number "
        "of seats, teams, days per move, rated, a length limit and the games of a "
        "series, checked against the game. You take a seat; others join, are invited "
        "or are AI players; the game starts when every seat is taken.",
        request=TableRequestSerializer,
        responses={201: TableSerializer, **error_responses(400, 401, 409)},
    )
    def post(self, request: Request) -> Response:
        data = self.parse(TableRequestSerializer, request.data)
        table = tables.open_table(request.user, **data)
        return Response(_show(table), status=status.HTTP_201_CREATED)


class TableDetailView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tables_retrieve", summary="One table, in any status",
                   description="Its seats (players, invitations, AI players, free), "
                   "its terms, its status and, once started, its games.",
                   responses={200: TableSerializer, **error_responses(404)})
    def get(self, request: Request, table_id: int) -> Response:
        return Response(_show(_load(table_id)))


class TableStandingsView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="tables_standings", summary="A series' standings",
                   description="Each player's points per game (the rules' scores) and "
                   "their sum, best first.",
                   responses={200: StandingSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, table_id: int) -> Response:
        rows = tables.standings(_load(table_id))
        return Response([{"rank": row["rank"], "player": row["user"].username,
                          "total": row["total"], "wins": row["wins"],
                          "scores": [game["score"] for game in row["games"]]} for row in rows])


def _action(operation_id: str, summary: str, description: str, request_serializer: type,
            call) -> type:
    """A POST on one table calling one games.lobby.tables function; answers the table."""

    class ActionView(ApiView):
        @extend_schema(operation_id=operation_id, summary=summary,
                       description=description + " Answers the table as it is now.",
                       request=request_serializer,
                       responses={200: TableSerializer, **error_responses(400, 401, 403, 404,
                                                                          409)})
        def post(self, request: Request, table_id: int) -> Response:
            data = self.parse(request_serializer, request.data)
            call(table_id, request.user, data)
            return Response(_show(_load(table_id)))

    ActionView.__name__ = ActionView.__qualname__ = f"Table{operation_id.title()}View"
    return ActionView


TableJoinView = _action(
    "tables_join", "Join a table (or accept your invitation)",
    "Takes a free seat of an open table, or the seat you were invited to; the game "
    "starts when the last seat is taken.",
    EmptyRequestSerializer, lambda pk, user, data: tables.join_table(pk, user))
TableLeaveView = _action(
    "tables_leave", "Leave a table before the start (or decline)",
    "Frees your seat before the game starts, or declines your invitation; the creator "
    "cancels instead.",
    EmptyRequestSerializer, lambda pk, user, data: tables.leave_table(pk, user))
TableCancelView = _action(
    "tables_cancel", "Cancel the table you opened",
    "Only its creator may, before the game starts.",
    EmptyRequestSerializer, lambda pk, user, data: tables.cancel_table(pk, user))
TableInviteView = _action(
    "tables_invite", "Invite a player to a free seat",
    "The creator keeps a free seat for a player, by name; they join or decline.",
    InviteRequestSerializer,
    lambda pk, user, data: tables.invite(pk, user, data["username"]))
TableAiView = _action(
    "tables_add_ai", "Seat an AI player (the creator)",
    "The creator fills a free seat with an AI player of a level that plays the game; "
    "the game starts when the last seat is taken.",
    AiRequestSerializer, lambda pk, user, data: tables.add_ai(pk, user, data["level"]))
TableRemoveView = _action(
    "tables_remove", "Free a seat of an AI player or an invitation",
    "The creator frees a seat held by an AI player or an unanswered invitation.",
    PlaceRequestSerializer,
    lambda pk, user, data: tables.remove_place(pk, user, data["place"]))
