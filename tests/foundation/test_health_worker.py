"""/healthz with services: 503, naming the part, when no worker has consumed the
heartbeat task recently or the beat is late; ok when both are fresh."""

import time
from unittest import mock

import pytest

from druidsite.beat import BEAT_KEY
from druidsite.tasks import HEARTBEAT_KEY

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def services(settings):
    # The services shape, with the broker and channel layer answering.
    settings.EMBEDDED_SERVICES = False
    settings.WORKER_STALE_SECONDS = 105
    settings.BEAT_STALE_SECONDS = 60
    with mock.patch("druidsite.health.check_broker", return_value={"backend": "redis"}), \
            mock.patch("druidsite.health.check_channel_layer", return_value={}):
        yield


@pytest.fixture
def marks(settings):
    from django.core.cache import cache

    def mark(worker_age: float | None, beat_age: float | None) -> None:
        now = time.time()
        for key, age in ((HEARTBEAT_KEY, worker_age), (BEAT_KEY, beat_age)):
            if age is None:
                cache.delete(key)
            else:
                cache.set(key, now - age, timeout=3600)

    yield mark
    cache.delete_many([HEARTBEAT_KEY, BEAT_KEY])


def test_it_is_ok_with_a_fresh_worker_and_beat(client, marks):
    marks(worker_age=3, beat_age=1)
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["worker"]["ok"] and body["beat"]["ok"]


def test_it_answers_503_naming_the_worker_when_none_ever_ran(client, marks):
    marks(worker_age=None, beat_age=1)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["worker"]["ok"] is False
    assert "worker" in body["worker"]["error"]
    assert body["beat"]["ok"] is True


def test_it_answers_503_naming_the_worker_when_it_stopped(client, marks):
    marks(worker_age=200, beat_age=1)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "for 200 s" in response.json()["worker"]["error"]


def test_it_answers_503_naming_the_beat_when_it_is_late(client, marks):
    marks(worker_age=3, beat_age=90)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["worker"]["ok"] is True
    assert body["beat"]["ok"] is False
    assert "beat is late" in body["beat"]["error"]


def test_the_beat_marks_its_ticks_and_queues_a_first_heartbeat(marks):
    from django.core.cache import cache

    from druidsite.beat import HeartbeatScheduler

    marks(worker_age=None, beat_age=None)
    scheduler = HeartbeatScheduler.__new__(HeartbeatScheduler)
    scheduler.app = mock.Mock()
    with mock.patch("celery.beat.PersistentScheduler.tick", return_value=30.0):
        assert scheduler.tick() == 5.0
        scheduler.tick()
    assert time.time() - cache.get(BEAT_KEY) < 5
    scheduler.app.send_task.assert_called_once_with("druidsite.heartbeat")
