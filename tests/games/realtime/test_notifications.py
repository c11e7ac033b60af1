"""Turn mails: when it becomes my turn and no page of mine is open; or a daily digest."""

from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.utils import timezone

from druidsite.realtime import presence_key, watching_key
from games.realtime import notifications
from tests.games.helpers import new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def moon_seat(match):
    return match.seats.get(seat="moon")


def test_it_mails_the_player_to_move(alice, bob):
    match = new_game(alice, bob)
    assert notifications.notify_turn(moon_seat(match).pk, match.version)
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    assert f"/games/{match.pk}/" in mail.outbox[0].body


def test_it_sends_at_most_one_mail_per_game_a_day(alice, bob):
    match = new_game(alice, bob)
    notifications.notify_turn(moon_seat(match).pk, match.version)
    play_first(match)
    play_first(match)
    match.refresh_from_db()
    assert not notifications.notify_turn(moon_seat(match).pk, match.version)
    assert len(mail.outbox) == 1


def test_it_sends_nothing_when_the_turn_has_passed(alice, bob):
    match = new_game(alice, bob)
    play_first(match)
    assert not notifications.notify_turn(moon_seat(match).pk, 0)
    assert mail.outbox == []


def test_it_sends_nothing_while_the_player_looks_at_the_game(alice, bob):
    match = new_game(alice, bob)
    cache.set(watching_key(alice.pk, match.pk), True, 60)
    try:
        assert not notifications.notify_turn(moon_seat(match).pk, match.version)
    finally:
        cache.delete(watching_key(alice.pk, match.pk))
    assert mail.outbox == []


def test_it_mails_while_another_page_is_open(alice, bob):
    match = new_game(alice, bob)
    cache.set(presence_key(alice.pk), True, 60)
    try:
        assert notifications.notify_turn(moon_seat(match).pk, match.version)
    finally:
        cache.delete(presence_key(alice.pk))
    assert mail.outbox[0].to == ["alice@example.org"]


def test_it_respects_the_players_choice(alice, bob):
    alice.notify = "off"
    alice.save()
    match = new_game(alice, bob)
    assert not notifications.notify_turn(moon_seat(match).pk, match.version)


def test_it_sends_one_daily_digest(alice, bob, carol):
    alice.notify = "digest"
    alice.save()
    new_game(alice, bob)
    new_game(alice, carol)
    assert notifications.send_digests() == 1
    assert len(mail.outbox) == 1 and "2 games" in mail.outbox[0].subject


def test_it_mails_a_turn_once_it_has_waited_the_delay(alice, bob, settings):
    settings.NOTIFY_DELAY_SECONDS = 120
    match = new_game(alice, bob)
    assert notifications.turns_to_mail() == []  # alice may still answer at once
    later = timezone.now() + timedelta(seconds=121)
    assert notifications.turns_to_mail(later) == [(moon_seat(match).pk, match.version)]
    assert notifications.send_turn_mails(later) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    assert notifications.turns_to_mail(later) == []  # decided: not looked at again


def test_it_decides_a_turn_once_even_when_it_sends_nothing(alice, bob, settings):
    settings.NOTIFY_DELAY_SECONDS = 0
    match = new_game(alice, bob)
    cache.set(watching_key(alice.pk, match.pk), True, 60)
    try:
        assert notifications.send_turn_mails() == 0
    finally:
        cache.delete(watching_key(alice.pk, match.pk))
    assert notifications.turns_to_mail() == []
    play_first(match)  # bob's turn now: his is a new turn
    match.refresh_from_db()
    assert notifications.turns_to_mail() == [(match.seats.get(seat="sun").pk, match.version)]


def test_a_move_queues_no_mail_task(alice, bob, monkeypatch, django_capture_on_commit_callbacks):
    from games import tasks

    queued = []
    monkeypatch.setattr(tasks.notify_turn, "apply_async",
                        lambda *args, **kwargs: queued.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        play_first(new_game(alice, bob))
    assert queued == []


def test_it_links_to_the_port_the_site_runs_on_in_development(client, settings, monkeypatch,
                                                                 alice, bob):
    from druidsite import site_url

    settings.SITE_URL = None
    monkeypatch.setattr(site_url, "_remembered", None)
    client.get("/", HTTP_HOST="127.0.0.1:8765")
    match = new_game(alice, bob)
    assert notifications.notify_turn(moon_seat(match).pk, match.version)
    assert f"http://127.0.0.1:8765/games/{match.pk}/" in mail.outbox[0].body


def test_it_links_to_site_url_when_set(settings, alice, bob):
    settings.SITE_URL = "https://druids.example.org"
    match = new_game(alice, bob)
    assert notifications.notify_turn(moon_seat(match).pk, match.version)
    assert f"https://druids.example.org/games/{match.pk}/" in mail.outbox[0].body
