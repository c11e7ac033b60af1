"""Filters of the ladders' admin lists."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy

RUNNING, CLOSED, ALL = "running", "closed", "all"


class BanSeasonFilter(admin.SimpleListFilter):
    """The bans list shows the bans of running ladders unless asked otherwise: a ban
    carried from season to season is one row per season, and only the running
    season's keeps anyone off (a closed season can be joined by nobody), so a carried
    ban shows once. A link to one ladder's bans (the ladder's "Bans") shows them all."""

    title = gettext_lazy("season")
    parameter_name = "season"

    def lookups(self, request: HttpRequest, model_admin):
        return [(RUNNING, gettext_lazy("running ladders")),
                (CLOSED, gettext_lazy("closed seasons")), (ALL, gettext_lazy("all"))]

    def __init__(self, request: HttpRequest, params, model, model_admin) -> None:
        super().__init__(request, params, model, model_admin)
        self.chosen = self.value() or (
            ALL if request.GET.get("ladder__id__exact") else RUNNING)

    def choices(self, changelist):
        for value, title in self.lookup_choices:
            yield {"selected": self.chosen == value, "display": title,
                   "query_string": changelist.get_query_string({self.parameter_name: value})}

    def queryset(self, request: HttpRequest, queryset):
        if self.chosen == RUNNING:
            return queryset.exclude(ladder__status="closed")
        if self.chosen == CLOSED:
            return queryset.filter(ladder__status="closed")
        return queryset
