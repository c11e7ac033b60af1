"""The admin of tournaments: creating one and changing its terms, both in the audit log.

Opening registration, starting, pausing, withdrawing players and closing are on the
tournament's page (tournaments.services); here the status and the audit log are read-only.
"""

from __future__ import annotations

from django.contrib import admin
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from druidsite.admin_audit import AuditedSaveMixin, DeletableWithItsLog, ReadOnlyAdmin
from tournaments.models import Tournament, TournamentAudit, TournamentDirector, TournamentGame


def audit(tournament: Tournament, actor, action: str, **detail) -> TournamentAudit:
    return TournamentAudit.objects.create(
        tournament=tournament, actor=actor if getattr(actor, "pk", None) else None,
        action=action, detail=detail,
    )


class DirectorInline(admin.TabularInline):
    """Players named to direct this tournament only (staff direct every tournament)."""

    model = TournamentDirector
    extra = 0
    autocomplete_fields = ("user",)
    readonly_fields = ("named_at",)


@admin.register(Tournament)
class TournamentAdmin(DeletableWithItsLog, AuditedSaveMixin):
    record = staticmethod(audit)
    inlines = (DirectorInline,)
    audit_actions = TournamentAudit.Action
    audit_model, audit_link = TournamentAudit, "tournament"
    refusal_template = "tournaments/admin/refusal.html"

    list_display = ("name", "game", "format", "status", "round_count", "days_per_move",
                    "rated", "created_by", "created_at")
    list_filter = ("status", "format", "game", "rated")
    search_fields = ("name", "created_by__username")
    readonly_fields = ("status", "created_by", "created_at")
    fieldsets = (
        (None, {"fields": ("name", "game", "format", "status")}),
        (gettext_lazy("Games"), {"fields": ("days_per_move", "rated", "rate_withdrawals",
                                                  "rematch_handicap")}),
        (gettext_lazy("Rounds"), {"fields": ("round_count", "cycles", "start",
                                             "requested_bye_points", "late_entry_points",
                                             "tiebreaks")}),
        (gettext_lazy("Registration"), {"fields": (
            "registration_opens_at", "registration_closes_at", "min_players", "max_players",
            "min_rating", "max_rating")}),
        (gettext_lazy("Kasteel rounds"), {"fields": (
            "table_size", "teams", "team_event", "advance_top", "allow_ai", "seating")}),
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

    def formfield_for_dbfield(self, db_field, request: HttpRequest, **kwargs):
        # A number's form field carries its real bounds (one message naming them), not
        # the column's 0..32767; the round count is checked by the model against its own.
        if isinstance(db_field, models.PositiveSmallIntegerField) and not db_field.choices:
            low = [v.limit_value for v in db_field.validators if isinstance(v, MinValueValidator)]
            high = [v.limit_value for v in db_field.validators
                    if isinstance(v, MaxValueValidator)]
            kwargs["min_value"] = max(low) if low else None
            kwargs["max_value"] = min(high) if high else None
            if db_field.name == "round_count":
                kwargs["min_value"] = kwargs["max_value"] = None
            elif kwargs["min_value"] is None:
                kwargs["min_value"] = 0
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def delete_refusal(self, obj: Tournament) -> str:
        return delete_refusal(obj)

    def save_formset(self, request: HttpRequest, form, formset, change: bool) -> None:
        """Naming or removing a director goes into the tournament's log."""
        before = set(form.instance.directors.values_list("user__username", flat=True)) \
            if form.instance.pk else set()
        super().save_formset(request, form, formset, change)
        if formset.model is not TournamentDirector:
            return
        after = set(form.instance.directors.values_list("user__username", flat=True))
        if before != after:
            audit(form.instance, request.user, TournamentAudit.Action.EDIT,
                  directors=sorted(after), changed=["directors"])


def delete_refusal(tournament: Tournament) -> str:
    """Why ``tournament`` cannot be deleted ("" when it can: made by mistake, no games)."""
    count = TournamentGame.objects.filter(round__tournament=tournament).count()
    if count:
        return ngettext(
            "This tournament has %(count)s game: it is part of the players' history, so "
            "it cannot be deleted. Close it instead.",
            "This tournament has %(count)s games: they are part of the players' history, "
            "so it cannot be deleted. Close it instead.", count) % {"count": count}
    if tournament.rounds.exists():
        return _("This tournament has played rounds: they are part of the players' "
                 "history, so it cannot be deleted. Close it instead.")
    return ""



@admin.register(TournamentAudit)
class TournamentAuditAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "action", "actor", "at")
    list_filter = ("action",)
    search_fields = ("tournament__name", "actor__username")
