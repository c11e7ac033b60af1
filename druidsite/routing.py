"""WebSocket routes of every app."""

from django.urls import path

from druidsite.consumers import HealthConsumer

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
]
