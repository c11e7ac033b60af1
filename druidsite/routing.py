"""WebSocket routes of every app."""

from django.urls import path

from druidsite.consumers import HealthConsumer
from games.routing import websocket_urlpatterns as game_routes

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    *game_routes,
]
