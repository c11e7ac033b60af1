"""/healthz?probe=1 queues a task: only for staff, or with the probe token.

Anyone may ask /healthz how the site is; queueing work is not for anyone.
HEALTH_PROBE_TOKEN (unset by default) lets a monitor send the probe with the
header X-Health-Probe-Token; a staff session may too. Others get a 403 that
says why, and nothing is queued.
"""

from unittest import mock

import pytest

from tests.health import mark_worker_and_beat_alive

pytestmark = pytest.mark.django_db

TOKEN = "probe-token-0123456789abcdef"


@pytest.fixture(autouse=True)
def worker_running():
    mark_worker_and_beat_alive()  # with services: a worker and beat ran
    with mock.patch("druidsite.embedded.is_running", return_value=True):
        yield


@pytest.fixture
def queued():
    with mock.patch("druidsite.tasks.probe.delay") as delay:
        yield delay


def test_it_refuses_the_probe_to_a_visitor_and_queues_nothing(client, queued, settings):
    settings.HEALTH_PROBE_TOKEN = TOKEN
    for headers in ({}, {"HTTP_X_HEALTH_PROBE_TOKEN": "wrong"},
                    {"HTTP_X_HEALTH_PROBE_TOKEN": ""}):
        answer = client.get("/healthz?probe=1", **headers)
        assert answer.status_code == 403
        assert "staff" in answer.json()["error"] and "X-Health-Probe-Token" in (
            answer.json()["error"])
    assert not queued.called


def test_it_refuses_any_token_while_none_is_configured(client, queued, settings):
    settings.HEALTH_PROBE_TOKEN = None
    answer = client.get("/healthz?probe=1", HTTP_X_HEALTH_PROBE_TOKEN="None")
    assert answer.status_code == 403 and not queued.called


def test_it_refuses_a_player_who_is_not_staff(client, alice, queued):
    client.force_login(alice)
    assert client.get("/healthz?probe=1").status_code == 403
    assert not queued.called


def test_it_queues_the_probe_for_the_token(client, queued, settings):
    settings.HEALTH_PROBE_TOKEN = TOKEN
    answer = client.get("/healthz?probe=1", HTTP_X_HEALTH_PROBE_TOKEN=TOKEN)
    assert answer.status_code == 200
    queued.assert_called_once_with(answer.json()["probe"])


def test_it_queues_the_probe_for_staff(client, staff, queued):
    client.force_login(staff)
    answer = client.get("/healthz?probe=1")
    assert answer.status_code == 200 and queued.call_count == 1


def test_it_still_reports_health_to_anyone(client, queued):
    answer = client.get("/healthz")
    assert answer.status_code == 200 and "probe" not in answer.json()
    assert not queued.called


def test_it_says_why_in_dutch_too(client):
    answer = client.get("/healthz?probe=1", HTTP_ACCEPT_LANGUAGE="nl")
    assert answer.status_code == 403 and "beheerders" in answer.json()["error"]
