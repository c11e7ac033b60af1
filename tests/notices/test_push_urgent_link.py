"""A notification opens the right game: a turn its own game, and the morning's summary of
several turns held in quiet hours the game with the least time left."""

import json
from datetime import UTC, datetime, time, timedelta

import http_ece
import pytest
from django.utils import timezone

from games.realtime import notifications
from notices import push
from notices.models import PushPreferences
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

NIGHT = datetime(2026, 12, 5, 23, 30, tzinfo=UTC)  # 00:30 in Amsterdam
MORNING = datetime(2026, 12, 6, 6, 5, tzinfo=UTC)  # 07:05 there


def owed(match, hours_left: float):
    """The moon seat (alice's) owes its move with this much time left."""
    seat = match.seats.get(seat="moon")
    seat.deadline = timezone.now() + timedelta(hours=hours_left)
    seat.save(update_fields=["deadline"])
    return seat


def read(body, browser) -> dict:
    return json.loads(http_ece.decrypt(body, private_key=browser.private_key,
                                       auth_secret=browser.auth, version="aes128gcm"))


def test_a_turn_opens_its_own_game(alice, bob, device, push_service, worker, browser,
                                   django_capture_on_commit_callbacks):
    owed(new_game(alice, bob), 1)  # more urgent, but not the turn told
    match = new_game(alice, bob)
    seat = owed(match, 30.5)
    with django_capture_on_commit_callbacks(execute=True):
        notifications.notify_turn(seat.pk, match.version)
    [(_headers, body)] = push_service.received
    message = read(body, browser)
    assert message["url"] == f"/games/{match.pk}/" and message["tag"] == f"your_turn-{match.pk}"
    assert message["body"].endswith("30 hours left.")


def test_held_turns_open_the_game_with_the_least_time_left(
        alice, bob, carol, device, push_service, worker, browser,
        django_capture_on_commit_callbacks):
    PushPreferences.objects.create(user=alice, quiet_from=time(22), quiet_until=time(7),
                                   time_zone="Europe/Amsterdam")
    games = [new_game(alice, bob), new_game(alice, carol), new_game(alice, bob)]
    seats = [owed(games[0], 40), owed(games[1], 5), owed(games[2], 70)]
    with django_capture_on_commit_callbacks(execute=True):
        for match, seat in zip(games, seats, strict=True):
            notifications.notify_turn(seat.pk, match.version, NIGHT)
    assert push_service.received == []  # held
    assert push.release_held(MORNING) == 1
    [(_headers, body)] = push_service.received
    message = read(body, browser)
    assert message["body"] == "3 notices came in during your quiet hours."
    assert message["url"] == f"/games/{games[1].pk}/"  # 5 hours left


def test_the_summary_lists_the_waiting_games_when_none_is_owed_any_more(alice, db):
    held = [{"kind": "your_turn", "url": "/games/1/"}, {"kind": "your_turn", "url": "/games/2/"}]
    assert json.loads(push.summary(alice, held))["url"] == "/your-turn/"
