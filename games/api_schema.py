"""The shapes of the API's answers, for the OpenAPI schema only.

The answers themselves are built by games.visibility (game payloads) and
games.serializers.ChallengeSerializer; these serializers never serialise
anything, they describe those dicts key by key so that clients can rely on the
schema. tests/api/test_schema.py checks real answers against them.
"""

from __future__ import annotations

from rest_framework import serializers

from games.models import Match, MoveRecord, Seat
from games.serializers import (
    SEAT_NAMES,
    ChallengeSerializer,
    JSONObjectField,
    MoveField,
)


def seat_field(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=SEAT_NAMES, **kwargs)


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


# --- the druidenwalzer view (engine's view.py, rules section 7) ---------------------


class TreeViewSerializer(serializers.Serializer):
    tree = serializers.IntegerField(help_text="1..4 from the owner's side.")
    position = serializers.CharField()
    top = serializers.CharField(allow_null=True, help_text="The visible card.")
    down = serializers.IntegerField(help_text="Face-down cards (count only).")
    covered = serializers.IntegerField(help_text="Face-up cards under the top (count only).")
    druid = serializers.ChoiceField(choices=["purple", "orange", "black"], allow_null=True)
    signs = serializers.IntegerField()
    flipped = serializers.BooleanField()


class CultBoardViewSerializer(serializers.Serializer):
    position = serializers.CharField()
    top = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()


class PlayerViewSerializer(serializers.Serializer):
    trees = TreeViewSerializer(many=True)
    cult_board = CultBoardViewSerializer()
    hand = serializers.ListField(
        child=serializers.CharField(), allow_null=True,
        help_text="The cards in hand: only in the view of this seat's own player, else null.",
    )
    hand_size = serializers.IntegerField()
    draw_pile_size = serializers.IntegerField()
    removed = serializers.ListField(child=serializers.IntegerField())


class GameViewSerializer(serializers.Serializer):
    """What the viewer sees of the board (druidenwalzer; rules section 7)."""

    game = serializers.CharField()
    phase = serializers.ChoiceField(choices=["setup", "play", "over"])
    to_move = seat_field(allow_null=True)
    winner = seat_field(allow_null=True)
    turn = serializers.IntegerField()
    viewer = seat_field(allow_null=True)
    players = serializers.DictField(child=PlayerViewSerializer(), help_text="Keyed by seat.")


# --- game payloads (games.visibility) ------------------------------------------------


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

    view = GameViewSerializer()
    legal_moves = serializers.ListField(
        child=MoveField(),
        help_text="Your legal moves: only when you owe a move, else empty.",
    )


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

    view = GameViewSerializer()
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
