"""Scheduled work: inactive players leave the ladder; missed results are caught up."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games.core import services as game_services
from games.models import Match
from ladders import services, tasks
from ladders.models import Ladder, Rating
from tests.ladders.helpers import fill, standings

pytestmark = pytest.mark.django_db


def idle_for(ladder, user, days: int) -> None:
    ladder.entries.filter(user=user).update(last_active_at=timezone.now() - timedelta(days=days))


def test_it_removes_players_idle_longer_than_the_ladder_allows(ladder, alice, bob, carol):
    fill(ladder, [alice, bob, carol])
    idle_for(ladder, alice, ladder.inactivity_days + 1)
    idle_for(ladder, bob, ladder.inactivity_days - 1)
    assert tasks.drop_inactive() == 1
    assert standings(ladder) == ["bob", "carol"]
    entry = ladder.audit.get(action="inactive")
    assert entry.actor is None and entry.detail["player"] == "alice"
    assert entry.detail["moves"] == [{"player": "bob", "from": 2, "to": 1},
                                     {"player": "carol", "from": 3, "to": 2}]


def test_it_keeps_idle_players_with_a_ladder_game_in_progress(ladder, alice, bob):
    fill(ladder, [alice, bob])
    services.challenge(ladder.pk, bob, alice)
    idle_for(ladder, alice, ladder.inactivity_days + 5)
    assert tasks.drop_inactive() == 0
    assert standings(ladder) == ["alice", "bob"]


@pytest.mark.parametrize("status", [Ladder.Status.FROZEN, Ladder.Status.CLOSED])
def test_it_leaves_frozen_and_closed_ladders_alone(ladder, alice, status):
    fill(ladder, [alice])
    Ladder.objects.filter(pk=ladder.pk).update(status=status)
    idle_for(ladder, alice, 1000)
    assert tasks.drop_inactive() == 0


def test_it_never_drops_anyone_when_inactivity_is_zero(ladder, alice):
    ladder.inactivity_days = 0
    ladder.save()
    fill(ladder, [alice])
    idle_for(ladder, alice, 1000)
    assert tasks.drop_inactive() == 0


def test_it_catches_up_on_results_no_receiver_applied(ladder, alice, bob, carol):
    fill(ladder, [alice, bob, carol])
    game = services.challenge(ladder.pk, carol, alice)
    game_services.resign(game.match_id, alice)  # no on_commit callbacks run here
    assert Match.objects.get(pk=game.match_id).is_over
    assert standings(ladder) == ["alice", "bob", "carol"]
    assert tasks.catch_up() == {"rated": 1, "applied": 1}
    assert standings(ladder) == ["carol", "alice", "bob"]
    assert Rating.objects.get(user=carol).games == 1
    assert tasks.catch_up() == {"rated": 0, "applied": 0}


def test_it_schedules_both_tasks():
    scheduled = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert {"ladders.drop_inactive", "ladders.catch_up"} <= scheduled
    assert "ladders.tasks" in settings.CELERY_IMPORTS
