"""Challenges in the API: list, create, accept, decline, cancel."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ApiView, error_responses, payload_for
from games.api.schema import GameSerializer
from games.api.serializers import (
    ChallengeRequestSerializer,
    ChallengeSerializer,
    EmptyRequestSerializer,
)
from games.core import services
from games.models import Challenge

#: The newest open challenges addressed to anyone that the list shows.
OPEN_TO_ALL_LIMIT = 100


def _show(challenges: Any, user: Any, many: bool = False) -> Any:
    return ChallengeSerializer(challenges, many=many, context={"user": user}).data


def visible_challenges(user: Any) -> list[Challenge]:
    """Open challenges: to anyone (the newest), to ``user``, and by ``user``; newest first."""
    base = Challenge.objects.filter(status=Challenge.Status.OPEN).select_related(
        "creator", "opponent")
    from social.selectors import blocked_ids

    found = {c.pk: c for c in base.filter(opponent__isnull=True)
             .exclude(creator_id__in=blocked_ids(user))
             .order_by("-created_at")[:OPEN_TO_ALL_LIMIT]}
    if user is not None:
        found.update({c.pk: c for c in base.filter(opponent=user)})
        found.update({c.pk: c for c in base.filter(creator=user)})
    return sorted(found.values(), key=lambda c: (c.created_at, c.pk), reverse=True)


class ChallengeListView(ApiView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        operation_id="challenges_list", summary="Open challenges",
        description="The open challenges anyone may accept (the newest "
        f"{OPEN_TO_ALL_LIMIT}), the ones addressed to you and yours, newest first. "
        "Anonymous visitors see the first kind only.",
        responses={200: ChallengeSerializer(many=True), **error_responses(401)},
    )
    def get(self, request: Request) -> Response:
        return Response(_show(visible_challenges(self.user), self.user, many=True))

    @extend_schema(
        operation_id="challenges_create", summary="Challenge a player, or anyone",
        description="With an opponent's name the challenge is addressed to them (an AI "
        "player accepts at once); without one it is open to anyone, in the lobby. The "
        "game, days per move, your seat (or random), rated and a strength handicap are "
        "checked against the game; the same challenge open twice is refused with 409, "
        "as is one more than the limit of open challenges.",
        request=ChallengeRequestSerializer,
        responses={201: ChallengeSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request) -> Response:
        data = self.parse(ChallengeRequestSerializer, request.data)
        challenge = services.create_challenge(
            request.user,
            game=data["game"],
            opponent=data["opponent"],
            days_per_move=data["days_per_move"],
            creator_seat=data["creator_seat"],
            rated=data["rated"],
            handicap=dict(data.get("handicap") or {}),
        )
        return Response(_show(challenge, request.user), status=status.HTTP_201_CREATED)


class ChallengeDetailView(ApiView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="challenges_retrieve", summary="One challenge, in any status",
        description="Visible to its creator and its addressee; an open challenge to "
        "anyone is visible to all. Once accepted, game_id names the new game.",
        responses={200: ChallengeSerializer, **error_responses(401, 404)},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = (
            Challenge.objects.select_related("creator", "opponent")
            .filter(pk=challenge_id).first()
        )
        me = self.user.pk if self.user is not None else None
        visible = challenge is not None and (
            (challenge.is_open and challenge.opponent_id is None)
            or (me is not None and me in (challenge.creator_id, challenge.opponent_id))
        )
        if not visible:
            raise services.NotFound(_("There is no challenge %(id)s.") % {"id": challenge_id})
        return Response(_show(challenge, self.user))


class ChallengeAcceptView(ApiView):
    @extend_schema(
        operation_id="challenges_accept", summary="Accept a challenge: the game starts",
        description="An open challenge to anyone, or one addressed to you. The game "
        "starts at once (seats as the challenge says, a random one drawn now) and is "
        "answered as you see it; the challenger is told on their socket.",
        request=EmptyRequestSerializer,
        responses={
            201: OpenApiResponse(GameSerializer, description="The new game, as you see it."),
            **error_responses(400, 401, 403, 404, 409),
        },
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        self.parse(EmptyRequestSerializer, request.data)
        match = services.accept_challenge(challenge_id, request.user)
        return Response(payload_for(match, request.user), status=status.HTTP_201_CREATED)


class ChallengeDeclineView(ApiView):
    @extend_schema(
        operation_id="challenges_decline", summary="Decline a challenge addressed to you",
        description="Only the addressee may, and only while the challenge is open.",
        request=EmptyRequestSerializer,
        responses={200: ChallengeSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        self.parse(EmptyRequestSerializer, request.data)
        challenge = services.decline_challenge(challenge_id, request.user)
        return Response(_show(challenge, request.user))


class ChallengeCancelView(ApiView):
    @extend_schema(
        operation_id="challenges_cancel", summary="Cancel your open challenge",
        description="Only its creator may, and only while it is open.",
        request=EmptyRequestSerializer,
        responses={200: ChallengeSerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        self.parse(EmptyRequestSerializer, request.data)
        challenge = services.cancel_challenge(challenge_id, request.user)
        return Response(_show(challenge, request.user))
