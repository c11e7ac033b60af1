"""The admin of ladders and ratings.

Ladders are created and edited here; their status changes (freeze, unfreeze,
close) are changelist actions, and players are added, moved and removed
through the small pages linked from the ladder's form and its entries. Every
one of these goes through ladders.services, which writes the audit log; the
log itself, the ratings and the entries are read-only here (the records' pages in
ladders.admin_records).
"""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from druidsite.admin_audit import AuditedSaveMixin, DeletableWithItsLog, ReadOnlyAdmin
from games.models import Match
from ladders import (
    admin_records,  # noqa: F401 - registers the records' pages
    services,
)
from ladders.admin_filters import BanSeasonFilter
from ladders.admin_forms import (
    AddPlayerForm,
    AnnounceForm,
    CorrectResultForm,
    MovePlayerForm,
    NextSeasonForm,
    NotifyForm,
    RemovePlayerForm,
    UserForm,
)
from ladders.models import (
    Ladder,
    LadderAudit,
    LadderBan,
    LadderEntry,
    LadderGame,
)
from ladders.positions import audit


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
class LadderAdmin(DeletableWithItsLog, AuditedSaveMixin):
    record = staticmethod(audit)
    audit_actions = LadderAudit.Action
    audit_model, audit_link = LadderAudit, "ladder"
    refusal_template = "ladders/admin/refusal.html"

    list_display = ("name", "game", "status", "player_count", "days_per_move", "rated",
                    "challenge_range", "max_open_challenges", "cooldown_days",
                    "rematch_handicap", "inactivity_days", "created_by", "created_at")
    list_filter = ("status", "game", "rated", "rematch_handicap", "days_per_move")
    search_fields = ("name", "created_by__username")
    readonly_fields = ("status", "created_by", "created_at", "player_tools")
    inlines = [LadderEntryInline]
    actions = ["freeze", "unfreeze", "close"]
    fieldsets = (
        (None, {"fields": ("name", "game", "status", "description", "player_tools")}),
        (gettext_lazy("Games"), {"fields": ("days_per_move", "rated", "rematch_handicap")}),
        (gettext_lazy("Rules"), {"fields": ("challenge_range", "max_open_challenges",
                                            "cooldown_days", "inactivity_days")}),
        (gettext_lazy("Players"), {"fields": ("join_rule", "min_rating", "max_rating",
                                              "rate_removals")}),
        (gettext_lazy("History"), {"fields": ("season", "previous", "created_by",
                                              "created_at")}),
    )

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        # A closed season is an archive: its settings are locked.
        if obj is not None and obj.status == Ladder.Status.CLOSED:
            return [f for _name, opts in self.fieldsets for f in opts["fields"]]
        return [*self.readonly_fields, "season", "previous"]

    def delete_refusal(self, obj: Ladder) -> str:
        return services.delete_refusal(obj)

    def get_queryset(self, request: HttpRequest):
        return super().get_queryset(request).annotate(players=Count("entries"))

    @admin.display(description=gettext_lazy("players"), ordering="players")
    def player_count(self, ladder: Ladder) -> int:
        return ladder.players

    @admin.display(description=gettext_lazy("players"))
    def player_tools(self, ladder: Ladder) -> str:
        if not ladder.pk:
            return _("Add players once the ladder is saved.")
        links = [("add-player-link", "admin:ladders_ladder_add_player", _("Add a player")),
                 ("invite-link", "admin:ladders_ladder_invite", _("Invite a player")),
                 ("announce-link", "admin:ladders_ladder_announce", _("Post an announcement")),
                 ("season-link", "admin:ladders_ladder_next_season",
                  _("Start the next season")),
                 ("bans-link", "admin:ladders_ladderban_changelist", _("Bans"))]
        return format_html_join(" · ", '<a href="{}" id="{}">{}</a>', (
            (reverse(name, args=[ladder.pk]) if "ladderban" not in name
             else reverse(name) + f"?ladder__id__exact={ladder.pk}", id_, text)
            for id_, name, text in links))

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        # A ladder with games keeps its history: close it instead.
        if obj is not None and obj.games.exists():
            return False
        return super().has_delete_permission(request, obj)


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
    def close(self, request: HttpRequest, queryset):
        # Irreversible: a page first says what closing does, and closes on its answer.
        if "confirm" not in request.POST:
            ladders = list(queryset)
            for ladder in ladders:
                ladder.running = ladder.games.filter(match__status=Match.Status.ACTIVE).count()
            return TemplateResponse(request, "ladders/admin/confirm_close.html", {
                **self.admin_site.each_context(request), "opts": self.model._meta,
                "ladders": ladders, "title": _("Close these ladders for good?")})
        self._set_status(request, queryset, Ladder.Status.CLOSED, _("%(name)s is closed."))
        return None

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
            path("<int:ladder_id>/invite/", view(self.invite_view),
                 name="ladders_ladder_invite"),
            path("<int:ladder_id>/announce/", view(self.announce_view),
                 name="ladders_ladder_announce"),
            path("<int:ladder_id>/next-season/", view(self.next_season_view),
                 name="ladders_ladder_next_season"),
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
        form = RemovePlayerForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            if _run(request, lambda: services.remove_player(
                    ladder.pk, request.user, entry.user, data["reason"],
                    ban_days=data["days"] if data["ban"] == "days" else None,
                    ban_forever=data["ban"] == "forever"),
                    _("%(name)s was removed; their open ladder games were resigned.") % {
                        "name": entry.user.username}):
                return self._back(ladder)
        return self._page(
            request, ladder, _("Remove %(name)s from %(ladder)s?") % {
                "name": entry.user.username, "ladder": ladder.name}, form,
            note=_removal_note(ladder, entry))

    def invite_view(self, request: HttpRequest, ladder_id: int) -> HttpResponse:
        ladder = self._ladder(request, ladder_id)
        form = UserForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            user = form.cleaned_data["username"]
            if _run(request, lambda: services.invite(ladder.pk, request.user, user),
                    _("%(name)s is invited.") % {"name": user.username}):
                return self._back(ladder)
        return self._page(request, ladder, _("Invite a player to %(name)s") % {
            "name": ladder.name}, form)

    def announce_view(self, request: HttpRequest, ladder_id: int) -> HttpResponse:
        ladder = self._ladder(request, ladder_id)
        form = AnnounceForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            if _run(request, lambda: services.announce(ladder.pk, request.user,
                                                       form.cleaned_data["text"]),
                    _("The announcement is on the ladder page.")):
                return self._back(ladder)
        return self._page(request, ladder, _("An announcement for %(name)s") % {
            "name": ladder.name}, form)

    def next_season_view(self, request: HttpRequest, ladder_id: int) -> HttpResponse:
        ladder = self._ladder(request, ladder_id)
        form = NextSeasonForm(request.POST or None, initial={
            "name": f"{ladder.name} ({ladder.season + 1})"})
        if request.method == "POST" and form.is_valid():
            made: list[Ladder] = []
            if _run(request, lambda: made.append(services.next_season(
                    ladder.pk, request.user, name=form.cleaned_data["name"],
                    keep_order=form.cleaned_data["keep_order"])),
                    _("The next season has started; this one is closed.")):
                return redirect("admin:ladders_ladder_change", made[0].pk)
        return self._page(request, ladder, _("Start the next season of %(name)s") % {
            "name": ladder.name}, form)


def _removal_note(ladder: Ladder, entry: LadderEntry) -> str:
    """What removing the player does to their games in progress (it cannot be undone)."""
    count = len(services.open_games(ladder, entry.user_id))
    if not count:
        return _("%(name)s has no ladder game in progress; the players below move up one.") % {
            "name": entry.user.username}
    if ladder.rate_removals:
        text = ngettext(
            "%(name)s has %(count)s ladder game in progress: it will be resigned and lost, "
            "rated (this ladder rates removals). This cannot be undone.",
            "%(name)s has %(count)s ladder games in progress: they will be resigned and lost, "
            "rated (this ladder rates removals). This cannot be undone.", count)
    else:
        text = ngettext(
            "%(name)s has %(count)s ladder game in progress: it will be resigned and lost, "
            "unrated. This cannot be undone.",
            "%(name)s has %(count)s ladder games in progress: they will be resigned and lost, "
            "unrated. This cannot be undone.", count)
    return text % {"name": entry.user.username, "count": count}


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

    actions = ["remove_selected", "move_selected", "notify_selected"]
    readonly_fields = ("ladder", "user", "position", "joined_at", "last_active_at")

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return request.user.has_perm("ladders.change_ladder")

    def _bulk_page(self, request: HttpRequest, queryset, form, action: str, title: str):
        context = {**self.admin_site.each_context(request), "opts": self.model._meta,
                   "title": title, "form": form, "action": action,
                   "entries": queryset.select_related("user", "ladder")}
        return TemplateResponse(request, "ladders/admin/bulk.html", context)

    @admin.action(description=gettext_lazy("Remove the selected players"),
                  permissions=["change"])
    def remove_selected(self, request: HttpRequest, queryset):
        form = RemovePlayerForm(request.POST if "apply" in request.POST else None)
        if "apply" in request.POST and form.is_valid():
            data = form.cleaned_data
            for entry in queryset.select_related("user"):
                _run(request, lambda entry=entry: services.remove_player(
                    entry.ladder_id, request.user, entry.user, data["reason"],
                    ban_days=data["days"] if data["ban"] == "days" else None,
                    ban_forever=data["ban"] == "forever"),
                     _("%(name)s was removed.") % {"name": entry.user.username})
            return None
        return self._bulk_page(request, queryset, form, "remove_selected",
                               _("Remove the selected players"))

    @admin.action(description=gettext_lazy("Move the selected players"),
                  permissions=["change"])
    def move_selected(self, request: HttpRequest, queryset):
        form = MovePlayerForm(request.POST if "apply" in request.POST else None)
        if "apply" in request.POST and form.is_valid():
            position = form.cleaned_data["position"]
            for offset, entry in enumerate(queryset.select_related("user").order_by("position")):
                _run(request, lambda entry=entry, offset=offset: services.move_player(
                    entry.ladder_id, request.user, entry.user, position + offset),
                     _("%(name)s was moved.") % {"name": entry.user.username})
            return None
        return self._bulk_page(request, queryset, form, "move_selected",
                               _("Move the selected players (in order, from a position)"))

    @admin.action(description=gettext_lazy("Send a notice to the selected players"),
                  permissions=["change"])
    def notify_selected(self, request: HttpRequest, queryset):
        from notices.service import send

        form = NotifyForm(request.POST if "apply" in request.POST else None)
        if "apply" in request.POST and form.is_valid():
            for entry in queryset.select_related("user", "ladder"):
                send(entry.user, "ladder_message", ladder=entry.ladder.name,
                     url=reverse("ladder_detail", args=[entry.ladder_id]),
                     text=form.cleaned_data["text"])
            messages.success(request, _("The notice is sent."))
            return None
        return self._bulk_page(request, queryset, form, "notify_selected",
                               _("Send a notice to the selected players"))


@admin.register(LadderBan)
class LadderBanAdmin(ReadOnlyAdmin):
    list_display = ("ladder", "user", "until", "reason", "by", "at")
    list_filter = (BanSeasonFilter, "ladder")
    search_fields = ("user__username",)
    actions = ["lift"]

    @admin.action(description=gettext_lazy("Lift the selected bans"))
    def lift(self, request: HttpRequest, queryset) -> None:
        for ban in queryset.select_related("user"):
            _run(request, lambda ban=ban: services.lift_ban(ban.ladder_id, request.user,
                                                             ban.user),
                 _("The ban of %(name)s is lifted.") % {"name": ban.user.username})

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return request.user.has_perm("ladders.change_ladder") and obj is None


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
