"""The bodies and the answer of the directors' actions in the API (tournaments.director_api).

The bodies are strict (games.api.serializers): an unknown key, a value of the wrong JSON
type, a missing or empty field is a 400 naming the field, before any service runs. What
the fields mean is the page's form's (templates/tournaments/tournament_detail.html); the
services check the rest, as they do for the page.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

from games.api.schema import ErrorSerializer
from games.api.serializers import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
    StrictSerializer,
)
from games.core.errors import ServiceError
from tournaments.announcements import MAX_LENGTH as ANNOUNCEMENT_LENGTH
from tournaments.api_schema import TournamentSerializer
from tournaments.arbiter import REQUESTED, ZERO
from tournaments.directing import REASON_LENGTH
from tournaments.models import TournamentAudit
from tournaments.schedule import parse_time

ERRORS = {
    400: "Malformed body (the field is named in `fields`), an unknown player (named in "
         "`fields` too), or a decision the rules refuse, the message naming the problem: "
         "a time in the past, a round the tournament does not have, a pairing the engine "
         "refuses, a winner who did not play the game, a format without that decision.",
    401: "No or bad credentials.",
    403: "Not a director of this tournament (staff, or a player an admin named for it), "
         "or a failed CSRF check of a session request.",
    404: "No such tournament.",
    409: "Not now, the message saying why: the game is still running, the round has "
         "started, the last round has started, the tournament's status does not allow it "
         "(over, not running, ...), the player is not in it or was withdrawn, done already.",
}


def responses() -> dict[int, OpenApiResponse]:
    """A director's action's answers: done, or one of the refusals."""
    done = OpenApiResponse(DirectorAnswerSerializer, description=(
        "Done: the tournament after the action and the audit log's row it wrote."))
    return {200: done, **{code: OpenApiResponse(ErrorSerializer, description=text)
                          for code, text in ERRORS.items()}}


@extend_schema_field(OpenApiTypes.DATETIME)
class TimeField(serializers.Field):
    """A time as a string, read as the page's form reads one (``schedule.parse_time``:
    ISO 8601, without a time zone the site's), so that both hand the service the same
    time and the audit log writes it alike."""

    default_error_messages = {"invalid": gettext_lazy("Must be a string.")}

    def to_internal_value(self, data: Any) -> datetime | None:
        if not isinstance(data, str):
            self.fail("invalid")
        try:
            return parse_time(data)
        except ServiceError as error:
            raise serializers.ValidationError(error.message) from None

    def to_representation(self, value: datetime) -> str:
        return value.isoformat()


def _reason() -> StrictCharField:
    return StrictCharField(min_length=1, max_length=REASON_LENGTH, help_text=(
        "Why: kept in the tournament's audit log and shown on its page (and, for a "
        "decision about players, in their notice). Required, not blank."))


def _player(what: str = "The player", field: str = "player") -> StrictCharField:
    return StrictCharField(max_length=150, help_text=(
        f"{what}'s username (exactly). An unknown one is a 400 naming `{field}`."))


def _round(what: str) -> StrictIntegerField:
    return StrictIntegerField(min_value=1, help_text=f"The round {what} (1 is the first).")


class DirectorReasonSerializer(StrictSerializer):
    """Only the reason."""

    reason = _reason()


class DirectorPlayerActionSerializer(StrictSerializer):
    """A player and the reason."""

    player = _player()
    reason = _reason()


class DirectorResultSerializer(StrictSerializer):
    """A finished game's result."""

    game = StrictIntegerField(min_value=1, help_text=(
        "The game's id (a pairing's `game` in GET /api/tournaments/<id>/)."))
    outcome = StrictCharField(max_length=150, help_text=(
        "The winner's username, `draw`, or `annul` (the game counts for nothing)."))
    reason = _reason()


class DirectorByeSerializer(StrictSerializer):
    """A bye in a Swiss round not yet started."""

    player = _player()
    round = _round("of the bye, not started yet")
    kind = StrictChoiceField(choices=[REQUESTED, ZERO], help_text=(
        "`requested`: the tournament's points for a requested bye (½ or 1); `zero`: no "
        "points."))
    reason = _reason()


class DirectorForbidSerializer(StrictSerializer):
    """Two players of a Swiss who must not meet."""

    player = _player()
    other = _player("The other player", "other")
    reason = _reason()


class DirectorTeamSerializer(StrictSerializer):
    """A team of two entrants of a Kasteel team event, before its start."""

    team = serializers.CharField(max_length=60, help_text="The team's name (unique in the "
                                 "tournament, ignoring case).")
    player = _player()
    other = _player("The other player", "other")
    reason = _reason()


class DirectorUnteamSerializer(StrictSerializer):
    """A team to disband before the start."""

    team = serializers.CharField(max_length=60, help_text="The team's name.")
    reason = _reason()


class DirectorPairingSerializer(StrictSerializer):
    """Two players paired by hand in a Swiss round not yet started."""

    player = _player()
    other = _player("The other player", "other")
    round = _round("of the pairing, not started yet")
    allow_repeat = StrictBooleanField(default=False, help_text=(
        "Pair them although they have met (the page's \"Allow a repeat pairing\")."))
    reason = _reason()


class DirectorScheduleSerializer(StrictSerializer):
    """A round's start time and/or deadline."""

    round = _round("to schedule")
    starts_at = TimeField(allow_null=True, required=False, default=None, help_text=(
        "When the round starts (never before the round before has ended); null or left "
        "out: as it was. Without a time zone: the site's."))
    deadline = TimeField(allow_null=True, required=False, default=None, help_text=(
        "When its unfinished games are adjudicated (two-player games only); null or left "
        "out: as it was. Both null: the round's times are removed."))
    reason = _reason()


class DirectorAnnounceSerializer(StrictSerializer):
    """An announcement to every entrant still in."""

    text = StrictCharField(max_length=ANNOUNCEMENT_LENGTH, help_text=(
        "Shown on the tournament's page, sent as a notice and by mail (each player's "
        "settings decide)."))
    reason = _reason()


class DirectorRerunSerializer(StrictSerializer):
    """A new edition: a draft with this tournament's terms and directors."""

    name = StrictCharField(max_length=100, help_text=(
        "The new tournament's name (not one of a tournament that is not over)."))
    opens_at = TimeField(allow_null=True, required=False, default=None, help_text=(
        "When its registration opens; null or left out: when a director opens it."))
    closes_at = TimeField(help_text=(
        "When its registration closes: a time to come, after the opening."))
    reason = _reason()


class TournamentAuditEntrySerializer(serializers.Serializer):
    """One row of the tournament's audit log, as its page lists it."""

    id = serializers.IntegerField()
    action = serializers.ChoiceField(choices=TournamentAudit.Action.choices)
    actor = serializers.CharField(allow_null=True, help_text="Who did it (you).")
    at = serializers.DateTimeField()
    detail = serializers.DictField(help_text=(
        "What was done: the reason, and per action the player(s), round, game, outcome, "
        "points, times, the games forfeited, the new edition (docs/tournaments.md)."))


class DirectorAnswerSerializer(serializers.Serializer):
    tournament = TournamentSerializer(help_text="The tournament after the action.")
    entry = TournamentAuditEntrySerializer(help_text="The audit log's row of the action.")
    created = TournamentSerializer(required=False, help_text=(
        "Run again only: the new edition, a draft."))
