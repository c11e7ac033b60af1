"""The shapes of the API's answers, for the OpenAPI schema only.

The answers themselves are built by games.core.visibility (game payloads) and
games.api.serializers.ChallengeSerializer; these serializers never serialise
anything, they describe those dicts key by key so that clients can rely on the
schema. tests/api/test_schema.py checks real answers against them.
"""

from __future__ import annotations

from django.utils.module_loading import import_string
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from games.api.serializers import (
    CatalogueChoiceField,
    ChallengeSerializer,
    JSONObjectField,
    MoveField,
    seat_names,
)
from games.core import catalog
from games.models import Match, MoveRecord, Seat


def seat_field(**kwargs) -> serializers.ChoiceField:
    return CatalogueChoiceField(values=seat_names, **kwargs)


class ErrorSerializer(serializers.Serializer):
    """Every error answer; nothing changed when you get one."""

    error = serializers.CharField(help_text="What went wrong, for people.")
    code = serializers.CharField(
        help_text="What went wrong, for programs: not_found, forbidden, conflict, "
        "stale_version, illegal_move, invalid, not_authenticated, ..."
    )
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()), required=False,
        help_text="For a malformed body: the messages per field (nested fields dotted).",
    )
    version = serializers.IntegerField(
        required=False, help_text="For stale_version: the game's current version."
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send it as: Authorization: Token <token>.")
    username = serializers.CharField()


class MeSerializer(serializers.Serializer):
    username = serializers.CharField()
    your_turn = serializers.IntegerField(help_text="Games waiting for your move.")
    active_games = serializers.IntegerField(help_text="Games in progress you play in.")


# --- the games' own parts: views and moves -------------------------------------------


class GameViewField(JSONObjectField):
    """What the viewer sees of the board: the game's own view (see its rules)."""


class _PerGameSchema(OpenApiSerializerFieldExtension):
    """The schema of a game's own part (its view, a move): the serializer a game's
    catalogue entry names, a documented JSON object for a game that names none,
    and any of them when the site has several games."""

    entry_field = ""
    generic_description = ""

    def map_serializer_field(self, auto_schema, direction):
        schemas: list[dict] = []
        generic: list[str] = []
        for game in catalog.games():
            path = getattr(game, self.entry_field)
            if not path:
                generic.append(game.name)
                continue
            ref = auto_schema.resolve_serializer(import_string(path), direction).ref
            if ref not in schemas:
                schemas.append(ref)
        if generic or not schemas:
            schemas.append({"type": "object", "additionalProperties": {}, "description":
                            f"{self.generic_description} ({', '.join(generic) or 'any game'})"})
        return schemas[0] if len(schemas) == 1 else {"anyOf": schemas}


class GameViewSchema(_PerGameSchema):
    target_class = GameViewField
    entry_field = "view_serializer"
    generic_description = "The game's view for this viewer, as its rules define it"


class MoveSchema(_PerGameSchema):
    target_class = MoveField
    entry_field = "move_serializer"
    generic_description = "A move in the game's notation, as its rules define it"


# --- game payloads (games.core.visibility) ------------------------------------------------


class SeatSummarySerializer(serializers.Serializer):
    seat = seat_field()
    player = serializers.CharField()
    is_bot = serializers.BooleanField()
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="Set while this seat owes a move and its clock runs."
    )
    paused = serializers.BooleanField(help_text="The clock is paused (vacation).")
    result = serializers.ChoiceField(choices=Seat.Result.choices, allow_null=True)
    timed_out = serializers.BooleanField()
    removed = serializers.ListField(child=serializers.IntegerField())


class ResultSerializer(serializers.Serializer):
    winner = seat_field(allow_null=True, help_text="null: a draw.")
    reason = serializers.ChoiceField(choices=Match.Reason.choices)
    detail = serializers.CharField()
    finished_at = serializers.DateTimeField(allow_null=True)


class GameSummarySerializer(serializers.Serializer):
    """A game without its board, as lists show it."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    version = serializers.IntegerField(help_text="Grows with every change of the game.")
    status = serializers.ChoiceField(choices=Match.Status.choices)
    rated = serializers.BooleanField()
    days_per_move = serializers.IntegerField()
    viewer = seat_field(allow_null=True, help_text="Your seat; null for a spectator.")
    seats = SeatSummarySerializer(many=True)
    to_move = serializers.ListField(child=seat_field(), help_text="The seats that owe a move.")
    draw_offer = seat_field(allow_null=True, help_text="The seat offering a draw.")
    handicap_reasons = serializers.DictField(child=serializers.CharField())
    result = ResultSerializer(allow_null=True)
    seed = serializers.IntegerField(
        required=False, help_text="The game's seed: only once the game is over."
    )


class GameSerializer(GameSummarySerializer):
    """A game as one viewer may see it: a player's seat, or a spectator's view."""

    view = GameViewField()
    legal_moves = serializers.ListField(
        child=MoveField(),
        help_text="Your legal moves: only when you owe a move, else empty.",
    )
    ladder = JSONObjectField(
        required=False, allow_null=True,
        help_text="GET /api/games/<id>/ only: the ladder the game belongs to (id, name), "
        "or null.")
    tournament = JSONObjectField(
        required=False, allow_null=True,
        help_text="GET /api/games/<id>/ only: the tournament game's tournament (id, name), "
        "round, board and replay (knockout), or null; the tournament's own answer is GET "
        "/api/tournaments/<id>/.")


class GameListSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    limit = serializers.IntegerField()
    offset = serializers.IntegerField()
    results = GameSummarySerializer(many=True)


class RecordSerializer(serializers.Serializer):
    """One entry of the game's log, redacted for the viewer."""

    version = serializers.IntegerField(help_text="The game version this entry created.")
    seat = seat_field(allow_null=True)
    kind = serializers.ChoiceField(choices=MoveRecord.Kind.choices)
    move = MoveField(allow_null=True, help_text="For kind move.")
    events = serializers.ListField(
        child=JSONObjectField(), help_text="What happened, as you may see it."
    )
    at = serializers.DateTimeField()


class EventsSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    version = serializers.IntegerField()
    viewer = seat_field(allow_null=True)
    records = RecordSerializer(many=True)


class LegalMovesSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    version = serializers.IntegerField()
    viewer = seat_field(allow_null=True)
    moves = serializers.ListField(
        child=MoveField(), help_text="Empty unless you owe a move in this version."
    )


class ExportOptionsSerializer(serializers.Serializer):
    removed = serializers.DictField(child=serializers.ListField(child=serializers.IntegerField()))


class ExportSerializer(GameSummarySerializer):
    """The whole game: the viewer's game view plus the whole log."""

    view = GameViewField()
    legal_moves = serializers.ListField(child=MoveField(), help_text="Always empty here.")
    records = RecordSerializer(many=True)
    options = ExportOptionsSerializer()


class RematchSerializer(serializers.Serializer):
    challenge = ChallengeSerializer(
        allow_null=True, help_text="Your rematch offer (when the opponent has not asked yet)."
    )
    game = GameSerializer(
        allow_null=True, help_text="The new game (when you accepted the opponent's offer)."
    )
