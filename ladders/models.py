"""Ratings (Glicko-2, per game) and ladders run by admins.

Ratings change only in ladders.ratings (through ladders.rating_record and
ladders.rerate), ladders only in ladders.services: both
are written under row locks (the players' Rating rows, the Ladder row), so a
result is counted once and a ladder never has two players on one position or a
gap between positions.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.core import catalog
from games.models import DAYS_CHOICES, Match
from ladders import glicko

#: The games a ladder may play: the catalogue's, by title (a callable, so that a
#: game joining the catalogue needs no migration).
GAME_CHOICES = catalog.choices

#: A rating whose deviation is above this is shown as provisional.
PROVISIONAL_DEVIATION = 110.0


class Rating(models.Model):
    """A player's current Glicko-2 rating in one game."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=32, default=catalog.default_name)
    rating = models.FloatField(default=glicko.DEFAULT_RATING)
    deviation = models.FloatField(default=glicko.DEFAULT_DEVIATION)
    volatility = models.FloatField(default=glicko.DEFAULT_VOLATILITY)
    games = models.PositiveIntegerField(default=0)
    rated_at = models.DateTimeField(
        null=True, blank=True, help_text=_("When the last rated game ended.")
    )

    class Meta:
        ordering = ["game", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_player_and_game"),
        ]
        indexes = [models.Index(fields=["game", "-rating"])]

    def __str__(self) -> str:
        return f"{self.user} {self.game} {self.rating:.0f}±{self.deviation:.0f}"

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION

    def as_glicko(self) -> glicko.Glicko:
        return glicko.Glicko(self.rating, self.deviation, self.volatility)


class RatingChange(models.Model):
    """What one rated game did to one player's rating (the history of the profile chart)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.CharField(max_length=32, default=catalog.default_name)
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+",
    )
    score = models.FloatField(help_text=_("1 for a win, 0.5 for a draw, 0 for a loss."))
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_before = models.FloatField()
    deviation_after = models.FloatField()
    volatility_before = models.FloatField()
    volatility_after = models.FloatField()
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["user", "at", "id"]
        constraints = [
            # A match is rated once, even if result_changed arrives twice.
            models.UniqueConstraint(fields=["user", "match"], name="one_rating_change_per_match"),
        ]
        indexes = [models.Index(fields=["user", "game", "at"])]

    def __str__(self) -> str:
        return f"{self.user} #{self.match_id}: {self.rating_before:.0f} → {self.rating_after:.0f}"

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before


class Ladder(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        FROZEN = "frozen", _("frozen")
        CLOSED = "closed", _("closed")

    class JoinRule(models.TextChoices):
        OPEN = "open", _("anyone may join")
        INVITE = "invite", _("by invitation only")
        RATING = "rating", _("players within a rating range")

    name = models.CharField(_("name"), max_length=100)
    description = models.TextField(_("description"), blank=True, default="", max_length=4000)
    join_rule = models.CharField(_("who may join"), max_length=8, choices=JoinRule.choices,
                                 default=JoinRule.OPEN)
    min_rating = models.PositiveSmallIntegerField(
        _("lowest rating"), null=True, blank=True, validators=[MaxValueValidator(4000)],
        help_text=_("With the rating range rule: the lowest rating in the ladder's game."))
    max_rating = models.PositiveSmallIntegerField(
        _("highest rating"), null=True, blank=True, validators=[MaxValueValidator(4000)],
        help_text=_("With the rating range rule: the highest rating in the ladder's game."))
    rate_removals = models.BooleanField(
        _("rate the games of removed players"), default=False,
        help_text=_("When an admin removes a player, their games in progress are resigned; "
                    "rated or not."))
    season = models.PositiveSmallIntegerField(_("season"), default=1)
    previous = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="next_season",
        verbose_name=_("previous season"))
    game = models.CharField(
        pgettext_lazy("kind of game", "game"), max_length=32, choices=GAME_CHOICES,
        default=catalog.default_name,
    )
    days_per_move = models.PositiveSmallIntegerField(
        _("days per move"), choices=DAYS_CHOICES, default=3
    )
    rated = models.BooleanField(_("rated"), default=True)
    challenge_range = models.PositiveSmallIntegerField(
        _("challenge range"), default=3, validators=[MinValueValidator(1),
                                                     MaxValueValidator(100)],
        help_text=_("A player may challenge up to this many places above them."),
    )
    max_open_challenges = models.PositiveSmallIntegerField(
        _("open ladder games per player"), default=2,
        validators=[MinValueValidator(1), MaxValueValidator(50)],
        help_text=_("A challenge needs both players below this many open ladder games."),
    )
    cooldown_days = models.PositiveSmallIntegerField(
        _("cooldown (days)"), default=7, validators=[MaxValueValidator(365)],
        help_text=_("Days after a ladder game ends before the same two players meet again."),
    )
    rematch_handicap = models.BooleanField(
        _("rematch handicap"), default=True,
        help_text=_("Apply the rematch rule: the winner of the pair's last game removes a 2 "
                    "(a 3 after two wins in a row)."),
    )
    inactivity_days = models.PositiveSmallIntegerField(
        _("inactivity (days)"), default=60, validators=[MaxValueValidator(365)],
        help_text=_("A player with no ladder game started or finished for this long is "
                    "removed from the ladder; 0 never removes anyone."),
    )
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.OPEN
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="ladders_created", verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["status", "name"]
        constraints = [
            # Names are unique among the ladders still running (a closed season keeps its).
            models.UniqueConstraint(Lower("name"), condition=~models.Q(status="closed"),
                                    name="unique_running_ladder_name"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    def clean(self) -> None:
        from django.core.exceptions import ValidationError

        if self.status != self.Status.CLOSED and self.name and Ladder.objects.filter(
                name__iexact=self.name.strip()).exclude(pk=self.pk).exclude(
                status=self.Status.CLOSED).exists():
            raise ValidationError({"name": _("A running ladder has this name already.")})
        if self.join_rule == self.JoinRule.RATING and self.min_rating is None \
                and self.max_rating is None:
            raise ValidationError(_("A rating range needs a lowest or a highest rating."))
        if self.min_rating is not None and self.max_rating is not None \
                and self.min_rating > self.max_rating:
            raise ValidationError(_("The lowest rating is above the highest."))

    @property
    def cooldown(self) -> timedelta:
        return timedelta(days=self.cooldown_days)


class LadderEntry(models.Model):
    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_entries"
    )
    position = models.PositiveIntegerField()
    joined_at = models.DateTimeField(default=timezone.now)
    last_active_at = models.DateTimeField(
        default=timezone.now, help_text=_("The last time a ladder game of theirs started or ended.")
    )

    class Meta:
        ordering = ["ladder", "position"]
        verbose_name_plural = "ladder entries"
        constraints = [
            models.UniqueConstraint(fields=["ladder", "position"], name="one_player_per_position"),
            models.UniqueConstraint(fields=["ladder", "user"], name="one_entry_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.ladder}: {self.position}. {self.user}"


class LadderGame(models.Model):
    class Outcome(models.TextChoices):
        PENDING = "", _("not yet")
        CHALLENGER_WON = "challenger", _("challenger won")
        DEFENDER_WON = "defender", _("defender won")
        DRAW = "draw", _("draw")
        LEFT = "left", _("a player left the ladder")
        CLOSED = "closed", _("ladder closed: no change")
        ANNULLED = "annulled", _("annulled by an admin")

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="ladder_game")
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    defender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    resolved = models.BooleanField(
        default=False, help_text=_("The result has been applied to the positions.")
    )
    outcome = models.CharField(max_length=12, choices=Outcome.choices, blank=True, default="")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["ladder", "resolved"]),
            models.Index(fields=["ladder", "challenger"]),
            models.Index(fields=["ladder", "defender"]),
        ]

    def __str__(self) -> str:
        return f"{self.ladder}: {self.challenger} challenges {self.defender} (#{self.match_id})"


class LadderAudit(models.Model):
    """Who did what to a ladder, and when; every position change is one of these."""

    class Action(models.TextChoices):
        CREATE = "create", _("created")
        EDIT = "edit", _("settings changed")
        JOIN = "join", _("joined")
        LEAVE = "leave", _("left")
        CHALLENGE = "challenge", _("challenge")
        RESULT = "result", _("result")
        ADD = "add", _("player added")
        REMOVE = "remove", _("player removed")
        MOVE = "move", _("player moved")
        CORRECT = "correct", _("result corrected")
        BAN = "ban", _("player banned")
        UNBAN = "unban", _("ban lifted")
        INVITE = "invite", _("player invited")
        ANNOUNCE = "announce", _("announcement")
        SEASON = "season", _("next season started")
        FREEZE = "freeze", _("frozen")
        UNFREEZE = "unfreeze", _("unfrozen")
        CLOSE = "close", _("closed")
        INACTIVE = "inactive", _("removed for inactivity")
        DELETE = "delete", _("deleted")

    #: Empty once the ladder was deleted: its log stays, with the deletion in it.
    ladder = models.ForeignKey(Ladder, on_delete=models.SET_NULL, null=True, blank=True,
                               related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
        related_name="+", help_text=_("Empty when the site itself acted (results, schedule)."),
    )
    action = models.CharField(max_length=12, choices=Action.choices)
    detail = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["ladder", "-at"])]

    def __str__(self) -> str:
        actor = self.actor or "the site"
        ladder = self.ladder or self.detail.get("name", "a deleted ladder")
        return f"{ladder} {self.action} by {actor} at {self.at:%Y-%m-%d %H:%M}"


class LadderBan(models.Model):
    """A player kept off a ladder until a date, or for good (``until`` empty)."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="bans")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ladder_bans")
    until = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(max_length=500)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                           blank=True, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at"]
        constraints = [models.UniqueConstraint(fields=["ladder", "user"], name="one_ban")]

    def __str__(self) -> str:
        return f"{self.user} banned from {self.ladder}"

    def active(self, now=None) -> bool:
        return self.until is None or self.until > (now or timezone.now())


class LadderInvite(models.Model):
    """An invitation to join an invite-only ladder."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="invites")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ladder_invites")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                           blank=True, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["ladder", "user"], name="one_invite")]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.ladder}"


class Announcement(models.Model):
    """An admin's message to a ladder's players, shown on the ladder page."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="announcements")
    text = models.TextField(max_length=2000)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                           blank=True, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.ladder}: {self.text[:40]}"
