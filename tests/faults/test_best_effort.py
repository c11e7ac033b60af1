"""Without a broker or a cache, a move still stands: follow-up tasks are queued on a
best-effort basis, the AI's lost tasks are queued again by the beat task, and the
API's throttles let requests through. (No service needed: the failures are made up.)"""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from kombu.exceptions import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from games import tasks
from games.ai_players import tasks as ai_tasks
from games.ai_players.bots import bot_for_level, ensure_bot_accounts
from games.core import services
from games.models import Challenge, Match
from tests.conftest import embedded_env, manage
from tests.games.helpers import first_legal, new_game

pytestmark = pytest.mark.django_db


def broker_down(*args, **kwargs):
    raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


@pytest.fixture
def queued(monkeypatch) -> list[tuple[str, tuple, dict]]:
    """The tasks queued, recorded instead of sent."""
    sent: list[tuple[str, tuple, dict]] = []
    for task in (tasks.bot_move, tasks.bot_accept, tasks.notify_turn):
        monkeypatch.setattr(task, "apply_async", lambda args, _name=task.name, **options:
                            sent.append((_name, tuple(args), options)))
    return sent


@pytest.fixture
def ai_game(alice) -> Match:
    ensure_bot_accounts()
    return services.start_match("druidenwalzer", {"moon": alice, "sun": bot_for_level("random")},
                                seed=3, days_per_move=1)


def test_a_resignation_stands_when_its_settling_cannot_be_queued(
        alice, bob, monkeypatch, caplog, django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    monkeypatch.setattr(tasks.settle_result, "apply_async", broker_down)
    with caplog.at_level(logging.WARNING, "druidsite.enqueue"), \
            django_capture_on_commit_callbacks(execute=True):
        services.resign(match.pk, alice)
    assert Match.objects.get(pk=match.pk).is_over
    assert f"could not queue games.settle_result({match.pk}, 1)" in caplog.text


def test_a_move_stands_when_the_ais_answer_cannot_be_queued(
        ai_game, alice, monkeypatch, caplog, no_turn_mails, django_capture_on_commit_callbacks):
    monkeypatch.setattr(tasks.bot_move, "apply_async", broker_down)
    with caplog.at_level(logging.WARNING, "druidsite.enqueue"), \
            django_capture_on_commit_callbacks(execute=True):
        services.play(ai_game.pk, alice, first_legal(ai_game), 0)
    assert Match.objects.get(pk=ai_game.pk).version == 1
    assert f"could not queue games.bot_move({ai_game.pk}, 1)" in caplog.text


def test_a_challenge_to_the_ai_stands_when_its_accept_cannot_be_queued(
        alice, monkeypatch, django_capture_on_commit_callbacks):
    ensure_bot_accounts()
    monkeypatch.setattr(tasks.bot_accept, "apply_async", broker_down)
    with django_capture_on_commit_callbacks(execute=True):
        challenge = services.create_challenge(alice, opponent=bot_for_level("random"))
    assert Challenge.objects.get(pk=challenge.pk).is_open


def test_follow_ups_are_sent_without_waiting_for_results():
    for task in (tasks.bot_move, tasks.bot_accept, tasks.notify_turn, tasks.requeue_bot_tasks,
                 tasks.settle_result, tasks.send_turn_mails):
        assert task.ignore_result, task.name


def test_the_beat_task_queues_again_what_the_ai_owes_for_over_a_minute(
        ai_game, alice, bob, queued, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.play(ai_game.pk, alice, first_legal(ai_game), 0)  # the AI owes v1
    human_game = new_game(alice, bob)  # owed by a person: never queued
    challenge = Challenge.objects.create(creator=alice, opponent=bot_for_level("random"))
    queued.clear()

    assert tasks.requeue_bot_tasks() == 0  # all of it is recent
    assert queued == []

    an_hour_ago = timezone.now() - timedelta(hours=1)
    Match.objects.filter(pk__in=[ai_game.pk, human_game.pk]).update(updated_at=an_hour_ago)
    Challenge.objects.filter(pk=challenge.pk).update(created_at=an_hour_ago)
    assert tasks.requeue_bot_tasks() == 2
    assert [(name, args, options.get("task_id")) for name, args, options in queued] == [
        ("games.bot_move", (ai_game.pk, 1), f"bot-{ai_game.pk}-1"),
        ("games.bot_accept", (challenge.pk,), None),
    ]


def test_the_requeue_runs_every_minute():
    entry = settings.CELERY_BEAT_SCHEDULE["requeue-bot-tasks"]
    assert entry["task"] == tasks.requeue_bot_tasks.name
    assert entry["schedule"] == timedelta(minutes=1)
    assert ai_tasks.requeue_missed.__defaults__[0] == 60


class DeadCache:
    def get(self, *args, **kwargs):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    set = get


def test_the_api_answers_while_the_throttles_cache_is_down(alice, bob, monkeypatch, caplog):
    match = new_game(alice, bob)
    monkeypatch.setattr(SimpleRateThrottle, "cache", DeadCache())
    client = APIClient(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    with caplog.at_level(logging.WARNING, "druidsite.throttling"):
        assert client.get("/api/me/").status_code == 200
        assert APIClient().get(f"/api/games/{match.pk}/").status_code == 200
    assert "UserRateThrottle skipped" in caplog.text
    assert "AnonRateThrottle skipped" in caplog.text


@pytest.mark.parametrize("value, expected", [("", (300, 10)), ("3", (3, 1)), ("45", (45, 4))])
def test_the_visibility_timeout_comes_from_the_environment(tmp_path, value, expected):
    shown = manage("shell", "-v", "0", "-c",
                   "from django.conf import settings; o = settings.CELERY_BROKER_TRANSPORT_OPTIONS;"
                   " print(o['visibility_timeout'], o['unacked_restore_interval'],"
                   " o['unacked_restore_throttle'])",
                   env=embedded_env(tmp_path, CELERY_VISIBILITY_TIMEOUT=value,
                                    EMBEDDED_WORKER="0"))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.split() == [str(expected[0]), str(expected[1]), "1"]


def test_a_bad_visibility_timeout_stops_the_start_naming_it(tmp_path):
    result = manage("check", env=embedded_env(tmp_path, CELERY_VISIBILITY_TIMEOUT="soon"))
    assert result.returncode != 0 and "CELERY_VISIBILITY_TIMEOUT" in result.stderr
