"""The admin of players' accounts: preferences, vacation and AI players at a glance."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.usernames import validate_new_username


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


class NewUsernameRules:
    """A name given in the admin follows the rules of signing up (accounts.usernames);
    a name left as it was is kept, even one taken before the rules."""

    def clean_username(self) -> str:
        parent = getattr(super(), "clean_username", None)
        name = parent() if parent is not None else self.cleaned_data["username"]
        instance = getattr(self, "instance", None)
        pk = instance.pk if instance is not None else None
        if pk is not None and name == self.initial.get("username"):
            return name
        return validate_new_username(name, exclude_pk=pk)


class UserAddForm(NewUsernameRules, AdminUserCreationForm):
    pass


class UserEditForm(NewUsernameRules, UserChangeForm):
    pass


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    add_form = UserAddForm
    form = UserEditForm
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
