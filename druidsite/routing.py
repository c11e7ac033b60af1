"""WebSocket routes of every app."""

from django.urls import path

from druidsite.consumers import HealthConsumer
from games.routing import websocket_urlpatterns as game_routes
from ladders.consumers import LadderConsumer

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    path("ws/ladders/<int:ladder_id>/", LadderConsumer.as_asgi()),
    *game_routes,
]
