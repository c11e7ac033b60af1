"""GET /api/games/: my games, filtered by status, or the ones waiting for me."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from games.core import services
from games.models import Seat
from tests.api.helpers import finish

pytestmark = pytest.mark.django_db


def _ids(response) -> list[int]:
    return [game["id"] for game in response.json()["results"]]


def test_it_lists_my_games_newest_change_first(alice, bob, carol, client_for):
    first = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    second = services.start_match("druidenwalzer", {"moon": carol, "sun": alice})
    services.start_match("druidenwalzer", {"moon": bob, "sun": carol})  # not mine
    response = client_for(alice).get("/api/games/")
    assert response.status_code == 200
    body = response.json()
    assert (body["count"], body["limit"], body["offset"]) == (2, 50, 0)
    assert _ids(response) == [second.pk, first.pk]
    summary = body["results"][0]
    assert summary["viewer"] == "sun" and summary["to_move"] == ["moon"]
    assert "view" not in summary and "legal_moves" not in summary


def test_it_filters_by_status_and_pages(alice, bob, client_for):
    active = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    done = finish(services.start_match("druidenwalzer", {"moon": alice, "sun": bob}))
    client = client_for(alice)
    assert _ids(client.get("/api/games/?status=active")) == [active.pk]
    finished = client.get("/api/games/?status=finished").json()["results"]
    assert [g["id"] for g in finished] == [done.pk]
    assert finished[0]["result"]["winner"] == "sun" and "seed" in finished[0]
    page = client.get("/api/games/?limit=1&offset=1").json()
    assert page["count"] == 2 and len(page["results"]) == 1


def test_it_orders_the_games_waiting_for_me_by_time_left(alice, bob, carol, client_for):
    later = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    sooner = services.start_match("druidenwalzer", {"moon": alice, "sun": carol})
    services.start_match("druidenwalzer", {"moon": bob, "sun": alice})  # bob to move
    now = timezone.now()
    Seat.objects.filter(match=later, seat="moon").update(deadline=now + timedelta(days=2))
    Seat.objects.filter(match=sooner, seat="moon").update(deadline=now + timedelta(hours=3))
    response = client_for(alice).get("/api/games/?turn=mine")
    assert _ids(response) == [sooner.pk, later.pk]
    assert client_for(alice).get("/api/games/?turn=mine&status=finished").json()["count"] == 0


@pytest.mark.parametrize("query", ["status=over", "turn=theirs", "limit=0", "limit=x",
                                   "offset=-1"])
def test_it_names_a_bad_parameter(alice, client_for, query):
    response = client_for(alice).get(f"/api/games/?{query}")
    assert response.status_code == 400
    assert query.split("=")[0] in response.json()["fields"]


def test_it_needs_a_login(db):
    assert APIClient().get("/api/games/").status_code == 401
