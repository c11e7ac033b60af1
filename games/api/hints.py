"""Hints in the API: the strongest AI level's best moves for my seat (games.learning.hints)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView, error_responses, load_match
from games.learning import hints


class HintSerializer(serializers.Serializer):
    move = serializers.JSONField(help_text="The move in the game's notation, as POST move/ "
                                 "takes it.")
    value = serializers.FloatField(allow_null=True, help_text="The AI's estimate (see unit).")
    unit = serializers.CharField(help_text='"win" (a chance from 0 to 1), "points" (the '
                                 'final points margin), "squares" (progress behind the best '
                                 'move) or "" (no estimate).')
    text = serializers.CharField(help_text="The move in words.")
    estimate = serializers.CharField(help_text="The estimate in words.")


class HintListSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    seat = serializers.CharField()
    hints = HintSerializer(many=True)


class GameHintsView(ApiView):
    @extend_schema(
        operation_id="games_hints", summary="Hints: the AI's best moves for your decision",
        description="In unrated games against AI players only, for the player to move: the "
        "strongest AI level's best three moves for your seat, worked out from what your seat "
        "sees (never the hidden cards), each with its estimate. 403 in rated games, against "
        "people, for spectators and for another seat; 409 when it is not your turn; a few "
        "hints a minute (429 beyond). The CPU of one hint is bounded (HINT_CPU_SECONDS).",
        parameters=[OpenApiParameter("seat", str, required=False,
                                     description="Your seat (optional): any other is refused.")],
        responses={200: HintListSerializer, **error_responses(401, 403, 404, 409, 429)})
    def get(self, request: Request, match_id: int) -> Response:
        seat = request.query_params.get("seat") or None
        return Response(hints.hints(load_match(match_id), self.user, seat))
