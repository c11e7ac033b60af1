"""Tournaments run by admins: their terms, players, rounds, games and audit log.

Pairings, brackets, tables and standings are computed by the pure core in
``tournaments.pairing`` (docs/tournaments.md); these models only store what it decided
and what the games did. A round is unique per tournament and number, so starting a round
twice cannot make a second one.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.core import catalog
from games.models import DAYS_CHOICES, Match
from tournaments.pairing import kasteel

GAME_CHOICES = catalog.choices
#: The most rounds of a Swiss (fewer when the field is capped: N-1 for N players, N if odd).
SWISS_MAX_ROUNDS = 30


def new_seed() -> int:
    """The seed of a tournament's draws (ties in rating, seats, random tables)."""
    return random.randrange(2**31)


#: The tie-breaks a tournament may choose (tournaments.pairing.tiebreaks), as people read them.
TIEBREAK_LABELS = {
    "buchholz": _("Buchholz"),
    "median_buchholz": _("median Buchholz"),
    "buchholz_cut1": _("Buchholz cut 1"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "direct_encounter": _("direct encounter"),
    "wins": _("number of wins"),
}


def tiebreak_names(text: str) -> tuple[str, ...]:
    """The names of a tie-break order as typed: split at commas or spaces, lower case."""
    return tuple(name for name in str(text or "").replace(",", " ").lower().split())


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("knockout")
        KASTEEL = "kasteel_rounds", _("Kasteel rounds")

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        REGISTRATION = "registration", _("registration open")
        RUNNING = "running", _("running")
        PAUSED = "paused", _("paused")
        FINISHED = "finished", _("finished")
        CLOSED = "closed", _("closed")

    class Start(models.TextChoices):
        ALL = "all", _("all games at once")
        ROUNDS = "rounds", _("round by round")

    class Seating(models.TextChoices):
        SNAKE = "snake", _("by rating (snake)")
        RANDOM = "random", _("at random")

    name = models.CharField(_("name"), max_length=100)
    game = models.CharField(
        pgettext_lazy("kind of game", "game"), max_length=32, choices=GAME_CHOICES,
        default=catalog.default_name,
    )
    format = models.CharField(
        _("format"), max_length=16, choices=Format.choices, default=Format.SWISS
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.DRAFT
    )
    round_count = models.PositiveSmallIntegerField(
        _("rounds"), null=True, blank=True,
        help_text=_("Swiss: how many rounds are played. Kasteel rounds: at most this many "
                    "(empty: until a winner). Round robin and knockout: leave empty."),
    )
    cycles = models.PositiveSmallIntegerField(
        _("cycles"), default=1, validators=[MinValueValidator(1), MaxValueValidator(2)],
        help_text=_("Round robin: everyone meets once, or twice with the seats swapped."),
    )
    start = models.CharField(
        _("games start"), max_length=8, choices=Start.choices, default=Start.ALL,
        help_text=_("Round robin: every game at the start, or one round after the other."),
    )
    days_per_move = models.PositiveSmallIntegerField(
        _("days per move"), choices=DAYS_CHOICES, default=3
    )
    rated = models.BooleanField(_("rated"), default=True)
    rate_withdrawals = models.BooleanField(
        _("rate withdrawals"), default=False,
        help_text=_("Whether the games a withdrawn player forfeits are rated (off: the "
                    "opponent gains nothing from a game not played, as in ladders)."),
    )
    rematch_handicap = models.BooleanField(
        _("rematch handicap"), default=False,
        help_text=_("Apply the rematch rule: the winner of the pair's last game removes a 2 "
                    "(a 3 after two wins in a row)."),
    )
    requested_bye_points = models.FloatField(
        _("points for a requested bye"), choices=[(0.5, "½"), (1.0, "1")], default=0.5,
        help_text=_("What a player gets for a bye they asked a director for (Swiss)."),
    )
    late_entry_points = models.FloatField(
        _("points per missed round of a late entry"), choices=[(0.0, "0"), (0.5, "½")],
        default=0.0,
        help_text=_("What a late entry gets for each round played before they joined (Swiss)."),
    )
    tiebreaks = models.CharField(
        _("tie-breaks"), max_length=120, blank=True,
        help_text=_("Swiss and round robin: the tie-breaks after points, in order, separated "
                    "by commas, from: buchholz, median_buchholz, buchholz_cut1, "
                    "sonneborn_berger, direct_encounter, wins. Empty: Swiss buchholz, "
                    "sonneborn_berger; round robin sonneborn_berger, buchholz."),
    )
    registration_opens_at = models.DateTimeField(_("registration opens"), null=True, blank=True)
    registration_closes_at = models.DateTimeField(
        _("registration closes"), null=True, blank=True
    )
    min_players = models.PositiveSmallIntegerField(
        _("fewest players"), default=2, validators=[MinValueValidator(2)]
    )
    auto_start = models.BooleanField(
        _("start when registration closes"), default=True,
        help_text=_("When registration closes, start if the fewest players have joined; "
                    "otherwise the directors and the entrants are told."),
    )
    max_players = models.PositiveSmallIntegerField(
        _("most players"), null=True, blank=True, validators=[MinValueValidator(2)],
        help_text=_("Empty: no limit."),
    )
    min_rating = models.PositiveSmallIntegerField(_("lowest rating"), null=True, blank=True)
    max_rating = models.PositiveSmallIntegerField(_("highest rating"), null=True, blank=True)
    table_size = models.PositiveSmallIntegerField(
        _("seats per table"), null=True, blank=True,
        validators=[MinValueValidator(kasteel.MIN_SEATS), MaxValueValidator(kasteel.MAX_SEATS)],
        help_text=_("Kasteel rounds: the seats at each table (2 to 12)."),
    )
    teams = models.BooleanField(
        _("teams"), default=False,
        help_text=_("Kasteel rounds: team games (an even table of at least 4 seats)."),
    )
    team_event = models.BooleanField(
        _("fixed teams"), default=False,
        help_text=_("Kasteel rounds with teams: teams of two formed by the directors before "
                    "the start play the whole event together; standings are per team."),
    )
    advance_top = models.PositiveSmallIntegerField(
        _("go on per table"), default=1, validators=[MinValueValidator(1)],
        help_text=_("Kasteel rounds: how many of each table go on to the next round."),
    )
    allow_ai = models.BooleanField(
        _("AI seats fill short tables"), default=False,
        help_text=_("Kasteel rounds: fill a short table with AI players."),
    )
    seating = models.CharField(
        _("seating"), max_length=8, choices=Seating.choices, default=Seating.SNAKE,
        help_text=_("Kasteel rounds: how players are seated at the tables."),
    )
    seed = models.PositiveIntegerField(
        _("seed"), default=new_seed,
        help_text=_("Draws of the tournament (equal ratings, seats, random tables) follow it."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="tournaments_created", verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(_("started"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="tournaments_won", verbose_name=_("winner"),
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            # Names are unique among the tournaments not over (a finished one keeps its).
            models.UniqueConstraint(
                Lower("name"), condition=~models.Q(status__in=["finished", "closed"]),
                name="unique_running_tournament_name",
                violation_error_message=_("A tournament that is not over has this name "
                                          "already: choose another."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        from django.urls import reverse

        return reverse("tournament_detail", args=[self.pk])

    @property
    def two_player(self) -> bool:
        return self.format != self.Format.KASTEEL

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.CLOSED)

    @property
    def tiebreak_order(self) -> tuple[str, ...]:
        """The tie-breaks the standings sort by: the chosen ones, or the format's own."""
        from tournaments.pairing import ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS

        chosen = tiebreak_names(self.tiebreaks)
        if chosen:
            return chosen
        return ROUND_ROBIN_TIEBREAKS if self.format == self.Format.ROUND_ROBIN \
            else SWISS_TIEBREAKS

    def tiebreak_labels(self) -> list[str]:
        return [str(TIEBREAK_LABELS.get(name, name)) for name in self.tiebreak_order]

    def _tiebreak_errors(self) -> dict[str, str]:
        from tournaments.pairing import TIEBREAKS

        chosen = tiebreak_names(self.tiebreaks)
        if chosen and self.format not in (self.Format.SWISS, self.Format.ROUND_ROBIN):
            return {"tiebreaks": _("Only a Swiss or a round robin has standings to break "
                                   "ties in: leave tie-breaks empty.")}
        unknown = [name for name in chosen if name not in TIEBREAKS]
        if unknown:
            return {"tiebreaks": _("Unknown tie-break %(name)s: choose from %(choices)s.") % {
                "name": unknown[0], "choices": ", ".join(TIEBREAKS)}}
        twice = [name for name in chosen if chosen.count(name) > 1]
        if twice:
            return {"tiebreaks": _("The tie-break %(name)s is listed twice.") % {
                "name": twice[0]}}
        return {}

    def clean_fields(self, exclude=None) -> None:
        # The round count is checked by clean() against its real bound, in one message.
        super().clean_fields(exclude={*(exclude or ()), "round_count"})

    def _round_count_errors(self) -> dict[str, str]:
        from tournaments.pairing import max_swiss_rounds

        rounds = self.round_count
        if self.format == self.Format.SWISS:
            most = SWISS_MAX_ROUNDS
            if self.max_players:
                most = min(most, max_swiss_rounds(self.max_players))
            if rounds is None:
                return {"round_count": _("A Swiss needs a number of rounds.")}
            if not 1 <= rounds <= most:
                if self.max_players and most < SWISS_MAX_ROUNDS:
                    return {"round_count": _(
                        "A Swiss of at most %(players)s players has 1 to %(most)s rounds.")
                        % {"players": self.max_players, "most": most}}
                return {"round_count": _("A Swiss has 1 to %(most)s rounds.") % {"most": most}}
        elif self.format in (self.Format.KNOCKOUT, self.Format.ROUND_ROBIN):
            if rounds is not None:
                return {"round_count": _("The rounds of a round robin or a knockout follow "
                                         "from the number of players: leave rounds empty.")}
        elif rounds is not None and not 1 <= rounds <= SWISS_MAX_ROUNDS:
            return {"round_count": _("Kasteel rounds have 1 to %(most)s rounds, or none "
                                     "set.") % {"most": SWISS_MAX_ROUNDS}}
        return {}

    def clean(self) -> None:
        errors: dict[str, str] = {}
        info = catalog.find(self.game)
        table_game = info is not None and info.max_seats > 2
        if self.format == self.Format.KASTEEL:
            if info is not None and not table_game:
                errors["format"] = _("Kasteel rounds need a game of more than two seats.")
            if self.table_size is None:
                errors["table_size"] = _("Kasteel rounds need a number of seats per table.")
            elif self.teams and (self.table_size % 2 or self.table_size < 4):
                errors["teams"] = _("Team tables need an even number of at least 4 seats.")
            elif self.team_event and not self.teams:
                errors["team_event"] = _("Fixed teams play Kasteel's team game: tick teams.")
            elif self.team_event and self.allow_ai:
                errors["allow_ai"] = _("Fixed teams are seated whole: a short table plays "
                                       "with fewer teams, not with AI seats.")
            elif self.team_event and self.advance_top >= self.table_size // 2:
                errors["advance_top"] = _(
                    "Fewer than the %(teams)s teams of a table must go on, or no team is "
                    "ever out.") % {"teams": self.table_size // 2}
            elif self.advance_top >= self.table_size:
                errors["advance_top"] = _(
                    "Fewer than the %(seats)s seats of a table must go on, or nobody is "
                    "ever out.") % {"seats": self.table_size}
        elif table_game:
            errors["format"] = _("This game is played at tables: choose Kasteel rounds.")
        errors.update(self._round_count_errors())
        errors.update(self._tiebreak_errors())
        if not errors.get("tiebreaks"):
            self.tiebreaks = ", ".join(tiebreak_names(self.tiebreaks))
        if self.name and not self.is_over and Tournament.objects.filter(
                name__iexact=self.name).exclude(status__in=["finished", "closed"]).exclude(
                pk=self.pk).exists():
            errors["name"] = _("A tournament that is not over has this name already: "
                               "choose another.")
        if self.max_players is not None and self.max_players < self.min_players:
            errors["max_players"] = _("The most players cannot be below the fewest.")
        if (self.min_rating is not None and self.max_rating is not None
                and self.min_rating > self.max_rating):
            errors["max_rating"] = _("The highest rating cannot be below the lowest.")
        if (self.registration_opens_at and self.registration_closes_at
                and self.registration_closes_at <= self.registration_opens_at):
            errors["registration_closes_at"] = _("Registration must close after it opens.")
        if errors:
            raise ValidationError(errors)


class TournamentPlayer(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    rating = models.FloatField(
        null=True, blank=True, help_text=_("The rating the player was seeded with.")
    )
    joined_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    #: A team event's team (one per player: a player is in at most one team).
    team = models.ForeignKey("TournamentTeam", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="members")

    class Meta:
        ordering = ["tournament", "joined_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_tournament"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.user}"


class TournamentRound(models.Model):
    class Status(models.TextChoices):
        PAIRED = "paired", _("paired")
        STARTED = "started", _("started")
        FINISHED = "finished", _("finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PAIRED)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: round {self.number}"


class TournamentGame(models.Model):
    """A game of a round (a board, a knockout game with its replay number, or a table)."""

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField(help_text=_("Board, bracket slot or table number."))
    replay = models.PositiveSmallIntegerField(
        default=0, help_text=_("Knockout: 0 for the first game, 1 and 2 for replays.")
    )
    match = models.OneToOneField(
        Match, on_delete=models.CASCADE, related_name="tournament_game", null=True, blank=True
    )
    first = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", help_text=_("Two-player games: the player of the first seat."),
    )
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", help_text=_("Two-player games: the player of the second seat."),
    )
    score_first = models.FloatField(
        null=True, blank=True, help_text=_("1, 0.5 or 0 for the first seat; empty while running.")
    )
    places = models.JSONField(
        default=dict, blank=True, help_text=_("Kasteel tables: each player's place (user id).")
    )
    forfeit = models.BooleanField(
        default=False, help_text=_("Lost by forfeit: a player withdrew.")
    )
    #: Knockout: a running game the bracket no longer asked for (a decision changed who
    #: plays here) was ended by the site; it counts for nothing in the bracket.
    cancelled = models.BooleanField(default=False)
    #: Kasteel tables: each human player's pieces in their castle at the end (user id),
    #: from the engine's final state; a tie-break after castle points.
    pieces_home = models.JSONField(default=dict, blank=True)
    ended = models.BooleanField(default=False)

    class Meta:
        ordering = ["round", "board", "replay"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "board", "replay"], name="one_game_per_board_and_replay"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round}, board {self.board}"


class TournamentBye(models.Model):
    """A round without a game for a player (a Swiss bye, a knockout bye, a rest)."""

    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="byes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    points = models.FloatField(default=1.0)

    class Meta:
        ordering = ["round"]
        constraints = [
            models.UniqueConstraint(fields=["round", "user"], name="one_bye_per_round_and_player"),
        ]

    def __str__(self) -> str:
        return f"{self.round}: bye for {self.user}"


# The audit log, what directors decide (who directs, planned byes, forbidden pairings,
# pairing edits), what they plan and tell (round times and deadlines, announcements)
# with the marks of the scheduled tasks, and a team event's teams of two: each in its
# own module, registered with this app from here.
from tournaments.audit_models import TournamentAudit  # noqa: E402
from tournaments.directing_models import (  # noqa: E402
    ForbiddenPairing,
    PairingEdit,
    PlannedBye,
    TournamentDirector,
)
from tournaments.planning_models import (  # noqa: E402
    ScheduledRound,
    ScheduleMark,
    TournamentAnnouncement,
)
from tournaments.team_models import TournamentTeam  # noqa: E402

__all__ = [
    "ForbiddenPairing", "PairingEdit", "PlannedBye", "ScheduleMark", "ScheduledRound",
    "Tournament", "TournamentAnnouncement", "TournamentAudit", "TournamentBye",
    "TournamentDirector", "TournamentGame", "TournamentPlayer", "TournamentRound",
    "TournamentTeam",
]
