"""Disputes in the admin: the open ones in one list, and a page to rule on each."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.core import disputes
from games.core.errors import ServiceError
from games.models import Dispute


class RulingForm(forms.Form):
    ruling = forms.ChoiceField(label=gettext_lazy("Ruling"), choices=[
        ("uphold", gettext_lazy("Uphold: the result stands")),
        ("correct", gettext_lazy("Correct the result")),
        ("annul", gettext_lazy("Annul the game: it counts for nothing")),
    ])
    winner = forms.ChoiceField(label=gettext_lazy("Winner (for a correction)"), required=False)
    reason = forms.CharField(label=gettext_lazy("Reason (the players read it)"),
                             max_length=disputes.MAX_REASON, widget=forms.Textarea)

    def __init__(self, *args, seats: list[str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = [("", _("nobody: a draw")), *((s, s) for s in seats)]


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin):
    list_display = ("created_at", "game_link", "user", "seat", "reason", "status", "decided_by",
                    "decision", "tools")
    list_filter = ("status",)
    search_fields = ("user__username", "reason")
    list_select_related = ("user", "decided_by", "match")
    readonly_fields = [f.name for f in Dispute._meta.fields]

    def has_add_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def changelist_view(self, request: HttpRequest, extra_context=None):
        if "status" not in request.GET and "status__exact" not in request.GET:
            query = request.GET.copy()
            query["status__exact"] = Dispute.Status.OPEN
            request.GET = query  # the open ones first: what needs a decision
        return super().changelist_view(request, extra_context)

    @admin.display(description=gettext_lazy("game"), ordering="match")
    def game_link(self, dispute: Dispute) -> str:
        return format_html('<a href="{}">#{}</a>', reverse("game", args=[dispute.match_id]),
                           dispute.match_id)

    @admin.display(description=gettext_lazy("manage"))
    def tools(self, dispute: Dispute) -> str:
        if dispute.status != Dispute.Status.OPEN:
            return ""
        return format_html('<a href="{}" class="decide-dispute">{}</a>',
                           reverse("admin:games_dispute_decide", args=[dispute.pk]), _("Decide"))

    def get_urls(self):
        return [path("<int:dispute_id>/decide/", self.admin_site.admin_view(self.decide_view),
                     name="games_dispute_decide"), *super().get_urls()]

    def decide_view(self, request: HttpRequest, dispute_id: int) -> HttpResponse:
        if not request.user.has_perm("games.change_dispute"):
            raise PermissionDenied
        dispute = get_object_or_404(Dispute.objects.select_related("match", "user"),
                                    pk=dispute_id)
        seats = list(dispute.match.seats.values_list("seat", flat=True))
        form = RulingForm(request.POST or None, seats=seats)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                disputes.rule(dispute.pk, request.user, data["ruling"], data["reason"],
                              data["winner"] or None)
            except ServiceError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("The ruling is recorded in the game; both players "
                                            "are told."))
                return redirect("admin:games_dispute_changelist")
        context = {**self.admin_site.each_context(request), "opts": self.model._meta,
                   "original": dispute, "form": form, "dispute": dispute,
                   "title": _("Rule on the dispute of game #%(id)s") % {"id": dispute.match_id}}
        return TemplateResponse(request, "games/admin/dispute_decide.html", context)
