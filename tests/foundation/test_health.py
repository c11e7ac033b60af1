"""/healthz reports the database, channel layer and broker; 503 when one fails."""

from unittest import mock

import pytest

from tests.health import mark_worker_and_beat_alive

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def worker_running():
    # The in-process worker runs inside the web server, not in the test process.
    mark_worker_and_beat_alive()  # with services: a worker and beat ran
    with mock.patch("druidsite.embedded.is_running", return_value=True):
        yield


def test_it_reports_every_part_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    for part in ("database", "channel_layer", "broker"):
        assert body[part]["ok"] is True


def test_it_answers_503_when_the_database_fails(client):
    with mock.patch("druidsite.health.check_database", side_effect=RuntimeError("db down")):
        response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["database"] == {"ok": False, "error": "RuntimeError: db down"}
    assert body["status"] == "failing"


def test_it_answers_503_when_the_broker_fails(client):
    with mock.patch("druidsite.health.check_broker", side_effect=ConnectionError("refused")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["broker"]["ok"] is False


def test_it_refuses_other_methods(client):
    assert client.post("/healthz").status_code == 405


def test_it_shows_the_site_name_on_the_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"druidsite" in response.content
