"""Players' accounts: preferences, vacation, and the AI players' own accounts."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A player, an AI player (is_bot) or an admin (is_staff)."""

    class Notify(models.TextChoices):
        EACH = "each", _("A mail when it is my turn (at most one per game a day)")
        DIGEST = "digest", _("One daily digest of the games waiting for me")
        OFF = "off", _("No mail")

    notify = models.CharField(
        _("email notifications"), max_length=8, choices=Notify.choices, default=Notify.EACH
    )
    language = models.CharField(
        _("language"), max_length=8, blank=True, default="",
        help_text=_("Empty: the browser's language."),
    )
    class AnimationSpeed(models.TextChoices):
        NORMAL = "normal", _("Normal")
        FAST = "fast", _("Fast")
        OFF = "off", _("Off: show the new position at once")

    animation_speed = models.CharField(
        _("animation of the opponents' moves"), max_length=8, choices=AnimationSpeed.choices,
        default=AnimationSpeed.NORMAL,
        help_text=_("Your own moves always show at once."),
    )
    auto_next_game = models.BooleanField(
        _("go to the next game after a move"), default=False,
        help_text=_("After your move, go on to the next game waiting for you, if there is one."),
    )
    # Vacation pauses the player's clocks; the allowance is per calendar year.
    vacation_since = models.DateTimeField(null=True, blank=True)
    vacation_year = models.PositiveIntegerField(default=0)
    vacation_used_seconds = models.PositiveIntegerField(default=0)

    is_bot = models.BooleanField(
        _("AI player"), default=False, help_text=_("Moves are computed by the server.")
    )
    bot_level = models.CharField(max_length=32, blank=True, default="")
    bot_description = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        db_table = "accounts_user"

    @property
    def on_vacation(self) -> bool:
        return self.vacation_since is not None
