"""The tournament API, mounted at /api/tournaments/."""

from django.urls import path

from tournaments import api, director_api

urlpatterns = [
    path("", api.TournamentListView.as_view(), name="api-tournaments"),
    path("<int:tournament_id>/", api.TournamentDetailView.as_view(), name="api-tournament"),
    path("<int:tournament_id>/register/", api.TournamentRegisterView.as_view(),
         name="api-tournament-register"),
    path("<int:tournament_id>/withdraw/", api.TournamentWithdrawView.as_view(),
         name="api-tournament-withdraw"),
    # The directors' actions, one per action of the page's director form.
    *[path(f"<int:tournament_id>/director/{name}/", view.as_view(),
           name=f"api-tournament-director-{name}")
      for name, view in director_api.VIEWS.items()],
]
