"""The admin of games: challenges, tables, matches, seats and move logs, for looking things up.

Everything here is read-only: games change only through games.core.services (the
one write path, with its locks, versions and broadcasts). A match's engine
state and seed, and the log's moves and events, hold hidden information
(hands, face-down cards, the shuffle): while a game is played staff see them
only as a spectator does (games.core.visibility, like every other way out; an
admin may play too), the seed not at all. Once the game is over, everything.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from druidsite.admin_audit import ReadOnlyAdmin
from games.core.visibility import staff_record, staff_state
from games.models import Challenge, Match, MoveRecord, Seat, Table, TableGame, TableSeat


def as_json(value: Any) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    list_display = ("id", "game", "creator", "opponent", "status", "days_per_move", "rated",
                    "creator_seat", "handicap", "game_link", "created_at")
    list_filter = ("status", "game", "rated", "days_per_move")
    search_fields = ("creator__username", "opponent__username")
    list_select_related = ("creator", "opponent")
    date_hierarchy = "created_at"

    @admin.display(description=_("game"), ordering="match")
    def game_link(self, challenge: Challenge) -> str:
        if challenge.match_id is None:
            return ""
        return format_html('<a href="{}">#{}</a>', reverse("game", args=[challenge.match_id]),
                           challenge.match_id)


class SeatInline(admin.TabularInline):
    model = Seat
    fields = ("seat", "user", "result", "timed_out", "removed", "deadline", "paused_remaining")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    # Never "state" or "seed" here: lists are for finding a game, not for reading hands.
    list_display = ("id", "game", "status", "players", "rated", "days_per_move", "version",
                    "end_reason", "winner_seat", "created_at", "finished_at", "page")
    list_filter = ("status", "game", "rated", "end_reason", "days_per_move")
    search_fields = ("seats__user__username",)
    date_hierarchy = "created_at"
    inlines = [SeatInline]
    fields = ("game", "status", "rated", "days_per_move", "version", "winner_seat",
              "end_reason", "end_detail", "draw_offer_seat", "rematch_of", "options",
              "created_at", "updated_at", "finished_at", "seed", "position")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return super().get_queryset(request).defer("state").prefetch_related("seats__user")

    def get_fields(self, request: HttpRequest, obj: Match | None = None):
        fields = super().get_fields(request, obj)
        if obj is None or not obj.is_over:
            fields = [name for name in fields if name != "seed"]
        return fields

    @admin.display(description=_("position"))
    def position(self, match: Match) -> str:
        """The stored state once the game is over; before, what a spectator sees."""
        return as_json(staff_state(match))

    @admin.display(description=_("players"))
    def players(self, match: Match) -> str:
        return format_html_join(", ", "{} ({})", (
            (seat.user.username, seat.seat) for seat in match.seats.all()))

    @admin.display(description=_("page"))
    def page(self, match: Match) -> str:
        return format_html('<a href="{}">{}</a>', reverse("game", args=[match.pk]), _("open"))


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("match", "seat", "user", "result", "timed_out", "removed", "deadline",
                    "paused_remaining", "notified_version")
    list_filter = ("result", "timed_out", "seat", "match__status", "match__game")
    search_fields = ("user__username",)
    list_select_related = ("user", "match")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Seat]:
        return super().get_queryset(request).defer("match__state")


@admin.register(MoveRecord)
class MoveRecordAdmin(ReadOnlyAdmin):
    # Moves and events name hidden cards (a face-down placement, drawn cards): a running
    # game's are shown as a spectator sees them; the events in the form only.
    list_display = ("match", "version", "seat", "kind", "shown_move", "created_at")
    list_filter = ("kind", "match__game")
    search_fields = ("match__seats__user__username",)
    list_select_related = ("match",)
    date_hierarchy = "created_at"
    fields = ("match", "version", "seat", "kind", "shown_move", "shown_events", "created_at")
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[MoveRecord]:
        return super().get_queryset(request).defer("match__state")

    @admin.display(description=_("move"))
    def shown_move(self, record: MoveRecord) -> str:
        return json.dumps(staff_record(record)["move"], ensure_ascii=False)

    @admin.display(description=_("events"))
    def shown_events(self, record: MoveRecord) -> str:
        return as_json(staff_record(record)["events"])


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    fields = ("position", "user", "ai_level", "invited", "joined_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class TableGameInline(admin.TabularInline):
    model = TableGame
    fields = ("number", "match")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ("id", "game", "creator", "size", "teams", "limit", "games", "status",
                    "days_per_move", "rated", "created_at")
    list_filter = ("status", "game", "rated", "teams", "size")
    search_fields = ("creator__username", "places__user__username")
    list_select_related = ("creator",)
    date_hierarchy = "created_at"
    inlines = [TableSeatInline, TableGameInline]


from games import admin_disputes  # noqa: E402,F401 - the disputes' admin
