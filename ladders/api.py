"""Ladders in the API: list, standings (with the reasons a challenge is refused), join,
leave, challenge, events. The same services, rules and reasons as the pages."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView, error_responses
from games.api.serializers import EmptyRequestSerializer
from ladders import services
from ladders.eligibility import ChallengeFacts, blockers
from ladders.export import ladder_data
from ladders.models import Ladder


class LadderSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    status = serializers.CharField()
    season = serializers.IntegerField()
    players = serializers.IntegerField()
    join_rule = serializers.CharField()


class LadderStandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    player = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True)
    can_challenge = serializers.BooleanField(help_text="Whether you may challenge them now.")
    reasons = serializers.ListField(child=serializers.DictField(), help_text=(
        "Why you may not (code and message), as the ladder page says."))


class LadderStandingsSerializer(serializers.Serializer):
    ladder = serializers.DictField()
    standings = LadderStandingSerializer(many=True)


class LadderEventSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    action = serializers.CharField()
    detail = serializers.DictField()


class LadderGameRowSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    challenger = serializers.CharField()
    defender = serializers.CharField()
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    status = serializers.CharField()
    outcome = serializers.CharField(allow_null=True)


class LadderHistorySerializer(serializers.Serializer):
    events = LadderEventSerializer(many=True)
    games = LadderGameRowSerializer(many=True)


class LeaveAnswerSerializer(serializers.Serializer):
    resigned = serializers.ListField(child=serializers.IntegerField())


class LadderChallengeRequestSerializer(serializers.Serializer):
    defender = serializers.CharField(max_length=150, help_text="The username of a player above.")


class LadderChallengeAnswerSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    ladder = serializers.IntegerField()
    challenger = serializers.CharField()
    defender = serializers.CharField()


def _not_in_ladder():  # a Blocker in the reader's language
    from ladders.eligibility import Blocker

    return Blocker("not_in_ladder", _("Join the ladder to challenge its players."))


def _ladder(ladder_id: int) -> Ladder:
    found = Ladder.objects.filter(pk=ladder_id).first()
    if found is None:
        raise services.NotFound(_("There is no ladder %(id)s.") % {"id": ladder_id})
    return found


class LadderListView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="ladders_list", summary="Ladders",
                   description="Every ladder with its game, status, season, join rule and "
                   "number of players.",
                   responses={200: LadderSerializer(many=True)})
    def get(self, request: Request) -> Response:
        from django.db.models import Count

        ladders = Ladder.objects.annotate(players=Count("entries")).order_by("status", "name")
        return Response(LadderSerializer(ladders, many=True).data)


class LadderStandingsView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="ladders_standings", summary="A ladder's standings",
                   description="With a token, each row says whether you may challenge that "
                   "player and, if not, why (the page's reasons).",
                   responses={200: LadderStandingsSerializer, **error_responses(404)})
    def get(self, request: Request, ladder_id: int) -> Response:
        ladder = _ladder(ladder_id)
        data = ladder_data(ladder)
        entries = list(ladder.entries.select_related("user").order_by("position"))
        me = next((e for e in entries if self.user and e.user_id == self.user.pk), None)
        facts = ChallengeFacts.load(ladder, me.user_id if me else None)
        rows = []
        for row, entry in zip(data["standings"], entries, strict=True):
            found = blockers(facts, me, entry) if me is not None else [_not_in_ladder()]
            rows.append({**row, "can_challenge": not found,
                         "reasons": [{"code": b.code, "message": b.message} for b in found]})
        return Response({"ladder": data["ladder"], "standings": rows})


class LadderEventsView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="ladders_events", summary="A ladder's history",
                   description="Every event of the ladder (joins, challenges, results, moves, "
                   "admin actions), oldest first, and its games.",
                   responses={200: LadderHistorySerializer, **error_responses(404)})
    def get(self, request: Request, ladder_id: int) -> Response:
        data = ladder_data(_ladder(ladder_id))
        return Response({"events": data["events"], "games": data["games"]})


class LadderJoinView(ApiView):
    @extend_schema(operation_id="ladders_join", summary="Join a ladder at the bottom",
                   description="Refused (403) with the reason when the join rule or a ban "
                   "keeps you off, 409 when the ladder is not open or you are on it.",
                   request=EmptyRequestSerializer,
                   responses={201: LadderStandingSerializer, **error_responses(401, 403, 404, 409)})
    def post(self, request: Request, ladder_id: int) -> Response:
        self.parse(EmptyRequestSerializer, request.data)
        entry = services.join(_ladder(ladder_id).pk, request.user)
        return Response({"position": entry.position, "player": request.user.username,
                         "rating": None, "can_challenge": False, "reasons": []},
                        status=status.HTTP_201_CREATED)


class LadderLeaveView(ApiView):
    @extend_schema(operation_id="ladders_leave", summary="Leave a ladder",
                   description="Your ladder games in progress are resigned.",
                   request=EmptyRequestSerializer,
                   responses={200: LeaveAnswerSerializer, **error_responses(401, 404, 409)})
    def post(self, request: Request, ladder_id: int) -> Response:
        self.parse(EmptyRequestSerializer, request.data)
        resigned = services.leave(_ladder(ladder_id).pk, request.user)
        return Response({"resigned": resigned})


class LadderChallengeView(ApiView):
    @extend_schema(operation_id="ladders_challenge", summary="Challenge a player above you",
                   description="The game starts at once with the ladder's settings; a refused "
                   "challenge answers 409 with the reason's code.",
                   request=LadderChallengeRequestSerializer,
                   responses={201: LadderChallengeAnswerSerializer,
                              **error_responses(400, 401, 404, 409)})
    def post(self, request: Request, ladder_id: int) -> Response:
        data = self.parse(LadderChallengeRequestSerializer, request.data)
        defender = get_user_model().objects.filter(username=data["defender"]).first()
        if defender is None:
            raise services.NotFound(_("That player is not on this ladder."))
        game = services.challenge(_ladder(ladder_id).pk, request.user, defender)
        body: dict[str, Any] = {"game": game.match_id, "ladder": game.ladder_id,
                                "challenger": request.user.username,
                                "defender": defender.username}
        return Response(body, status=status.HTTP_201_CREATED)


def ladder_of(match_id: int) -> dict | None:
    """Which ladder a game belongs to (for the game's JSON), or None."""
    from ladders.models import LadderGame

    game = LadderGame.objects.filter(match_id=match_id).select_related("ladder").first()
    if game is None:
        return None
    return {"id": game.ladder_id, "name": game.ladder.name,
            "challenger": game.challenger_id, "defender": game.defender_id}

