"""The same move submitted 50 times at once, to real servers on PostgreSQL:
exactly one is applied (200), the 49 others are refused as stale (409)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from rest_framework.authtoken.models import Token

from games.models import Match, MoveRecord
from tests.faults.clients import api, next_move
from tests.games.helpers import new_game
from tests.integration.test_two_web_processes import services_env

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("queues_nothing"), pytest.mark.timeout(120)]

COPIES = 50
#: Each web process runs its views in one thread: three make three transactions race.
WEB_PROCESSES = 3


def test_the_same_move_sent_50_times_at_once_is_applied_once(
        postgres_url, own_redis, serve, alice, bob):
    game = new_game(alice, bob)
    ports = [serve(services_env(own_redis.url))[0] for _ in range(WEB_PROCESSES)]
    mover, move, version = next_move(game.pk)
    token = Token.objects.create(user=mover).key
    path = f"/api/games/{game.pk}/move/"
    barrier = threading.Barrier(COPIES)

    def send(copy: int) -> tuple[int, dict]:
        barrier.wait(timeout=30)
        return api(ports[copy % WEB_PROCESSES], path, token,
                   {"move": move, "version": version}, timeout=60)

    with ThreadPoolExecutor(COPIES) as pool:
        answers = list(pool.map(send, range(COPIES)))

    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] + [409] * (COPIES - 1), answers
    refused = [body for status, body in answers if status == 409]
    assert {(body["code"], body["version"]) for body in refused} == {("stale_version", 1)}
    assert Match.objects.get(pk=game.pk).version == 1
    assert list(MoveRecord.objects.filter(match=game).values_list("version", "move")) == [
        (1, move)]
