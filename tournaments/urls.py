"""Tournament pages (creating and editing a tournament is in the Django admin)."""

from django.urls import include, path

from tournaments import export, views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournament_list"),
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="tournament_detail"),
    path("tournaments/<int:tournament_id>/join/", views.join, name="tournament_join"),
    path("tournaments/<int:tournament_id>/leave/", views.leave, name="tournament_leave"),
    path("tournaments/<int:tournament_id>/admin/", views.admin_action,
         name="tournament_admin_action"),
    path("tournaments/<int:tournament_id>/export.<str:fmt>", export.export,
         name="tournament_export"),
    path("api/tournaments/", include("tournaments.api_urls")),
]
