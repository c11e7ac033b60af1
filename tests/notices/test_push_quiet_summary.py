"""Quiet hours: what was held is sent as one summary when they end, without the turns the
player answered in the meantime (nothing at all when that was everything)."""

import json
from datetime import UTC, datetime, time

import http_ece
import pytest

from games.realtime import notifications
from notices import push
from notices.models import PushPreferences
from notices.service import send
from tests.games.helpers import new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

NIGHT = datetime(2026, 12, 5, 23, 30, tzinfo=UTC)  # 00:30 in Amsterdam
MORNING = datetime(2026, 12, 6, 6, 5, tzinfo=UTC)  # 07:05 there


@pytest.fixture
def quiet(alice):
    return PushPreferences.objects.create(user=alice, quiet_from=time(22), quiet_until=time(7),
                                          time_zone="Europe/Amsterdam")


def night_turn(match, capture):
    with capture(execute=True):
        notifications.notify_turn(match.seats.get(seat="moon").pk, match.version, NIGHT)


def test_a_turn_answered_in_the_night_is_not_in_the_morning(
        alice, bob, quiet, device, push_service, worker, django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    night_turn(match, django_capture_on_commit_callbacks)
    quiet.refresh_from_db()
    assert quiet.held == [{"kind": "your_turn", "url": f"/games/{match.pk}/",
                           "match": match.pk}]
    play_first(match)  # alice played on her computer before morning
    assert push.release_held(MORNING) == 0
    assert push_service.received == []
    quiet.refresh_from_db()
    assert quiet.held == []  # and it is not kept for later


def test_the_summary_counts_only_what_is_still_worth_telling(
        alice, bob, quiet, device, push_service, worker, browser, monkeypatch,
        django_capture_on_commit_callbacks):
    answered, waiting = new_game(alice, bob), new_game(alice, bob)
    night_turn(answered, django_capture_on_commit_callbacks)
    night_turn(waiting, django_capture_on_commit_callbacks)
    monkeypatch.setattr("notices.service.timezone.now", lambda: NIGHT)
    with django_capture_on_commit_callbacks(execute=True):
        send(alice, "challenge_offered", url="/challenges/", name="bob")
    play_first(answered)
    assert push.release_held(NIGHT) == 0  # still night: nothing yet
    assert push.release_held(MORNING) == 1
    [(_headers, body)] = push_service.received
    message = json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                          auth_secret=browser.auth, version="aes128gcm"))
    assert message["body"] == "2 notices came in during your quiet hours."
    assert message["url"] == f"/games/{waiting.pk}/"  # the turn still owed
    assert push.release_held(MORNING) == 0  # sent once


def test_held_pushes_are_bounded(alice, quiet, device, push_service, worker, monkeypatch,
                                 django_capture_on_commit_callbacks):
    monkeypatch.setattr("notices.service.timezone.now", lambda: NIGHT)
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(push.HELD_AT_MOST + 5):
            send(alice, "challenge_offered", url="/challenges/", name="bob")
    quiet.refresh_from_db()
    assert len(quiet.held) == push.HELD_AT_MOST and push_service.received == []
