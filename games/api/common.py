"""The REST API's common ground, its token and "me" endpoints.

Every API view is a thin adapter: parse the body with a strict serializer,
authorise, call one games.core.services function, answer with a games.core.visibility
payload for the caller's seat. Every error has one shape,
``{"error": message, "code": code, ...}``:

- a services.ServiceError keeps its status (404, 403, 409, 400) and extras;
- a malformed body is a 400 naming the field(s) in ``fields``;
- missing or bad credentials are a 401 (``WWW-Authenticate: Token``), a
  failed CSRF check of a session request a 403, throttling a 429.

The games' and challenges' endpoints live in games.api.games and
games.api.challenges; the docs page in games.api.docs.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import ErrorDetail
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from druidsite.private_answers import mark_private
from druidsite.throttling import ScopedRateThrottle
from games.api.schema import ErrorSerializer, MeSerializer, TokenSerializer
from games.api.serializers import TokenRequestSerializer
from games.core import services
from games.core.commit import Committed
from games.core.visibility import match_payload, viewer_seat
from games.models import Match, Seat

ERROR_DESCRIPTIONS = {
    400: "Malformed body (the field is named) or a move the rules refuse.",
    401: "No or bad credentials.",
    403: "Not allowed: not your game or challenge, or a failed CSRF check.",
    404: "No such game or challenge.",
    409: "Stale version, not your turn, game over, or no longer open.",
    413: "The body is too large.",
    429: "Too many requests: wait for Retry-After seconds.",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    """The schema's error answers of an operation."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=ERROR_DESCRIPTIONS[code])
        for code in statuses
    }


class BodyTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


class SafeJSONParser(JSONParser):
    """DRF's JSON parser (the body is read through Django's request.body, so
    DATA_UPLOAD_MAX_MEMORY_SIZE applies); a body nested too deeply is a 400."""

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError(_("JSON parse error - nested too deeply.")) from None


def _flatten(detail: Any, path: str = "") -> dict[str, list[str]]:
    """A ValidationError's detail as {"dotted.field": [messages]}; the body itself is "body"."""
    if isinstance(detail, dict):
        flat: dict[str, list[str]] = {}
        for key, value in detail.items():
            if key == api_settings.NON_FIELD_ERRORS_KEY:
                name = path or "body"
            else:
                name = f"{path}.{key}" if path else str(key)
            flat.update(_flatten(value, name))
        return flat
    if isinstance(detail, list):
        if all(not isinstance(item, (dict, list)) for item in detail):
            return {path or "body": [str(item) for item in detail]} if detail else {}
        flat = {}
        for index, item in enumerate(detail):
            flat.update(_flatten(item, f"{path}.{index}" if path else str(index)))
        return flat
    return {path or "body": [str(detail)]}


def api_exception_handler(exc: Exception, context: dict) -> Response | None:
    """Every error of the API as {"error": message, "code": code, ...}."""
    if isinstance(exc, services.ServiceError):
        extra = {k: v for k, v in exc.extra.items() if k not in ("error", "code")}
        return Response({"error": exc.message, "code": exc.code, **extra}, status=exc.status)
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten(exc.detail) or {"body": [_("Invalid body.")]}
        message = "; ".join(f"{name}: {messages[0]}" for name, messages in fields.items())
        return Response({"error": message, "code": "invalid", "fields": fields},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):
        exc = BodyTooLarge(_("The request body is larger than %(limit)s bytes.") % {
            "limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.NotAuthenticated):
        exc.detail = ErrorDetail(_(
            "You must be logged in: send 'Authorization: Token <key>' (POST /api/token/) "
            "or use a session."), code="not_authenticated")
    response = drf_exception_handler(exc, context)  # adds WWW-Authenticate, Retry-After
    if response is None:
        return None
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    codes = exc.get_codes() if isinstance(exc, exceptions.APIException) else "error"
    response.data = {"error": str(detail), "code": codes if isinstance(codes, str) else "error"}
    return response


class ApiView(APIView):
    """The base of every API view: JSON in and out, token or session, one error shape.

    The token authenticator comes first so that a request without credentials
    is answered 401 with ``WWW-Authenticate: Token``. A session request must
    pass the CSRF check (DRF's SessionAuthentication) to write.
    """

    authentication_classes = [TokenAuthentication, SessionAuthentication]
    parser_classes = [SafeJSONParser]
    renderer_classes = [JSONRenderer]
    permission_classes = [IsAuthenticated]

    def get_exception_handler(self):
        return api_exception_handler

    def finalize_response(self, request, response, *args, **kwargs):
        # Answers name the caller's seat, hand, legal moves, token: never for a shared cache.
        return mark_private(super().finalize_response(request, response, *args, **kwargs))

    def parse(self, serializer_class: type, data: Any) -> dict[str, Any]:
        """The validated body (or query); a malformed one raises a 400 naming the field."""
        serializer = serializer_class(data=data, context={"request": self.request})
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)

    @property
    def user(self) -> Any:
        user = self.request.user
        return user if user is not None and user.is_authenticated else None


def load_match(match_id: int) -> Match:
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise services.NotFound(_("There is no game %(id)s.") % {"id": match_id})
    return match


def payload_for(match: Match | Committed, user: Any) -> dict[str, Any]:
    """The match as ``user`` may see it: their seat's view, or a spectator's. Given
    the value of a commit just made, its seats and parsed state are used as they are."""
    if isinstance(match, Committed):  # the broadcast built this viewer's payload already
        return match.payload(viewer_seat(match.match, user, list(match.seats)))
    seats = list(match.seats.select_related("user"))
    return match_payload(match, viewer_seat(match, user, seats), seats)


# --- token and me --------------------------------------------------------------------


class InvalidCredentials(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_detail = "Unable to log in with the username and password given."
    default_code = "invalid_credentials"


class TokenView(ApiView):
    """Get an API token with a username and password; revoke it."""

    throttle_scope = "token"
    # Like DRF's obtain_auth_token: `curl -d username=... -d password=...` works too.
    parser_classes = [SafeJSONParser, FormParser, MultiPartParser]

    def get_authenticators(self):
        # Getting a token needs the password only: no session, no CSRF, no old token.
        if self.request is not None and self.request.method == "POST":
            return []
        return super().get_authenticators()

    def get_permissions(self):
        if self.request is not None and self.request.method == "POST":
            return [AllowAny()]
        return super().get_permissions()

    def get_throttles(self):
        if self.request is not None and self.request.method == "POST":
            return [ScopedRateThrottle()]
        return super().get_throttles()

    @extend_schema(
        operation_id="token_create", summary="Get your API token",
        description="Answers the same token until it is revoked. Send it as "
        "`Authorization: Token <token>`.",
        request=TokenRequestSerializer, auth=[],
        responses={200: TokenSerializer, **error_responses(400, 429)},
    )
    def post(self, request: Request) -> Response:
        data = self.parse(TokenRequestSerializer, request.data)
        user = authenticate(request._request, username=data["username"],
                            password=data["password"])
        if user is None or not user.is_active:
            raise InvalidCredentials(_("Unable to log in with the username and password given."))
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key, "username": user.username})

    @extend_schema(
        operation_id="token_destroy", summary="Revoke your API token",
        description="The token stops working at once; a new one is made on the next "
        "request for a token.",
        request=None, responses={204: None, **error_responses(401, 403)},
    )
    def delete(self, request: Request) -> Response:
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


def your_turn_count(user: Any) -> int:
    """The header's counter (the same list as the your-turn page)."""
    from games.core.turns import my_turn_count

    return my_turn_count(user)


class MeView(ApiView):
    @extend_schema(operation_id="me", summary="Who you are and how many games wait for you",
                   description="Your name, the number of games waiting for your move "
                   "(the same count as the site's header) and of your active games.",
                   responses={200: MeSerializer, **error_responses(401)})
    def get(self, request: Request) -> Response:
        user = request.user
        active = Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE).count()
        return Response({
            "username": user.username,
            "your_turn": your_turn_count(user),
            "active_games": active,
        })
