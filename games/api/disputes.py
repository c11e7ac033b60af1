"""The API's dispute of a finished game's result (games.core.disputes)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView
from games.api.games import WRITE_ERRORS
from games.core import disputes


class DisputeRequestSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=disputes.MAX_REASON, trim_whitespace=True)


class DisputeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.IntegerField(source="match_id")
    seat = serializers.CharField()
    reason = serializers.CharField()
    status = serializers.CharField()
    decision = serializers.CharField()


class GameDisputeView(ApiView):
    @extend_schema(
        operation_id="games_dispute", summary="Dispute the result of a finished game",
        description="A player of the game, within DISPUTE_DAYS of its end, once: an admin "
        "rules on it (uphold, correct or annul) with a reason both players read.",
        request=DisputeRequestSerializer, responses={201: DisputeSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, match_id: int) -> Response:
        data = self.parse(DisputeRequestSerializer, request.data)
        dispute = disputes.open_dispute(match_id, request.user, data["reason"])
        return Response(DisputeSerializer(dispute).data, status=status.HTTP_201_CREATED)
