"""WebSocket routes of every app, and a refusal for every other path."""

from django.urls import path, re_path

from druidsite.consumers import HealthConsumer, NoSuchSocket
from games.realtime.routing import websocket_urlpatterns as game_routes
from ladders.consumers import LadderConsumer
from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    path("ws/ladders/<int:ladder_id>/", LadderConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/", TournamentConsumer.as_asgi()),
    *game_routes,
    # Last: any other path (a malformed game id too) is refused at the handshake,
    # instead of the router raising an error for each such request.
    re_path(r"", NoSuchSocket.as_asgi()),
]
