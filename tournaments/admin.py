"""The admin of tournaments: creating one and changing its terms, both in the audit log.

Opening registration, starting, pausing, withdrawing players and closing are on the
tournament's page (tournaments.services); here the status and the audit log are read-only.
"""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

from druidsite.admin_audit import AuditedSaveMixin, DeletableWithItsLog
from tournaments.models import Tournament, TournamentAudit


def audit(tournament: Tournament, actor, action: str, **detail) -> TournamentAudit:
    return TournamentAudit.objects.create(
        tournament=tournament, actor=actor if getattr(actor, "pk", None) else None,
        action=action, detail=detail,
    )


@admin.register(Tournament)
class TournamentAdmin(DeletableWithItsLog, AuditedSaveMixin):
    record = staticmethod(audit)
    audit_actions = TournamentAudit.Action

    list_display = ("name", "game", "format", "status", "round_count", "days_per_move",
                    "rated", "created_by", "created_at")
    list_filter = ("status", "format", "game", "rated")
    search_fields = ("name", "created_by__username")
    readonly_fields = ("status", "created_by", "created_at")
    fieldsets = (
        (None, {"fields": ("name", "game", "format", "status")}),
        (gettext_lazy("Games"), {"fields": ("days_per_move", "rated", "rematch_handicap")}),
        (gettext_lazy("Rounds"), {"fields": ("round_count", "cycles", "start")}),
        (gettext_lazy("Registration"), {"fields": (
            "registration_opens_at", "registration_closes_at", "min_players", "max_players",
            "min_rating", "max_rating")}),
        (gettext_lazy("Kasteel rounds"), {"fields": (
            "table_size", "teams", "advance_top", "allow_ai", "seating")}),
        (gettext_lazy("History"), {"fields": ("seed", "created_by", "created_at")}),
    )

    #: What may still change once the tournament has started (the rest decided its rounds).
    editable_after_start = ("name",)

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        fixed = super().get_readonly_fields(request, obj)
        if obj is None or obj.status in (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION):
            return fixed
        every = [name for fieldset in self.fieldsets for name in fieldset[1]["fields"]]
        return tuple(dict.fromkeys([*fixed, *(n for n in every
                                              if n not in self.editable_after_start)]))

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        # A tournament that has played keeps its history: close it instead.
        if obj is not None and obj.rounds.exists():
            return False
        return super().has_delete_permission(request, obj)



@admin.register(TournamentAudit)
class TournamentAuditAdmin(admin.ModelAdmin):
    list_display = ("tournament", "action", "actor", "at")
    list_filter = ("action",)
    search_fields = ("tournament__name", "actor__username")

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False
