"""Vacation from the settings page: start and stop pause and resume the player's clocks."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Seat
from tests.base import active_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def owing(alice, bob):
    """alice owes a move in a game against bob."""
    match = active_match(alice, bob, to_move=alice)
    return Seat.objects.get(match=match, user=alice)


def test_it_explains_the_rules_and_the_days_left(client, alice):
    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert "Every calendar year you have 30 days of vacation." in page
    assert 'id="vacation-left">30 days<' in page
    assert 'value="start"' in page


def test_it_follows_the_yearly_allowance_setting(client, alice, settings):
    settings.VACATION_DAYS_PER_YEAR = 10
    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert "you have 10 days of vacation" in page


def test_it_starts_a_vacation_and_pauses_the_clocks(client, alice, owing):
    client.force_login(alice)
    response = client.post("/settings/vacation/", {"action": "start"})
    assert response.status_code == 302
    alice.refresh_from_db()
    owing.refresh_from_db()
    assert alice.on_vacation
    assert owing.deadline is None and owing.paused_remaining is not None
    page = client.get("/settings/").content.decode()
    assert "Your vacation has started" in page
    assert 'value="stop"' in page


def test_it_ends_a_vacation_and_resumes_the_clocks(client, alice, owing):
    client.force_login(alice)
    client.post("/settings/vacation/", {"action": "start"})
    response = client.post("/settings/vacation/", {"action": "stop"})
    assert response.status_code == 302
    alice.refresh_from_db()
    owing.refresh_from_db()
    assert not alice.on_vacation
    assert owing.deadline is not None and owing.paused_remaining is None
    assert owing.deadline > timezone.now() + timedelta(days=2)
    assert "Your vacation has ended" in client.get("/settings/").content.decode()


def test_it_refuses_a_vacation_when_none_is_left(client, alice, owing):
    alice.vacation_year = timezone.now().year
    alice.vacation_used_seconds = 30 * 86400
    alice.save()
    client.force_login(alice)
    page = client.get("/settings/").content.decode()
    assert 'value="start" disabled' in page
    client.post("/settings/vacation/", {"action": "start"})
    alice.refresh_from_db()
    assert not alice.on_vacation
    assert "no vacation days left" in client.get("/settings/").content.decode()


def test_it_refuses_a_second_start(client, alice):
    client.force_login(alice)
    client.post("/settings/vacation/", {"action": "start"})
    client.post("/settings/vacation/", {"action": "start"})
    assert "already on vacation" in client.get("/settings/").content.decode()


def test_it_needs_a_logged_in_post(client, alice):
    assert client.post("/settings/vacation/", {"action": "start"})["Location"].startswith(
        "/accounts/login/"
    )
    client.force_login(alice)
    assert client.get("/settings/vacation/").status_code == 405
