"""Delivering pushes: a gone device deleted, a failing service tried a bounded number of
times, quiet hours held until they end, the kinds and presence respected."""

import json
from datetime import UTC, datetime, time

import http_ece
import pytest
from django.core.cache import cache

from druidsite.realtime import presence_key, watching_key
from games.realtime import notifications
from notices import push
from notices.models import PushPreferences, PushSubscription
from notices.service import send
from notices.tasks import MAX_TRIES
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def notify_moon(match, capture):
    with capture(execute=True):
        notifications.notify_turn(match.seats.get(seat="moon").pk, match.version)


def test_it_deletes_a_device_the_service_reports_gone(alice, bob, device, push_service, worker,
                                                      django_capture_on_commit_callbacks):
    push_service.status = 410
    notify_moon(new_game(alice, bob), django_capture_on_commit_callbacks)
    assert worker == ["gone"]
    assert not PushSubscription.objects.exists()


def test_it_gives_up_a_failing_service_after_a_bounded_number_of_tries(
        alice, bob, device, push_service, worker, django_capture_on_commit_callbacks):
    push_service.status = 503
    match = new_game(alice, bob)
    version = match.version
    notify_moon(match, django_capture_on_commit_callbacks)
    assert len(push_service.received) == MAX_TRIES
    assert PushSubscription.objects.filter(pk=device.pk).exists()
    match.refresh_from_db()
    assert match.version == version and match.status == "active"  # the game is untouched


def test_it_sends_on_a_retry_after_a_failure(alice, bob, device, push_service, worker,
                                             django_capture_on_commit_callbacks):
    push_service.statuses = [500]
    notify_moon(new_game(alice, bob), django_capture_on_commit_callbacks)
    assert len(push_service.received) == 2


def test_a_refused_connection_never_reaches_the_move(alice, bob, device, worker,
                                                     django_capture_on_commit_callbacks):
    device.endpoint = "http://127.0.0.1:9/closed"
    device.save()
    notify_moon(new_game(alice, bob), django_capture_on_commit_callbacks)
    assert worker == ["given up"]


def test_it_pushes_nothing_while_the_player_watches(alice, bob, device, push_service, worker,
                                                    django_capture_on_commit_callbacks):
    match = new_game(alice, bob)
    cache.set(watching_key(alice.pk, match.pk), True, 60)
    try:
        notify_moon(match, django_capture_on_commit_callbacks)
    finally:
        cache.delete(watching_key(alice.pk, match.pk))
    assert push_service.received == []


def test_it_pushes_a_turn_while_another_page_is_open(alice, bob, device, push_service, worker,
                                                     django_capture_on_commit_callbacks):
    other = new_game(alice, bob)
    cache.set(presence_key(alice.pk), True, 60)
    cache.set(watching_key(alice.pk, other.pk), True, 60)  # looking at another game
    try:
        notify_moon(new_game(alice, bob), django_capture_on_commit_callbacks)
    finally:
        cache.delete_many([presence_key(alice.pk), watching_key(alice.pk, other.pk)])
    assert len(push_service.received) == 1


def test_it_pushes_no_kind_the_player_turned_off(alice, bob, device, push_service, worker,
                                                 django_capture_on_commit_callbacks):
    PushPreferences.objects.create(user=alice, off_kinds=["your_turn"])
    notify_moon(new_game(alice, bob), django_capture_on_commit_callbacks)
    assert push_service.received == []


def test_it_pushes_a_challenge(alice, device, push_service, worker, browser,
                               django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        send(alice, "challenge_offered", url="/challenges/", name="bob")
    [(_headers, body)] = push_service.received
    message = json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                          auth_secret=browser.auth, version="aes128gcm"))
    assert (message["body"], message["url"]) == ("bob challenges you.", "/challenges/")


def test_it_never_pushes_a_kind_outside_the_list(alice, device, push_service, worker,
                                                 django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        send(alice, "ladder_moved", ladder="L", was=2, position=1)
    assert push_service.received == []


def test_quiet_hours_hold_pushes_until_morning_then_send_one_summary(
        alice, bob, device, push_service, worker, browser, django_capture_on_commit_callbacks,
        monkeypatch):
    PushPreferences.objects.create(user=alice, quiet_from=time(22), quiet_until=time(7),
                                   time_zone="Europe/Amsterdam")
    night = datetime(2026, 12, 5, 23, 30, tzinfo=UTC)  # 00:30 in Amsterdam
    monkeypatch.setattr("notices.service.timezone.now", lambda: night)
    with django_capture_on_commit_callbacks(execute=True):
        send(alice, "challenge_offered", url="/challenges/", name="bob")
        send(alice, "rematch_offered", url="/challenges/", name="bob", previous=3)
    assert push_service.received == []
    assert push.release_held(night) == 0  # still night
    morning = datetime(2026, 12, 6, 6, 5, tzinfo=UTC)  # 07:05 in Amsterdam
    assert push.release_held(morning) == 1
    [(_headers, body)] = push_service.received
    message = json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                          auth_secret=browser.auth, version="aes128gcm"))
    assert message["body"] == "2 notices came in during your quiet hours."
    assert message["url"] == "/notices/"
    assert push.release_held(morning) == 0  # sent once


def test_a_challenge_made_on_the_site_is_pushed(alice, bob, device, push_service, worker,
                                                django_capture_on_commit_callbacks):
    from games.core import services

    with django_capture_on_commit_callbacks(execute=True):
        services.create_challenge(bob, opponent=alice)
    assert len(push_service.received) == 1
