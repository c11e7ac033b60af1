"""The ladders' records in the admin: announcements, invitations, the audit log,
ratings and rating changes. The site's services write them; here they are listed and
read, never edited (``druidsite.admin_audit.ReadOnlyAdmin``)."""

from __future__ import annotations

from django.contrib import admin
from django.utils.translation import gettext_lazy

from druidsite.admin_audit import ReadOnlyAdmin
from ladders.models import Announcement, LadderAudit, LadderInvite, Rating, RatingChange


@admin.register(Announcement)
class AnnouncementAdmin(ReadOnlyAdmin):
    list_display = ("at", "ladder", "by", "text")
    list_filter = ("ladder",)


@admin.register(LadderInvite)
class LadderInviteAdmin(ReadOnlyAdmin):
    list_display = ("at", "ladder", "user", "by")
    list_filter = ("ladder",)


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
