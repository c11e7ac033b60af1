"""The ladder API, mounted at /api/ladders/."""

from django.urls import path

from ladders import api

urlpatterns = [
    path("", api.LadderListView.as_view(), name="api-ladders"),
    path("<int:ladder_id>/", api.LadderStandingsView.as_view(), name="api-ladder"),
    path("<int:ladder_id>/events/", api.LadderEventsView.as_view(), name="api-ladder-events"),
    path("<int:ladder_id>/join/", api.LadderJoinView.as_view(), name="api-ladder-join"),
    path("<int:ladder_id>/leave/", api.LadderLeaveView.as_view(), name="api-ladder-leave"),
    path("<int:ladder_id>/challenge/", api.LadderChallengeView.as_view(),
         name="api-ladder-challenge"),
]
