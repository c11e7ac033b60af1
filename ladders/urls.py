"""Ladder pages and the leaderboard (admin work is in the Django admin)."""

from django.urls import include, path

from ladders import export, views

urlpatterns = [
    path("ladders/", views.ladder_list, name="ladder_list"),
    path("ladders/<int:ladder_id>/", views.ladder_detail, name="ladder_detail"),
    path("ladders/<int:ladder_id>/join/", views.join, name="ladder_join"),
    path("ladders/<int:ladder_id>/leave/", views.leave, name="ladder_leave"),
    path("ladders/<int:ladder_id>/challenge/", views.challenge, name="ladder_challenge"),
    path("ladders/<int:ladder_id>/export.<str:fmt>", export.export, name="ladder_export"),
    path("leaderboard/", views.leaderboard, name="leaderboard"),
    path("api/ladders/", include("ladders.api_urls")),
]
