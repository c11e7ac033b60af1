"""The admin of ladders and ratings.

Ladders are created and edited here; their status changes (freeze, unfreeze,
close) are changelist actions, and players are added, moved and removed
through the small pages linked from the ladder's form and its entries. Every
one of these goes through ladders.services, which writes the audit log; the
log itself, the ratings and the entries are read-only here.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ladders import services
from ladders.models import Ladder, LadderAudit, LadderEntry, LadderGame, Rating, RatingChange
from ladders.positions import audit


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written only by the site's services: listed and viewable, never edited here."""

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


class AddPlayerForm(forms.Form):
    username = forms.CharField(label=gettext_lazy("Player"), max_length=150)
    position = forms.IntegerField(
        label=gettext_lazy("Position"), min_value=1, required=False,
        help_text=gettext_lazy("Empty: at the bottom."),
    )

    def clean_username(self):
        user = get_user_model().objects.filter(
            username__iexact=self.cleaned_data["username"].strip()).first()
        if user is None:
            raise forms.ValidationError(_("There is no player of that name."))
        return user


class MovePlayerForm(forms.Form):
    position = forms.IntegerField(label=gettext_lazy("New position"), min_value=1)


class CorrectResultForm(forms.Form):
    result = forms.ChoiceField(label=gettext_lazy("Result"), choices=[
        ("challenger", gettext_lazy("The challenger won")),
        ("defender", gettext_lazy("The defender won")),
        ("draw", gettext_lazy("Draw")),
        ("annul", gettext_lazy("Annul the game: it counts for nothing")),
    ])
    note = forms.CharField(label=gettext_lazy("Why"), max_length=500, widget=forms.Textarea)


class LadderEntryInline(admin.TabularInline):
    model = LadderEntry
    fields = ("position", "user", "joined_at", "last_active_at", "tools")
    readonly_fields = fields
    ordering = ("position",)
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    @admin.display(description=gettext_lazy("manage"))
    def tools(self, entry: LadderEntry) -> str:
        return entry_tools(entry)


def entry_tools(entry: LadderEntry) -> str:
    move = reverse("admin:ladders_ladder_move_player", args=[entry.ladder_id, entry.pk])
    remove = reverse("admin:ladders_ladder_remove_player", args=[entry.ladder_id, entry.pk])
    return format_html('<a href="{}" class="move-player">{}</a> · <a href="{}" '
                       'class="remove-player">{}</a>', move, _("Move"), remove, _("Remove"))


def _run(request: HttpRequest, call, success: str) -> bool:
    try:
        call()
    except services.ServiceError as error:
        messages.error(request, error.message)
        return False
    messages.success(request, success)
    return True


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "status", "player_count", "days_per_move", "rated",
                    "challenge_range", "max_open_challenges", "cooldown_days",
                    "rematch_handicap", "inactivity_days", "created_by", "created_at")
    list_filter = ("status", "game", "rated", "rematch_handicap", "days_per_move")
    search_fields = ("name", "created_by__username")
    readonly_fields = ("status", "created_by", "created_at", "player_tools")
    inlines = [LadderEntryInline]
    actions = ["freeze", "unfreeze", "close"]
    fieldsets = (
        (None, {"fields": ("name", "game", "status", "player_tools")}),
        (gettext_lazy("Games"), {"fields": ("days_per_move", "rated", "rematch_handicap")}),
        (gettext_lazy("Rules"), {"fields": ("challenge_range", "max_open_challenges",
                                            "cooldown_days", "inactivity_days")}),
        (gettext_lazy("History"), {"fields": ("created_by", "created_at")}),
    )

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).annotate(players=Count("entries"))

    @admin.display(description=gettext_lazy("players"), ordering="players")
    def player_count(self, ladder: Ladder) -> int:
        return ladder.players

    @admin.display(description=gettext_lazy("players"))
    def player_tools(self, ladder: Ladder) -> str:
        if not ladder.pk:
            return _("Add players once the ladder is saved.")
        return format_html('<a href="{}" id="add-player-link">{}</a>',
                           reverse("admin:ladders_ladder_add_player", args=[ladder.pk]),
                           _("Add a player"))

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        # A ladder with games keeps its history: close it instead.
        if obj is not None and obj.games.exists():
            return False
        return super().has_delete_permission(request, obj)

    def get_actions(self, request: HttpRequest):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions

    def save_model(self, request: HttpRequest, obj: Ladder, form, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if change:
            audit(obj, request.user, LadderAudit.Action.EDIT, fields={
                name: str(form.cleaned_data.get(name)) for name in form.changed_data})
        else:
            audit(obj, request.user, LadderAudit.Action.CREATE, name=obj.name)

    def _set_status(self, request: HttpRequest, queryset, status: str, done: str) -> None:
        for ladder in queryset:
            _run(request,
                 lambda ladder=ladder: services.set_status(ladder.pk, request.user, status),
                 done % {"name": ladder.name})

    @admin.action(description=gettext_lazy("Freeze the selected ladders"), permissions=["change"])
    def freeze(self, request: HttpRequest, queryset) -> None:
        self._set_status(request, queryset, Ladder.Status.FROZEN, _("%(name)s is frozen."))

    @admin.action(description=gettext_lazy("Unfreeze the selected ladders"),
                  permissions=["change"])
    def unfreeze(self, request: HttpRequest, queryset) -> None:
        self._set_status(request, queryset, Ladder.Status.OPEN, _("%(name)s is open again."))

    @admin.action(description=gettext_lazy("Close the selected ladders (final)"),
                  permissions=["change"])
    def close(self, request: HttpRequest, queryset) -> None:
        self._set_status(request, queryset, Ladder.Status.CLOSED, _("%(name)s is closed."))

    # --- player management pages ---------------------------------------------------------

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("<int:ladder_id>/add-player/", view(self.add_player_view),
                 name="ladders_ladder_add_player"),
            path("<int:ladder_id>/entries/<int:entry_id>/move/", view(self.move_player_view),
                 name="ladders_ladder_move_player"),
            path("<int:ladder_id>/entries/<int:entry_id>/remove/",
                 view(self.remove_player_view), name="ladders_ladder_remove_player"),
            *super().get_urls(),
        ]

    def _ladder(self, request: HttpRequest, ladder_id: int) -> Ladder:
        ladder = get_object_or_404(Ladder, pk=ladder_id)
        if not self.has_change_permission(request, ladder):
            raise PermissionDenied
        return ladder

    def _page(self, request: HttpRequest, ladder: Ladder, title: str, form,
              **extra) -> HttpResponse:
        context = {**self.admin_site.each_context(request), "opts": self.model._meta,
                   "original": ladder, "title": title, "form": form, **extra}
        return TemplateResponse(request, "ladders/admin/ladder_form.html", context)

    def _back(self, ladder: Ladder) -> HttpResponse:
        return redirect("admin:ladders_ladder_change", ladder.pk)

    def add_player_view(self, request: HttpRequest, ladder_id: int) -> HttpResponse:
        ladder = self._ladder(request, ladder_id)
        form = AddPlayerForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            user, position = form.cleaned_data["username"], form.cleaned_data["position"]
            if _run(request, lambda: services.add_player(ladder.pk, request.user, user, position),
                    _("%(name)s was added.") % {"name": user.username}):
                return self._back(ladder)
        return self._page(request, ladder, _("Add a player to %(name)s") % {"name": ladder.name},
                          form)

    def move_player_view(self, request: HttpRequest, ladder_id: int, entry_id: int) -> HttpResponse:
        ladder = self._ladder(request, ladder_id)
        entry = get_object_or_404(LadderEntry.objects.select_related("user"), pk=entry_id,
                                  ladder=ladder)
        form = MovePlayerForm(request.POST or None, initial={"position": entry.position})
        if request.method == "POST" and form.is_valid():
            position = form.cleaned_data["position"]
            if _run(request,
                    lambda: services.move_player(ladder.pk, request.user, entry.user, position),
                    _("%(name)s was moved.") % {"name": entry.user.username}):
                return self._back(ladder)
        return self._page(request, ladder, _("Move %(name)s (now at %(position)s)") % {
            "name": entry.user.username, "position": entry.position}, form)

    def remove_player_view(self, request: HttpRequest, ladder_id: int,
                           entry_id: int) -> HttpResponse:
        ladder = self._ladder(request, ladder_id)
        entry = get_object_or_404(LadderEntry.objects.select_related("user"), pk=entry_id,
                                  ladder=ladder)
        if request.method == "POST":
            _run(request, lambda: services.remove_player(ladder.pk, request.user, entry.user),
                 _("%(name)s was removed; their open ladder games were resigned.") % {
                     "name": entry.user.username})
            return self._back(ladder)
        return self._page(
            request, ladder, _("Remove %(name)s from %(ladder)s?") % {
                "name": entry.user.username, "ladder": ladder.name},
            None, confirm=_("Their ladder games in progress are resigned and the players "
                            "below move up."))


@admin.register(LadderEntry)
class LadderEntryAdmin(ReadOnlyAdmin):
    list_display = ("ladder", "position", "user", "joined_at", "last_active_at", "tools")
    list_filter = ("ladder__status", "ladder")
    search_fields = ("user__username", "ladder__name")
    list_select_related = ("ladder", "user")
    ordering = ("ladder", "position")

    @admin.display(description=gettext_lazy("manage"))
    def tools(self, entry: LadderEntry) -> str:
        return entry_tools(entry)


@admin.register(LadderGame)
class LadderGameAdmin(ReadOnlyAdmin):
    list_display = ("id", "ladder", "challenger", "defender", "game_link", "match_status",
                    "resolved", "outcome", "created_at", "tools")
    list_filter = ("resolved", "outcome", "match__status", "ladder")
    search_fields = ("challenger__username", "defender__username", "ladder__name")
    list_select_related = ("ladder", "challenger", "defender", "match")

    @admin.display(description=gettext_lazy("game"), ordering="match")
    def game_link(self, game: LadderGame) -> str:
        return format_html('<a href="{}">#{}</a>', reverse("game", args=[game.match_id]),
                           game.match_id)

    @admin.display(description=gettext_lazy("status"), ordering="match__status")
    def match_status(self, game: LadderGame) -> str:
        return game.match.get_status_display()

    @admin.display(description=gettext_lazy("manage"))
    def tools(self, game: LadderGame) -> str:
        if not game.match.is_over:
            return ""
        return format_html('<a href="{}" class="correct-result">{}</a>',
                           reverse("admin:ladders_laddergame_correct", args=[game.pk]),
                           _("Correct the result"))

    def get_urls(self):
        return [
            path("<int:game_id>/correct/", self.admin_site.admin_view(self.correct_view),
                 name="ladders_laddergame_correct"),
            *super().get_urls(),
        ]

    def correct_view(self, request: HttpRequest, game_id: int) -> HttpResponse:
        game = get_object_or_404(LadderGame.objects.select_related("ladder"), pk=game_id)
        # Correcting a result changes the ladder: it needs the right to change ladders.
        if not request.user.has_perm("ladders.change_ladder"):
            raise PermissionDenied
        form = CorrectResultForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            if _run(request, lambda: services.correct_result(
                    game.pk, request.user, form.cleaned_data["result"], form.cleaned_data["note"]),
                    _("The decision is recorded in the game; ratings and positions follow, "
                      "and both players are told.")):
                return redirect("admin:ladders_laddergame_changelist")
        context = {**self.admin_site.each_context(request), "opts": self.model._meta,
                   "original": game, "form": form,
                   "title": _("Correct the result of %(game)s") % {"game": game}}
        return TemplateResponse(request, "ladders/admin/ladder_form.html", context)


@admin.register(LadderAudit)
class LadderAuditAdmin(ReadOnlyAdmin):
    list_display = ("at", "ladder", "action", "actor", "detail")
    list_filter = ("action", "ladder")
    search_fields = ("actor__username", "ladder__name")
    list_select_related = ("ladder", "actor")
    date_hierarchy = "at"


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ("user", "game", "rounded_rating", "rounded_deviation", "volatility", "games",
                    "provisional", "rated_at")
    list_filter = ("game", "user__is_bot")
    search_fields = ("user__username",)
    list_select_related = ("user",)
    ordering = ("game", "-rating")

    @admin.display(description=gettext_lazy("rating"), ordering="rating")
    def rounded_rating(self, rating: Rating) -> int:
        return round(rating.rating)

    @admin.display(description=gettext_lazy("deviation"), ordering="deviation")
    def rounded_deviation(self, rating: Rating) -> int:
        return round(rating.deviation)

    @admin.display(description=gettext_lazy("provisional"), boolean=True)
    def provisional(self, rating: Rating) -> bool:
        return rating.provisional


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = ("at", "user", "opponent", "match", "game", "score", "rating_before",
                    "rating_after", "deviation_after")
    list_filter = ("game", "score")
    search_fields = ("user__username", "opponent__username")
    list_select_related = ("user", "opponent", "match")
    date_hierarchy = "at"
