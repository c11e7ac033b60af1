"""The shapes of the tournament API's answers, for the OpenAPI schema only: the answers
themselves are the exports' dicts (tournaments.export) and the games' own summaries
(games.api.games.game_summary). tests/tournaments/test_api.py checks real answers
against them."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from games.api.schema import ErrorSerializer, GameSummarySerializer
from games.api.serializers import StrictCharField, StrictSerializer
from tournaments.models import Tournament, TournamentRound
from tournaments.pairing import TIEBREAKS

ERRORS = {
    400: "Malformed body (the field is named).",
    401: "No or bad credentials.",
    403: "Not allowed: a draft you do not direct, another player named, or the "
         "tournament's terms keep you out (full, rating range, registration window).",
    404: "No such tournament.",
    409: "Already in, not in, or the tournament no longer takes or lets go of players "
         "(it has started).",
}


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    return {code: OpenApiResponse(ErrorSerializer, description=ERRORS[code])
            for code in statuses}


class TournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    rounds = serializers.IntegerField(allow_null=True, help_text=(
        "How many rounds it has; null while nobody has joined, or Kasteel rounds without "
        "a limit (until one table is left)."))
    days_per_move = serializers.IntegerField()
    rated = serializers.BooleanField()
    tiebreaks = serializers.ListField(child=serializers.ChoiceField(choices=TIEBREAKS), help_text=(
        "The tie-breaks after points, in order (Swiss and round robin standings)."))
    registration_opens_at = serializers.DateTimeField(allow_null=True)
    registration_closes_at = serializers.DateTimeField(allow_null=True)
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField(allow_null=True, help_text="null: no limit.")
    players = serializers.IntegerField(help_text="Players entered (withdrawn ones too).")
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    winner = serializers.CharField(allow_null=True)
    url = serializers.CharField(help_text="The tournament's page.")
    entered = serializers.BooleanField(help_text="Whether you are entered (false without a "
                                       "token).")


class TournamentEntrantSerializer(serializers.Serializer):
    player = serializers.CharField()
    rating = serializers.IntegerField(allow_null=True, help_text=(
        "The seeding rating (taken again when the tournament starts)."))
    withdrawn = serializers.BooleanField()


class TournamentStandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Shared by rows level on points and every "
                                    "tie-break.")
    number = serializers.IntegerField(help_text="The row's number in the crosstable.")
    player = serializers.CharField()
    points = serializers.FloatField()
    played = serializers.IntegerField(help_text="Games played (forfeits and byes are not).")
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(allow_null=True), help_text=(
        "Each tie-break of the tournament's order; direct_encounter is null where it did "
        "not apply (the player was not level with anyone then)."))


class TournamentCrosstableRowSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    player = serializers.CharField()
    cells = serializers.ListField(child=serializers.CharField(), help_text=(
        "Swiss: per round the points and the opponent's number, '+' a bye, F a forfeit. "
        "Round robin: the points against each column's player, × on the diagonal."))


class TournamentCrosstableSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["rounds", "matrix"])
    columns = serializers.ListField(child=serializers.IntegerField(), help_text=(
        "Round numbers (rounds) or the players' numbers (matrix)."))
    rows = TournamentCrosstableRowSerializer(many=True)


class TournamentTableSeatSerializer(serializers.Serializer):
    player = serializers.CharField()
    ai = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True, help_text="Once the table ended.")
    score = serializers.IntegerField(allow_null=True, help_text="Once the table ended.")


class TournamentPairingSerializer(serializers.Serializer):
    board = serializers.IntegerField(help_text="Board, bracket slot or table number.")
    replay = serializers.IntegerField(help_text="Knockout: 0, then 1 and 2 for replays.")
    game = serializers.IntegerField(allow_null=True, help_text=(
        "The game's id (GET /api/games/<id>/); null for a game won by forfeit unplayed."))
    first = serializers.CharField(allow_null=True, help_text="Two-player games: the first seat.")
    second = serializers.CharField(allow_null=True)
    result = serializers.CharField(help_text=(
        "running, 1-0, ½-½, 0-1, annulled, cancelled, or ended (a Kasteel table)."))
    score_first = serializers.FloatField(allow_null=True)
    forfeit = serializers.BooleanField()
    ended = serializers.BooleanField()
    cancelled = serializers.BooleanField()
    seats = TournamentTableSeatSerializer(many=True, required=False,
                                          help_text="Kasteel tables only.")
    summary = GameSummarySerializer(allow_null=True, help_text=(
        "The game as you may see it, without its board: as GET /api/games/ lists it."))


class TournamentByeSerializer(serializers.Serializer):
    player = serializers.CharField()
    points = serializers.FloatField()


class TournamentRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.ChoiceField(choices=TournamentRound.Status.choices)
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    pairings = TournamentPairingSerializer(many=True)
    byes = TournamentByeSerializer(many=True)


class TournamentDetailSerializer(serializers.Serializer):
    tournament = TournamentSerializer()
    entrants = TournamentEntrantSerializer(many=True, help_text="In seed order.")
    standings = TournamentStandingSerializer(many=True, help_text=(
        "Swiss and round robin once a round started (the page's standings); else empty."))
    crosstable = TournamentCrosstableSerializer(allow_null=True)
    rounds = TournamentRoundSerializer(many=True)


class TournamentEntryRequestSerializer(StrictSerializer):
    """Optionally, the player: it must be you (a token acts for its own player only)."""

    player = StrictCharField(max_length=150, required=False, help_text=(
        "Your username; any other is refused (403)."))


class TournamentEntryAnswerSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    player = serializers.CharField()
    entered = serializers.BooleanField()
