"""A tournament starts by itself when registration closes, if the fewest players joined;
otherwise its directors and entrants are told, once, however often the task runs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from notices.models import Notice
from tests.conftest import make_user
from tournaments import schedule, services, tasks
from tournaments.models import Tournament, TournamentDirector

pytestmark = pytest.mark.django_db


def closing_cup(make_tournament, players, **terms):
    cup = make_tournament(registration_closes_at=timezone.now() + timedelta(hours=1), **terms)
    for player in players:
        services.join(cup.pk, player)
    Tournament.objects.filter(pk=cup.pk).update(
        registration_closes_at=timezone.now() - timedelta(minutes=1))  # the hour went by
    return cup


def test_it_starts_when_registration_closes_with_enough_players(make_tournament, field, run):
    cup = closing_cup(make_tournament, field[:4], min_players=4)
    assert run(schedule.sweep)["started"] == 1
    cup.refresh_from_db()
    assert cup.status == "running" and cup.rounds.filter(number=1).exists()
    start = cup.audit.get(action="start")
    assert start.actor is None and start.detail["scheduled"] is True
    assert Notice.objects.filter(kind="tournament_starting").count() == 4
    assert run(schedule.sweep)["started"] == 0  # a rerun does nothing
    assert cup.rounds.count() == 1 and cup.audit.filter(action="start").count() == 1


def test_it_tells_directors_and_entrants_once_when_too_few_joined(make_tournament, field, run):
    cup = closing_cup(make_tournament, field[:2], min_players=4)
    dora = make_user("dora")
    TournamentDirector.objects.create(tournament=cup, user=dora)
    assert run(lambda: tasks.run_schedules.apply().get())["not_started"] == 1
    cup.refresh_from_db()
    assert cup.status == "registration" and not cup.rounds.exists()
    told = Notice.objects.filter(kind="tournament_not_started")
    assert sorted(n.user.username for n in told) == ["dora", "p1", "p2"]
    assert told.first().params["count"] == 2 and told.first().params["min"] == 4
    assert cup.audit.get(action="short").detail["players"] == 2
    for _tick in range(3):  # the beat ticks on: nobody is told twice
        assert run(schedule.sweep)["not_started"] == 0
    assert told.count() == 3 and cup.audit.filter(action="short").count() == 1


def test_a_new_closing_time_is_checked_again(make_tournament, field, run):
    cup = closing_cup(make_tournament, field[:2], min_players=3)
    run(schedule.sweep)
    cup.refresh_from_db()
    cup.registration_closes_at = timezone.now() + timedelta(hours=1)  # a director extends it
    cup.save()
    services.join(cup.pk, field[2])
    Tournament.objects.filter(pk=cup.pk).update(
        registration_closes_at=timezone.now() - timedelta(seconds=1))
    assert run(schedule.sweep)["started"] == 1


def test_a_tournament_that_does_not_start_by_itself_waits(make_tournament, field, run):
    cup = closing_cup(make_tournament, field[:4], auto_start=False)
    assert run(schedule.sweep)["started"] == 0
    cup.refresh_from_db()
    assert cup.status == "registration"


def test_the_beat_runs_the_schedules_every_minute():
    from django.conf import settings

    entry = settings.CELERY_BEAT_SCHEDULE["tournaments-schedules"]
    assert entry["task"] == "tournaments.run_schedules"
    assert entry["schedule"] == timedelta(minutes=1)
    assert tasks.run_schedules.acks_late and tasks.run_schedules.reject_on_worker_lost
