"""Games on the site: challenges, matches, their seats and their move log.

A Match holds the engine's full state (with its secret seed); it never leaves
the server except through games.core.visibility, which builds what one viewer may
see. Every change a client can see is committed by games.core.commit: it bumps
Match.version and appends a MoveRecord, so a client catches up by asking for
what came after its version.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.core import catalog

DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)
#: What every new game offers first (a challenge, a table, a game against the AI): a
#: correspondence player misses a day now and then.
DEFAULT_DAYS = 3
DAYS_CHOICES = [(d, _("%(days)s days per move") % {"days": d}) for d in DAYS_PER_MOVE]


def days_label(days: int) -> str:
    """``3 days per move``, in the active language."""
    return ngettext("%(days)s day per move", "%(days)s days per move", days) % {"days": days}


# DAYS_CHOICES for forms and pages: labels translated when shown (the model
# fields keep the fixed labels above, which their migrations record).
DAYS_LABELS = [(d, lazy(days_label, str)(d)) for d in DAYS_PER_MOVE]


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        CANCELLED = "cancelled", _("cancelled")

    game = models.CharField(max_length=32, default=catalog.default_name)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made"
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True,
        related_name="challenges_received",
        help_text=_("Empty for an open challenge that anyone may accept."),
    )
    days_per_move = models.PositiveSmallIntegerField(choices=DAYS_CHOICES, default=DEFAULT_DAYS)
    creator_seat = models.CharField(
        max_length=16, default="random", help_text=_("A seat of the game, or random.")
    )
    rated = models.BooleanField(default=True)
    # Cards removed before setup, per role: {"creator": [1], "opponent": [3]}.
    handicap = models.JSONField(default=dict, blank=True)
    rematch_of = models.ForeignKey(
        "Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematches"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField(
        "Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "opponent"])]

    def __str__(self) -> str:
        target = self.opponent.username if self.opponent_id else "anyone"
        return f"{self.creator.username} vs {target} ({self.game}, {self.status})"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class Match(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("in progress")
        FINISHED = "finished", _("finished")

    class Reason(models.TextChoices):
        RULES = "rules", _("by the rules")
        RESIGN = "resign", _("resignation")
        TIMEOUT = "timeout", _("time ran out")
        DRAW = "draw", _("agreed draw")
        CORRECTED = "corrected", _("an admin's decision")
        ANNULLED = "annulled", _("annulled by an admin")
        ADJUDICATED = "adjudicated", _("adjudicated at a deadline")

    game = models.CharField(max_length=32, default=catalog.default_name)
    state = models.JSONField(help_text=_("The engine's full state: server only."))
    seed = models.BigIntegerField(help_text=_("Secret until the game is over."))
    options = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    rated = models.BooleanField(default=True)
    #: A guided first game (games.learning.tutorial): unrated, against the random AI, its first
    #: turns scripted; listed nowhere and never rated.
    tutorial = models.BooleanField(default=False)
    days_per_move = models.PositiveSmallIntegerField(choices=DAYS_CHOICES, default=DEFAULT_DAYS)
    winner_seat = models.CharField(max_length=16, blank=True, default="")
    end_reason = models.CharField(max_length=12, choices=Reason.choices, blank=True, default="")
    end_detail = models.CharField(max_length=200, blank=True, default="")
    #: Its clocks stand still (its tournament is paused): every owed seat keeps the time
    #: it had left in paused_remaining, as on vacation (games.core.clocks).
    clocks_paused = models.BooleanField(default=False)
    draw_offer_seat = models.CharField(max_length=16, blank=True, default="")
    rematch_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["status", "updated_at"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} v{self.version} ({self.status})"

    @property
    def is_over(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    class Result(models.TextChoices):
        NONE = "", _("not decided")
        WIN = "win", _("win")
        LOSS = "loss", _("loss")
        DRAW = "draw", _("draw")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=16)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    removed = models.JSONField(default=list, blank=True)
    # The clock runs only for a seat that owes a move: then deadline is set, or,
    # while its player is on vacation, the time left is kept in paused_remaining.
    deadline = models.DateTimeField(null=True, blank=True)
    paused_remaining = models.DurationField(null=True, blank=True)
    result = models.CharField(max_length=8, choices=Result.choices, blank=True, default="")
    timed_out = models.BooleanField(default=False)
    # In a game of more than two seats a seat whose player timed out (or resigned)
    # is played on by this AI level; the player keeps the seat's result and score.
    takeover_level = models.CharField(max_length=16, blank=True, default="")
    # The rules' points for the seat at the end (games that score).
    score = models.IntegerField(null=True, blank=True)
    #: Turn mails: the turns up to this match version (exclusive) are decided.
    notified_version = models.PositiveIntegerField(default=0)
    notified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_player_per_seat"),
        ]
        indexes = [models.Index(fields=["user", "deadline"])]

    def __str__(self) -> str:
        return f"{self.user} as {self.seat} in #{self.match_id}"

    @property
    def owes_move(self) -> bool:
        return self.deadline is not None or self.paused_remaining is not None

    @property
    def played_by_ai(self) -> bool:
        """An AI account's seat, or one an AI took over (the query twin: bots.AI_SEAT)."""
        return self.user.is_bot or bool(self.takeover_level)


class MoveRecord(models.Model):
    """One entry of a match's log: a move with its events, or a resign, draw, timeout,
    a clock paused or resumed by a vacation, an admin's correction of the result."""

    class Kind(models.TextChoices):
        MOVE = "move", _("move")
        RESIGN = "resign", _("resignation")
        DRAW_OFFER = "draw_offer", _("draw offered")
        DRAW_DECLINE = "draw_decline", _("draw declined")
        DRAW_ACCEPT = "draw_accept", _("draw agreed")
        TIMEOUT = "timeout", _("timeout")
        PAUSE = "pause", _("clock paused")
        RESUME = "resume", _("clock resumed")
        CLOCK = "clock", _("clock restarted")
        CORRECT = "correct", _("result corrected")
        ANNUL = "annul", _("game annulled")
        DISPUTE = "dispute", _("result disputed")
        RULING = "ruling", _("dispute ruled on")
        ADJUDICATE = "adjudicate", _("adjudicated at a deadline")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="records")
    version = models.PositiveIntegerField(help_text=_("The match version this entry created."))
    seat = models.CharField(max_length=16, blank=True, default="")
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.MOVE)
    move = models.JSONField(null=True, blank=True)
    # The engine's events, secret parts included: redacted per viewer on the way out.
    events = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "version"]
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="one_record_per_version"),
        ]

    def __str__(self) -> str:
        return f"#{self.match_id} v{self.version} {self.kind} {self.seat}"


class Table(models.Model):
    """A game of more than two seats being gathered: players join its free seats (or
    are invited, or AI players fill them); the match starts when every seat is taken.
    A table may be a series of several games with the same players (see games.lobby.tables)."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        PLAYING = "playing", _("playing")
        FINISHED = "finished", _("finished")
        CANCELLED = "cancelled", _("cancelled")

    game = models.CharField(max_length=32, default=catalog.default_name)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tables_made"
    )
    size = models.PositiveSmallIntegerField(help_text=_("The number of seats."))
    teams = models.BooleanField(default=False)
    limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("The rules' length limit in dealing cycles."))
    days_per_move = models.PositiveSmallIntegerField(choices=DAYS_CHOICES, default=DEFAULT_DAYS)
    rated = models.BooleanField(default=True)
    games = models.PositiveSmallIntegerField(
        default=1, help_text=_("The number of games of the series."))
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"table #{self.pk} {self.game} {self.size} seats ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class TableSeat(models.Model):
    """A place at a table: a player who joined, a player invited (not yet joined)
    or an AI player of a level."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="places")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_places"
    )
    ai_level = models.CharField(max_length=16, blank=True, default="")
    invited = models.BooleanField(default=False)
    #: The seat played in the series' first game (set at the start).
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "id"]

    def __str__(self) -> str:
        return f"{self.user} at table #{self.table_id}"


class TableGame(models.Model):
    """One game of a table's series, numbered from 1."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="series")
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="table_game")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_match_per_series_game"),
        ]

    def __str__(self) -> str:
        return f"table #{self.table_id} game {self.number}: #{self.match_id}"


class Dispute(models.Model):
    """A player's dispute of a finished game's result, and the admin's ruling on it."""

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        UPHELD = "upheld", _("result upheld")
        CORRECTED = "corrected", _("result corrected")
        ANNULLED = "annulled", _("game annulled")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="disputes")
    seat = models.CharField(max_length=16)
    reason = models.CharField(max_length=500)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                   null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    decision = models.CharField(max_length=500, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_dispute_per_player"),
        ]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"dispute of #{self.match_id} by {self.user_id} ({self.status})"


class ChatMessage(models.Model):
    """A line of a game's chat. Channels: "players" (everyone playing), "team-<n>" (a team's
    partners at a table) and "spectators" (the onlookers, which players may open)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="chat_messages")
    channel = models.CharField(max_length=16)
    text = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)
    hidden = models.BooleanField(default=False)
    hidden_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                  null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["match", "created_at", "id"]
        indexes = [models.Index(fields=["match", "channel", "created_at"]),
                   models.Index(fields=["user", "created_at"])]

    def __str__(self) -> str:
        return f"#{self.match_id} {self.channel}: {self.user_id}"


class Note(models.Model):
    """A player's private notes on a game: only their author ever sees them."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="notes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notes")
    text = models.TextField(max_length=5000, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="one_note")]

    def __str__(self) -> str:
        return f"note of {self.user_id} on #{self.match_id}"


class Review(models.Model):
    """The AI's review of a finished game: for each decision, the mover's estimated
    chances with the AI's preferred move and with the move played (games.learning.review).
    One per game; it runs as a task, one at a time per game."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="review")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL,
                                     null=True, blank=True, related_name="+")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    #: One entry per decision reviewed, in order (games.learning.review.review_decision).
    decisions = models.JSONField(default=list, blank=True)
    error = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    #: The last progress: a review that has not moved for a while (its worker died) may
    #: be asked for again.
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"review of #{self.match_id} ({self.status})"

    @property
    def running(self) -> bool:
        return self.status in (self.Status.QUEUED, self.Status.RUNNING)


class Puzzle(models.Model):
    """A decision of a finished game where one move is decisively best for the mover
    whatever the cards they could not see (games.learning.puzzles mines them). ``view``
    is the mover's own view at that moment, built by the engine's view function: the
    page shows nothing else of the position."""

    class Kind(models.TextChoices):
        WIN = "win", _("a win on the spot")
        SAVE = "save", _("the only move that saves the game")
        #: Caesar & Cleopatra: more patricians than the opponent by the turn's end, for certain.
        VOTE = "vote", _("more patricians at the vote, for certain")
        #: Strijd om het Kasteel: one more piece of the mover's side on its castle target
        #: by the end of the turn, whatever the dice.
        CASTLE = "castle", _("a piece on its castle target, for certain")
        #: Strijd om het Kasteel: a foe's piece sent home by the end of the turn (and
        #: none of the mover's side), whatever the dice.
        CAPTURE = "capture", _("a foe's piece sent home, for certain")

    game = models.CharField(max_length=32)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="puzzles")
    #: The version of the move record the puzzle's decision became (its ply: ``number``).
    version = models.PositiveIntegerField()
    number = models.PositiveIntegerField(help_text=_("The move's number in its game."))
    seat = models.CharField(max_length=16)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    view = models.JSONField()
    legal = models.JSONField(help_text=_("The mover's legal moves: the answers offered."))
    solution = models.JSONField()
    #: The solution's public events that every deal of the hidden cards agrees on.
    events = models.JSONField(default=list, blank=True)
    deals = models.PositiveIntegerField(help_text=_("How many deals of the hidden cards agreed."))
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["match", "version"],
                                               name="one_puzzle_per_decision")]

    def __str__(self) -> str:
        return f"puzzle {self.pk} ({self.game}, #{self.match_id} move {self.number})"


class PuzzleAttempt(models.Model):
    """One player's one try at a puzzle, with their puzzle rating before and after."""

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="puzzle_attempts")
    move = models.JSONField()
    solved = models.BooleanField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["puzzle", "user"],
                                               name="one_try_per_puzzle")]

    def __str__(self) -> str:
        return f"{self.user_id} on puzzle {self.puzzle_id}: {'solved' if self.solved else 'failed'}"


class PuzzleRating(models.Model):
    """A player's Glicko-2 puzzle rating in one game (each try is a rating period
    against the puzzle's own rating)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="puzzle_ratings")
    game = models.CharField(max_length=32)
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=350.0)
    volatility = models.FloatField(default=0.06)
    tries = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"],
                                               name="one_puzzle_rating_per_game")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game}: {round(self.rating)}"


class PuzzleMining(models.Model):
    """A finished game the miner has looked through (so a sweep looks once)."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="puzzle_mining")
    found = models.PositiveSmallIntegerField(default=0)
    mined_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"#{self.match_id}: {self.found} puzzles"
