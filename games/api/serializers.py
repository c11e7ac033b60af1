"""Request bodies of the REST API, and the challenge as the API shows it.

Request serializers are strict: an unknown key, a value of the wrong JSON
type or a missing field is refused with a message naming the field, before
any service runs. The shapes of game payloads (built by games.core.visibility)
are described for the schema in games.api.schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.core import catalog
from games.core.terms import HANDICAP_VALUES
from games.models import DAYS_LABELS, Challenge

HANDICAP_CHOICES = tuple((value, str(value)) for value in HANDICAP_VALUES)


def seat_names() -> list[str]:
    """The seats of every game of the catalogue, each name once."""
    names: list[str] = []
    for game in catalog.games():
        names.extend(name for name in game.seat_names if name not in names)
    return names


# --- strict fields --------------------------------------------------------------


@extend_schema_field(OpenApiTypes.INT)
class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: no strings, no booleans, no fractions."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field(OpenApiTypes.BOOL)
class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": _("Must be true or false.")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


@extend_schema_field(OpenApiTypes.STR)
class StrictCharField(serializers.CharField):
    default_error_messages = {"invalid": _("Must be a string.")}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictChoiceField(serializers.ChoiceField):
    """A choice whose JSON value must equal one of the choices exactly (3 is not "3")."""

    def to_internal_value(self, data: Any) -> Any:
        try:
            known = not isinstance(data, bool) and data in self.choices
        except TypeError:  # a list or an object
            known = False
        if not known:
            self.fail("invalid_choice", input=data)
        return data


class JSONObjectField(serializers.JSONField):
    """Any JSON object (a dict); its content is checked by the game's rules."""

    default_error_messages = {"not_an_object": _("Must be a JSON object.")}

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.fail("not_an_object")
        return data


class StrictSerializer(serializers.Serializer):
    """A request body: a JSON object holding only the declared keys."""

    default_error_messages = {"unknown": _("Unknown field.")}

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            if unknown:
                raise serializers.ValidationError(
                    {key: [self.error_messages["unknown"]] for key in unknown}
                )
        return super().to_internal_value(data)


class CatalogueChoiceField(StrictChoiceField):
    """A choice among what the catalogue holds when the request comes (games
    register while the site runs), e.g. ``games`` or ``seats``."""

    def __init__(self, *, values, **kwargs) -> None:
        self._values = values
        super().__init__(choices=[], **kwargs)

    @property
    def choices(self) -> dict[str, str]:  # read by the check, the answer and the schema
        return {value: value for value in self._values()}

    @choices.setter
    def choices(self, value) -> None:  # ChoiceField.__init__ sets it: the catalogue decides
        pass

    @property
    def grouped_choices(self) -> dict[str, str]:
        return self.choices

    @property
    def choice_strings_to_values(self) -> dict[str, str]:
        return self.choices


class GameChoiceField(CatalogueChoiceField):
    default_error_messages = {"invalid_choice": "{detail}"}  # the detail is translated

    def __init__(self, **kwargs) -> None:
        super().__init__(values=catalog.names, **kwargs)

    def fail(self, key: str, **kwargs: Any):
        if key == "invalid_choice":
            kwargs["detail"] = catalog.unknown_game_message(kwargs.get("input"))
        return super().fail(key, **kwargs)


class MoveField(JSONObjectField):
    """A move in the game's notation (see each game's rules); the engine checks it.
    The schema shows the moves of the games that describe theirs (games.api.schema)."""


# --- request bodies ------------------------------------------------------------------


class TokenRequestSerializer(StrictSerializer):
    """Your credentials."""

    username = StrictCharField(max_length=254, help_text="Your username or email address.")
    password = StrictCharField(max_length=4096, trim_whitespace=False,
                               style={"input_type": "password"})


class HandicapSerializer(StrictSerializer):
    """Cards removed before setup, per role."""

    creator = serializers.ListField(
        child=StrictChoiceField(choices=HANDICAP_CHOICES), max_length=1, required=False,
        help_text="The card value the creator plays without: [] or one of 1..5.",
    )
    opponent = serializers.ListField(
        child=StrictChoiceField(choices=HANDICAP_CHOICES), max_length=1, required=False,
        help_text="The card value the opponent plays without: [] or one of 1..5.",
    )


class ChallengeRequestSerializer(StrictSerializer):
    """A new challenge: every field has a default."""

    game = GameChoiceField(default=catalog.default_name,
                           help_text="The game (by default the site's first).")
    opponent = StrictCharField(
        max_length=150, allow_null=True, default=None,
        help_text="A player's username, or null for an open challenge anyone may accept.",
    )
    days_per_move = StrictChoiceField(choices=DAYS_LABELS, default=3)
    creator_seat = CatalogueChoiceField(
        values=lambda: [*seat_names(), "random"], default="random",
        help_text="Your seat (one of the game's), or random.",
    )
    rated = StrictBooleanField(default=True)
    handicap = HandicapSerializer(
        required=False,
        help_text="Strength handicap: cards removed before setup (games with handicaps only).",
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        game = catalog.get(data["game"])
        if data["creator_seat"] not in (*game.challenge_seat_names, "random"):
            raise serializers.ValidationError({"creator_seat": [gettext(
                "%(seat)s is not a seat of %(game)s; its seats: %(seats)s.") % {
                "seat": repr(data["creator_seat"]), "game": game.title,
                "seats": ", ".join((*game.challenge_seat_names, "random"))}]})
        if not game.handicap and any((data.get("handicap") or {}).values()):
            raise serializers.ValidationError({"handicap": [gettext(
                "%(game)s is played without handicaps.") % {"game": game.title}]})
        return data


class EmptyRequestSerializer(StrictSerializer):
    """No body, or an empty JSON object."""


class VersionRequestSerializer(StrictSerializer):
    """Optionally, the version you decided on."""

    version = StrictIntegerField(
        min_value=0, required=False,
        help_text="The game version you decided on; a stale one is refused with 409.",
    )


class MoveRequestSerializer(StrictSerializer):
    """A move and the version it was decided on."""

    move = MoveField(help_text="A move in the game's notation, as listed in legal_moves.")
    version = StrictIntegerField(
        min_value=0, help_text="The game version you decided on; a stale one is refused with 409."
    )


class DrawRequestSerializer(VersionRequestSerializer):
    """A draw decision, optionally with the version it was decided on."""

    action = StrictChoiceField(choices=["offer", "accept", "decline"])


class GameListQuerySerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["active", "finished"], required=False)
    turn = serializers.ChoiceField(
        choices=["mine"], required=False,
        help_text="mine: only the games waiting for your move, least time left first.",
    )
    limit = serializers.IntegerField(min_value=1, max_value=200, default=50)
    # Bounded: an offset past a 64-bit integer made the database fail (a 500).
    offset = serializers.IntegerField(min_value=0, max_value=10**9, default=0)


class EventsQuerySerializer(serializers.Serializer):
    since = serializers.IntegerField(
        min_value=0, default=0, help_text="Only the entries after this version."
    )


# --- answers ---------------------------------------------------------------------------


class ChallengeSerializer(serializers.ModelSerializer):
    """A challenge as its creator, its addressee or anyone (if open to all) sees it."""

    creator = serializers.CharField(source="creator.username", read_only=True)
    opponent = serializers.CharField(
        source="opponent.username", read_only=True, allow_null=True,
        help_text="null: open to anyone.",
    )
    handicap = serializers.SerializerMethodField()
    game_id = serializers.IntegerField(
        source="match_id", read_only=True, allow_null=True,
        help_text="The game started by accepting it.",
    )
    rematch_of = serializers.IntegerField(source="rematch_of_id", read_only=True,
                                          allow_null=True)
    can_accept = serializers.SerializerMethodField()
    can_decline = serializers.SerializerMethodField()
    can_cancel = serializers.SerializerMethodField()

    class Meta:
        model = Challenge
        fields = [
            "id", "game", "creator", "opponent", "days_per_move", "creator_seat", "rated",
            "handicap", "status", "game_id", "rematch_of", "created_at", "can_accept",
            "can_decline", "can_cancel",
        ]
        read_only_fields = fields

    def _user_id(self) -> int | None:
        user = self.context.get("user")
        return user.pk if user is not None and user.is_authenticated else None

    @extend_schema_field(HandicapSerializer)
    def get_handicap(self, challenge: Challenge) -> dict[str, list[int]]:
        return {role: list(values) for role, values in (challenge.handicap or {}).items()}

    def get_can_accept(self, challenge: Challenge) -> bool:
        me = self._user_id()
        return (
            challenge.is_open and me is not None and challenge.creator_id != me
            and challenge.opponent_id in (None, me)
        )

    def get_can_decline(self, challenge: Challenge) -> bool:
        me = self._user_id()
        return challenge.is_open and me is not None and challenge.opponent_id == me

    def get_can_cancel(self, challenge: Challenge) -> bool:
        me = self._user_id()
        return challenge.is_open and me is not None and challenge.creator_id == me
