"""GET /api/me/: who the caller is and how many games wait for them."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.core import services
from tests.api.helpers import advance

pytestmark = pytest.mark.django_db


def test_it_counts_the_games_waiting_for_me(alice, bob, carol, client_for):
    services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    second = services.start_match("druidenwalzer", {"moon": carol, "sun": alice})
    advance(second, 1)  # carol moved: alice owes a move there too
    services.start_match("druidenwalzer", {"moon": bob, "sun": alice})  # bob to move
    assert client_for(alice).get("/api/me/").json() == {
        "username": "alice", "your_turn": 2, "active_games": 3,
    }
    assert client_for(bob).get("/api/me/").json()["your_turn"] == 1


def test_it_needs_a_login(db):
    response = APIClient().get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "not_authenticated"
