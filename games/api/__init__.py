"""The HTTP API: views (one module per resource), serializers, schema, docs page, urls.
Thin adapters over games.core (and the lobby, learning and social rooms); nothing
below imports it."""
