"""Everything the site keeps about a player, as one JSON document (the account export).

What goes in is declared here, model by model: the player's own row (``PROFILE``,
``SETTINGS``), and ``PARTS``: for each link from a model to the player (a foreign
key to the user), the rows linked and the fields each row gives. What is left out
on purpose is declared too, with the reason: ``USER_LEFT_OUT`` (fields of the
player's row), ``LEFT_OUT`` (links to the player whose rows are not theirs to take
away) and each part's ``left_out`` (fields of an exported row).
tests/accounts/test_export_covers_models.py walks every model of every app and
fails on a link to the user, or a field of an exported row, found in none of
these: a new personal model or field is exported or explained, never forgotten.

Games go through games.core.visibility only (``export_payload`` for the player's seat):
a running game's hidden cards (others' hands, the deck, the seed) never reach the
file. Everything else names a game by its id, and a model holding a game's state
or a seed is never exported row by row (the test holds that too).

Not linked by a foreign key, so not walked: the login sessions (keys of the
browser's cookie, deleted with the account) and django-axes' failed-login records
(kept by name and address for the lockout, the site's defence against guessing).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import models
from django.utils import timezone

#: The player's row: who they are (``profile``) and what they chose (``settings``).
PROFILE = ("id", "username", "first_name", "last_name", "email", "date_joined", "last_login",
           "is_active", "is_staff", "is_superuser", "is_bot", "bot_level", "bot_description")
SETTINGS = ("notify", "language", "animation_speed", "auto_next_game", "vacation_since",
            "vacation_year", "vacation_used_seconds")
USER_LEFT_OUT = {
    "password": "the password's hash: a secret of the login, of no use to its owner",
    "groups": "admin permissions given by the site's admins (is_staff and is_superuser "
              "are in the profile)",
    "user_permissions": "admin permissions given by the site's admins (as groups)",
}

_STAFF = "which admin did it: the site's record of its staff's work"

#: Links to the player whose rows are not exported, and why.
LEFT_OUT: dict[tuple[str, str], str] = {
    ("admin.LogEntry", "user"): "the admin site's log of an admin's work: " + _STAFF,
    ("authtoken.Token", "user"): "the API token is a credential: the settings page shows "
                                 "it, a file never holds it",
    ("games.ChatMessage", "hidden_by"): _STAFF + " (the lines themselves are in chat_lines)",
    ("games.Dispute", "decided_by"): _STAFF + " (the rulings are in disputes)",
    ("ladders.Ladder", "created_by"): _STAFF,
    ("ladders.LadderBan", "by"): _STAFF,
    ("ladders.LadderInvite", "by"): _STAFF,
    ("ladders.Announcement", "by"): _STAFF + " (announcements are public on the ladder)",
    ("ladders.RatingChange", "opponent"): "another player's rating history (the player's own "
                                          "rows, in rating_history, name their opponents)",
    ("social.Follow", "followed"): "another player's private choice to follow this one",
    ("social.Block", "blocked"): "another player's private choice to block this one, "
                                 "never told",
    ("social.Report", "user"): "reports about the player are their reporters' private word to "
                               "the admins; what came of them is in moderation",
    ("social.Report", "handled_by"): _STAFF,
    ("social.ModerationAction", "actor"): _STAFF + " (the actions taken are in moderation)",
    ("tournaments.Tournament", "created_by"): _STAFF,
    ("tournaments.Tournament", "winner"): "a public result; the player's entries, games and "
                                          "byes of each tournament are in tournaments, "
                                          "tournament_games and tournament_byes",
}


@dataclass(frozen=True)
class Part:
    """The rows of ``model`` whose ``owner`` is the player, under ``key``."""

    key: str
    model: str  # "app_label.ModelName"
    owner: str
    fields: tuple[str, ...]
    left_out: Mapping[str, str] = field(default_factory=dict)
    #: Builds the rows itself (the games, through games.core.visibility).
    build: Callable[[Any, Part], list[dict[str, Any]]] | None = None

    def rows(self, user) -> list[dict[str, Any]]:
        if self.build is not None:
            return self.build(user, self)
        model = apps.get_model(self.model)
        people = [name for name in self.fields if _links_to_user(model, name)]
        found = model.objects.filter(**{self.owner: user}).select_related(*people)
        return [{name: _value(row, name) for name in self.fields}
                for row in found.order_by("pk")]


def _links_to_user(model, name: str) -> bool:
    found = model._meta.get_field(name)
    return found.is_relation and found.related_model is apps.get_model(settings.AUTH_USER_MODEL)


def _plain(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    return value


def _value(row: models.Model, name: str) -> Any:
    """A field of a row: a user by name, another row by its id, times as ISO text."""
    found = row._meta.get_field(name)
    if found.is_relation and _links_to_user(type(row), name):
        other = getattr(row, name)
        return other.username if other is not None else None
    if found.is_relation:
        return getattr(row, found.attname)
    return _plain(getattr(row, name))


def _games(user, part: Part) -> list[dict[str, Any]]:
    """Each game of the player as their seat sees it (games.core.visibility): a seat an AI
    took over sees what a spectator sees."""
    from games.core.visibility import export_payload
    from games.models import Seat

    rows = []
    for seat in Seat.objects.filter(user=user).select_related("match").order_by("match_id", "pk"):
        viewer = seat.seat if not seat.takeover_level else None
        rows.append({**{name: _value(seat, name) for name in part.fields},
                     "game": export_payload(seat.match, viewer)})
    return rows


_IN_THE_GAME = "in the game's payload (its seats), as the player's seat may see it"

PARTS: tuple[Part, ...] = (
    Part("games", "games.Seat", "user",
         ("seat", "result", "timed_out", "takeover_level", "score", "notified_version",
          "notified_at"),
         left_out={"match": "the game itself, under game, through games.core.visibility",
                   "deadline": _IN_THE_GAME, "paused_remaining": _IN_THE_GAME,
                   "removed": _IN_THE_GAME},
         build=_games),
    Part("chat_lines", "games.ChatMessage", "user",
         ("match", "channel", "text", "created_at", "hidden")),
    Part("notes", "games.Note", "user", ("match", "text", "updated_at")),
    Part("disputes", "games.Dispute", "user",
         ("match", "seat", "reason", "status", "created_at", "decided_at", "decision")),
    Part("challenges_made", "games.Challenge", "creator",
         ("id", "game", "opponent", "days_per_move", "creator_seat", "rated", "handicap",
          "rematch_of", "status", "match", "created_at", "updated_at")),
    Part("challenges_received", "games.Challenge", "opponent",
         ("id", "game", "creator", "days_per_move", "creator_seat", "rated", "handicap",
          "rematch_of", "status", "match", "created_at", "updated_at")),
    Part("tables_opened", "games.Table", "creator",
         ("id", "game", "size", "teams", "limit", "days_per_move", "rated", "games", "status",
          "created_at", "updated_at")),
    Part("table_places", "games.TableSeat", "user",
         ("table", "ai_level", "invited", "position", "joined_at")),
    Part("reviews_asked", "games.Review", "requested_by",
         ("match", "status", "created_at", "finished_at"),
         left_out={name: "the review of a finished game: public on its page, about the "
                         "game rather than the player"
                   for name in ("decisions", "done", "total", "error", "updated_at")}),
    Part("puzzle_tries", "games.PuzzleAttempt", "user",
         ("puzzle", "solved", "rating_before", "rating_after", "created_at"),
         left_out={"move": "the answer chosen among the puzzle's offered moves: whether it "
                           "was the solution is in solved"}),
    Part("puzzle_ratings", "games.PuzzleRating", "user",
         ("game", "rating", "deviation", "volatility", "tries", "solved")),
    Part("ratings", "ladders.Rating", "user",
         ("game", "rating", "deviation", "volatility", "games", "rated_at")),
    Part("rating_history", "ladders.RatingChange", "user",
         ("match", "game", "opponent", "score", "rating_before", "rating_after",
          "deviation_before", "deviation_after", "volatility_before", "volatility_after",
          "at")),
    Part("ladder_entries", "ladders.LadderEntry", "user",
         ("ladder", "position", "joined_at", "last_active_at")),
    Part("ladder_challenges_made", "ladders.LadderGame", "challenger",
         ("ladder", "match", "defender", "created_at", "resolved", "outcome")),
    Part("ladder_challenges_received", "ladders.LadderGame", "defender",
         ("ladder", "match", "challenger", "created_at", "resolved", "outcome")),
    Part("ladder_log", "ladders.LadderAudit", "actor", ("ladder", "action", "detail", "at")),
    Part("ladder_bans", "ladders.LadderBan", "user", ("ladder", "until", "reason", "at")),
    Part("ladder_invitations", "ladders.LadderInvite", "user", ("ladder", "at")),
    Part("notices", "notices.Notice", "user", ("kind", "params", "url", "created_at", "read_at")),
    Part("push_devices", "notices.PushSubscription", "user",
         ("label", "off_kinds", "created_at", "last_used_at"),
         left_out={name: "a credential between the browser and its push service, of no use "
                         "outside that browser" for name in ("endpoint", "p256dh", "auth")}),
    Part("push_preferences", "notices.PushPreferences", "user",
         ("off_kinds", "turn_mail_too", "quiet_from", "quiet_until", "time_zone", "held")),
    Part("following", "social.Follow", "follower", ("followed", "at")),
    Part("blocking", "social.Block", "blocker", ("blocked", "at")),
    Part("reports_made", "social.Report", "reporter",
         ("user", "reason", "match", "message", "status", "created_at", "handled_at",
          "outcome")),
    Part("moderation", "social.ModerationAction", "user", ("kind", "reason", "report", "at")),
    Part("mute", "social.Mute", "user", ("until",)),
    Part("tournaments", "tournaments.TournamentPlayer", "user",
         ("tournament", "rating", "joined_at", "withdrawn_at", "team")),
    Part("tournament_games", "tournaments.TournamentGame", "first",
         ("round", "board", "replay", "match", "second", "score_first", "places", "forfeit",
          "cancelled", "pieces_home", "ended")),
    Part("tournament_games_second", "tournaments.TournamentGame", "second",
         ("round", "board", "replay", "match", "first", "score_first", "places", "forfeit",
          "cancelled", "pieces_home", "ended")),
    Part("tournament_byes", "tournaments.TournamentBye", "user", ("round", "points")),
    Part("tournament_log", "tournaments.TournamentAudit", "actor",
         ("tournament", "action", "detail", "at")),
    Part("tournament_directing", "tournaments.TournamentDirector", "user",
         ("tournament", "named_at")),
    Part("tournament_planned_byes", "tournaments.PlannedBye", "user",
         ("tournament", "round_number", "points", "reason")),
    Part("tournament_forbidden_pairings", "tournaments.ForbiddenPairing", "first",
         ("tournament", "second", "reason")),
    Part("tournament_forbidden_pairings_second", "tournaments.ForbiddenPairing", "second",
         ("tournament", "first", "reason")),
    Part("tournament_pairing_edits", "tournaments.PairingEdit", "first",
         ("tournament", "round_number", "second", "allow_repeat", "reason")),
    Part("tournament_pairing_edits_second", "tournaments.PairingEdit", "second",
         ("tournament", "round_number", "first", "allow_repeat", "reason")),
    Part("tournament_announcements", "tournaments.TournamentAnnouncement", "by",
         ("tournament", "text", "at")),
    Part("email_addresses", "account.EmailAddress", "user", ("email", "verified", "primary")),
)


def export_data(user) -> dict[str, Any]:
    """The whole document: the profile, the settings and every part."""
    data: dict[str, Any] = {
        "exported_at": timezone.now().isoformat(),
        "profile": {name: _plain(getattr(user, name)) for name in PROFILE},
        "settings": {name: _plain(getattr(user, name)) for name in SETTINGS},
    }
    for part in PARTS:
        data[part.key] = part.rows(user)
    return data
