"""Throttling: generous for players and bots, tight for password guessing."""

from __future__ import annotations

import pytest
from django.conf import settings
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle, UserRateThrottle

from tests.api.helpers import post

pytestmark = pytest.mark.django_db


def test_it_configures_rates_for_visitors_players_and_tokens():
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert set(rates) == {"anon", "user", "token"}
    assert UserRateThrottle().parse_rate(rates["user"]) >= (600, 60)


def test_it_throttles_password_guessing(alice):
    client = APIClient()
    limit, _seconds = UserRateThrottle().parse_rate(
        settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["token"])
    # Another name each time: five failures for one name lock it (tests/security).
    for attempt in range(limit):
        assert post(client, "/api/token/", {"username": f"alice{attempt}", "password": "guess"}
                    ).status_code == 400
    response = post(client, "/api/token/", {"username": "alice", "password": "guess"})
    assert response.status_code == 429
    assert response.json()["code"] == "throttled" and response["Retry-After"]


def test_it_throttles_a_flood_of_requests(alice, client_for, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"user": "3/minute",
                                                                "anon": "3/minute"})
    client = client_for(alice)
    assert [client.get("/api/me/").status_code for _ in range(4)] == [200, 200, 200, 429]
    assert client.get("/api/me/").json()["code"] == "throttled"
