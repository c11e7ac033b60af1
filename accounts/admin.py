"""The admin of players' accounts: preferences, vacation and AI players at a glance."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.models import User


class OnVacationFilter(admin.SimpleListFilter):
    title = _("on vacation")
    parameter_name = "on_vacation"

    def lookups(self, request: HttpRequest, model_admin) -> list[tuple[str, str]]:
        return [("yes", _("Yes")), ("no", _("No"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> QuerySet[User]:
        if self.value() == "yes":
            return queryset.filter(vacation_since__isnull=False)
        if self.value() == "no":
            return queryset.filter(vacation_since__isnull=True)
        return queryset


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = (
        "username", "email", "is_bot", "is_staff", "is_active", "notify", "on_vacation",
        "date_joined", "last_login",
    )
    list_filter = ("is_bot", "is_staff", "is_active", "notify", OnVacationFilter, "language")
    search_fields = ("username", "email", "first_name", "last_name")
    ordering = ("username",)
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        (_("Preferences"), {"fields": ("notify", "language")}),
        (
            _("Vacation"),
            {"fields": ("vacation_since", "vacation_year", "vacation_used_seconds")},
        ),
        (_("AI player"), {"fields": ("is_bot", "bot_level", "bot_description")}),
    )

    @admin.display(boolean=True, description=_("on vacation"))
    def on_vacation(self, user: User) -> bool:
        return user.on_vacation
