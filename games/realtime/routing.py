"""WebSocket routes of the game layer."""

from django.urls import path

from games.realtime.consumers import LobbyConsumer, MatchConsumer, UserConsumer

websocket_urlpatterns = [
    path("ws/games/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/me/", UserConsumer.as_asgi()),
]
