"""Correspondence clocks, timeouts and vacation."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.core import clocks, services
from games.models import Match, Seat
from tests.games.helpers import new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_runs_the_clock_only_for_the_player_to_move(alice, bob):
    match = new_game(alice, bob, days_per_move=2)
    moon, sun = match.seats.get(seat="moon"), match.seats.get(seat="sun")
    assert sun.deadline is None
    assert timedelta(days=2) - (moon.deadline - timezone.now()) < timedelta(minutes=1)
    play_first(match)
    moon.refresh_from_db()
    sun.refresh_from_db()
    assert moon.deadline is None and sun.deadline is not None


def test_it_ends_a_game_whose_deadline_passed_as_a_loss(alice, bob):
    match = new_game(alice, bob, days_per_move=1)
    assert services.expire_deadlines(timezone.now()) == []
    ended = services.expire_deadlines(timezone.now() + timedelta(days=1, minutes=1))
    assert ended == [match.pk]
    match.refresh_from_db()
    assert match.end_reason == Match.Reason.TIMEOUT and match.winner_seat == "sun"
    moon = match.seats.get(seat="moon")
    assert moon.timed_out and moon.result == Seat.Result.LOSS


def test_it_pauses_and_resumes_clocks_for_a_vacation(alice, bob):
    match = new_game(alice, bob, days_per_move=3)
    now = timezone.now()
    clocks.start_vacation(alice, now)
    moon = match.seats.get(seat="moon")
    assert moon.deadline is None and moon.paused_remaining is not None
    assert services.expire_deadlines(now + timedelta(days=10)) == []
    clocks.end_vacation(alice, now + timedelta(days=2))
    moon.refresh_from_db()
    assert moon.paused_remaining is None
    assert abs((moon.deadline - (now + timedelta(days=5))).total_seconds()) < 60


def test_it_pauses_a_new_turn_that_reaches_a_player_on_vacation(alice, bob):
    match = new_game(alice, bob)
    clocks.start_vacation(bob)
    play_first(match)  # now bob (sun) owes a move
    sun = match.seats.get(seat="sun")
    assert sun.deadline is None and sun.paused_remaining == timedelta(days=3)


def test_it_counts_vacation_days_and_refuses_when_none_are_left(alice, settings):
    settings.VACATION_DAYS_PER_YEAR = 2
    now = timezone.now()
    clocks.start_vacation(alice, now)
    with pytest.raises(clocks.VacationError, match="already"):
        clocks.start_vacation(alice, now)
    alice.refresh_from_db()
    assert clocks.vacation_seconds_left(alice, now + timedelta(days=1)) == 86400
    assert clocks.end_exhausted_vacations(now + timedelta(days=1)) == 0
    assert clocks.end_exhausted_vacations(now + timedelta(days=2, seconds=1)) == 1
    alice.refresh_from_db()
    assert not alice.on_vacation
    with pytest.raises(clocks.VacationError, match="no vacation days"):
        clocks.start_vacation(alice, now + timedelta(days=3))
