"""A worker or web process that starts sends the last change of every recently changed game to its
sockets again: one killed between committing an AI move and publishing it left the
move stored but unheard (found by bench/chaos.py), in every game."""

from __future__ import annotations

import threading
from datetime import timedelta
from unittest import mock

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import tasks
from games.core import catalog, services
from games.models import Match
from games.realtime import tasks as realtime_tasks
from games.realtime.broadcast import group_name

pytestmark = pytest.mark.django_db

GAMES = ("druidenwalzer", "caesar-cleopatra", "kasteel")


@pytest.mark.parametrize("game", GAMES)
def test_it_sends_a_recent_games_last_change_to_its_sockets_again(game, alice, bob):
    seats = catalog.get(game).challenge_seat_names
    match = services.start_match(game, dict(zip(seats, (alice, bob), strict=True)), rated=False)
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(group_name(match.pk, None), channel)

    assert tasks.rebroadcast_recent(seconds=120) >= 1

    message = async_to_sync(layer.receive)(channel)
    assert message["type"] == "match.update"
    assert message["match"]["id"] == match.pk
    assert message["match"]["version"] == Match.objects.get(pk=match.pk).version


def test_it_leaves_games_not_changed_recently_alone(alice, bob):
    match = services.start_match("druidenwalzer", {"moon": alice, "sun": bob}, rated=False)
    Match.objects.filter(pk=match.pk).update(
        updated_at=match.updated_at - timedelta(minutes=10))
    with mock.patch("games.realtime.broadcast.broadcast_match") as broadcast:
        assert tasks.rebroadcast_recent(seconds=120) == 0
    broadcast.assert_not_called()


def test_a_starting_worker_queues_it_with_the_requeue(settings):
    settings.EMBEDDED_SERVICES = False
    with mock.patch.object(tasks.requeue_bot_tasks, "apply_async") as requeue, \
            mock.patch.object(tasks.rebroadcast_recent, "apply_async") as rebroadcast:
        tasks.requeue_owed_when_a_worker_starts()
    requeue.assert_called_once_with(kwargs={"older_than": 0})
    rebroadcast.assert_called_once_with(kwargs={"seconds": tasks.REBROADCAST_SECONDS})



def test_a_starting_web_process_queues_it_too(settings):
    settings.EMBEDDED_SERVICES = False
    with mock.patch.object(tasks.rebroadcast_recent, "apply_async") as rebroadcast:
        realtime_tasks.rebroadcast_when_a_web_process_starts()
        for thread in threading.enumerate():
            if thread.name == "rebroadcast-on-start":
                thread.join(5)
    rebroadcast.assert_called_once_with((tasks.REBROADCAST_SECONDS,))


def test_the_embedded_shape_queues_nothing_at_start(settings):
    settings.EMBEDDED_SERVICES = True
    with mock.patch.object(tasks.rebroadcast_recent, "apply_async") as rebroadcast:
        realtime_tasks.rebroadcast_when_a_web_process_starts()
    rebroadcast.assert_not_called()
