"""The tournament API, mounted at /api/tournaments/."""

from django.urls import path

from tournaments import api

urlpatterns = [
    path("", api.TournamentListView.as_view(), name="api-tournaments"),
    path("<int:tournament_id>/", api.TournamentDetailView.as_view(), name="api-tournament"),
    path("<int:tournament_id>/register/", api.TournamentRegisterView.as_view(),
         name="api-tournament-register"),
    path("<int:tournament_id>/withdraw/", api.TournamentWithdrawView.as_view(),
         name="api-tournament-withdraw"),
]
