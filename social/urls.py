from django.urls import path

from social import views

urlpatterns = [
    path("players/<str:username>/do/<str:action>/", views.player_action, name="player_action"),
    path("friends/", views.friends, name="friends"),
    path("moderation/", views.moderation, name="moderation"),
]
