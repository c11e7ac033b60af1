"""Fixtures of the API tests: clients, a game, no turn mails, fresh throttles.

The players (alice and bob play, carol is an outsider, staff an admin who is
a spectator like anyone else in a game) come from tests/conftest.py.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from django.core.cache.backends.locmem import LocMemCache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games.core import services
from games.models import Match


@pytest.fixture(autouse=True)
def quiet_turn_mails(no_turn_mails) -> None:
    """Turn mails (queued by services after commit, with a countdown) are not sent."""


@pytest.fixture(autouse=True)
def fresh_throttles(monkeypatch) -> None:
    """Each test starts with empty throttle histories, whatever the cache backend."""
    monkeypatch.setattr(SimpleRateThrottle, "cache", LocMemCache(f"api-{uuid.uuid4()}", {}))


@pytest.fixture
def client_for(db) -> Callable[..., APIClient]:
    """A token client of a user; ``client_for(None)`` is an anonymous client."""

    def make(user=None) -> APIClient:
        client = APIClient()
        if user is not None:
            token, _created = Token.objects.get_or_create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make


@pytest.fixture
def game(alice, bob) -> Match:
    """A fresh game: alice is moon (to move), bob is sun."""
    return services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
