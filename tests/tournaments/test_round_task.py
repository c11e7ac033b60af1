"""tournaments.start_round creates a round's games exactly once: run twice, run
concurrently, or killed half-way and run again."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games.models import Match
from tournaments import rounds, services, tasks
from tournaments.models import Tournament, TournamentGame, TournamentRound


def running_cup(make_tournament, players, staff, monkeypatch, **terms) -> Tournament:
    """A started Swiss of ``players`` whose first round has not been made yet."""
    monkeypatch.setattr(tasks.start_round, "apply_async", lambda *args, **kwargs: None)
    cup = make_tournament(**terms)
    for player in players:
        services.join(cup.pk, player)
    services.start(cup.pk, staff)
    assert not cup.rounds.exists()
    return cup


@pytest.mark.django_db
def test_it_creates_a_round_once_when_run_twice(make_tournament, field, staff, monkeypatch):
    cup = running_cup(make_tournament, field[:6], staff, monkeypatch)
    assert tasks.start_round.apply(args=(cup.pk, 1)).get() is True
    assert tasks.start_round.apply(args=(cup.pk, 1)).get() is False
    assert TournamentRound.objects.count() == 1
    assert TournamentGame.objects.count() == Match.objects.count() == 3


@pytest.mark.django_db
def test_it_refuses_a_round_out_of_turn(make_tournament, field, staff, monkeypatch):
    cup = running_cup(make_tournament, field[:6], staff, monkeypatch)
    assert rounds.start_round(cup.pk, 2) is False  # round 1 has not even started
    assert rounds.start_round(cup.pk, 9) is False  # past the last round
    assert not TournamentRound.objects.exists()


@pytest.mark.django_db
def test_a_crash_half_way_leaves_nothing_and_the_rerun_creates_each_game_once(
        make_tournament, field, staff, monkeypatch):
    cup = running_cup(make_tournament, field[:8], staff, monkeypatch)
    real = rounds._two_player
    calls = []

    def crash_on_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise SystemExit("worker killed")
        return real(*args, **kwargs)

    monkeypatch.setattr(rounds, "_two_player", crash_on_the_third)
    with pytest.raises(SystemExit):
        rounds.start_round(cup.pk, 1)
    assert not TournamentRound.objects.exists() and not Match.objects.exists()
    monkeypatch.setattr(rounds, "_two_player", real)
    assert rounds.start_round(cup.pk, 1) is True
    assert rounds.start_round(cup.pk, 1) is False
    assert TournamentGame.objects.count() == Match.objects.count() == 4
    players = [u for g in TournamentGame.objects.all() for u in (g.first_id, g.second_id)]
    assert sorted(players) == sorted(p.pk for p in field[:8])


@pytest.mark.django_db(transaction=True)
def test_concurrent_tasks_create_the_round_once(make_tournament, field, staff, monkeypatch):
    cup = running_cup(make_tournament, field[:8], staff, monkeypatch)
    barrier = threading.Barrier(3)
    outcomes: list = []

    def worker():
        try:
            barrier.wait()
            outcomes.append(rounds.start_round(cup.pk, 1))
        except Exception as exc:  # pragma: no cover - shown by the assertion below
            outcomes.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(outcomes, key=str) == [False, False, True]
    assert TournamentRound.objects.filter(tournament=cup).count() == 1
    assert TournamentGame.objects.count() == Match.objects.count() == 4


@pytest.mark.django_db
def test_catch_up_queues_a_round_whose_task_was_lost(
        make_tournament, field, staff, monkeypatch, django_capture_on_commit_callbacks):
    running_cup(make_tournament, field[:4], staff, monkeypatch)

    def run_inline(args=(), kwargs=None, **options):
        return tasks.start_round.apply(args=args, kwargs=kwargs or {})

    monkeypatch.setattr(tasks.start_round, "apply_async", run_inline)
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.catch_up.apply().get() == 1
    with django_capture_on_commit_callbacks(execute=True):
        tasks.catch_up.apply().get()  # again: nothing more
    assert TournamentRound.objects.count() == 1 and TournamentGame.objects.count() == 2
