"""Redis restarted during play: moves made while it is down still succeed, sockets
catch up by version once it is back, and an AI move whose task was lost with the
broker is queued again by the beat task and made once."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from rest_framework.authtoken.models import Token

from games.ai_players.bots import bot_for_level, ensure_bot_accounts
from games.core import services
from games.models import Match, MoveRecord
from tests.conftest import ROOT
from tests.faults.clients import GameSocket, cookie_for, play_over_http
from tests.faults.processes import wait_until
from tests.games.helpers import new_game
from tests.integration.test_two_web_processes import services_env

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("queues_nothing"), pytest.mark.timeout(150)]

#: A move takes a fraction of a second; without Redis it must not wait on retries.
MOVE_SECONDS = 5


def test_play_goes_on_while_redis_is_down_and_sockets_catch_up(
        postgres_url, own_redis, serve, workers, alice, bob, carol):
    ensure_bot_accounts()
    game = new_game(alice, bob)
    ai_game = services.start_match("druidenwalzer", {"moon": carol, "sun": bot_for_level("random")},
                                   seed=11, days_per_move=1)
    tokens = {user.pk: Token.objects.create(user=user).key for user in (alice, bob, carol)}
    env = services_env(own_redis.url)
    port_a, _ = serve(env)
    port_b, _ = serve(env)
    sockets = {"alice": GameSocket(game.pk, cookie_for(alice)),
               "bob": GameSocket(game.pk, cookie_for(bob))}
    sockets["alice"].connect(port_a)
    sockets["bob"].connect(port_b)
    assert (sockets["alice"].viewer, sockets["bob"].viewer) == ("moon", "sun")
    assert play_over_http(port_a, game.pk, tokens) == 1
    for socket in sockets.values():
        socket.wait_for(1)

    own_redis.kill()
    # While Redis is down: moves through either process succeed (their broadcasts,
    # turn mails and the AI's task cannot be sent; the moves stand).
    for port in (port_b, port_a, port_b, port_a):
        started = time.monotonic()
        version = play_over_http(port, game.pk, tokens)
        assert time.monotonic() - started < MOVE_SECONDS, "a move waited on the dead Redis"
    assert play_over_http(port_b, ai_game.pk, tokens) == 1
    # The servers drop the sockets whose channel layer is gone.
    for name, socket in sockets.items():
        assert socket.is_closed(timeout=15), f"{name}'s socket outlived its channel layer"

    own_redis.start()
    # The clients reconnect (to the other process: any will do) and catch up by version.
    sockets["alice"].try_connect(port_b, timeout=30)
    sockets["bob"].try_connect(port_a, timeout=30)
    for socket in sockets.values():
        assert socket.version == version == 5
    assert (sockets["alice"].viewer, sockets["bob"].viewer) == ("moon", "sun")
    # And they follow live play again.
    version = play_over_http(port_a, game.pk, tokens)
    for socket in sockets.values():
        socket.wait_for(version)

    stored = list(MoveRecord.objects.filter(match=game).order_by("version")
                  .values_list("version", "move"))
    assert [v for v, _ in stored] == list(range(1, version + 1))
    for socket in sockets.values():
        assert [(r["version"], r["move"]) for r in socket.records] == stored, "a move was lost"

    # The AI's task for its game went nowhere; the beat task queues it again.
    ai_game.refresh_from_db()
    assert ai_game.version == 1
    workers.start(env)
    sent = subprocess.run(
        [sys.executable, "-m", "celery", "-A", "druidsite", "call", "games.requeue_bot_tasks",
         "--kwargs", '{"older_than": 0}'],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )
    assert sent.returncode == 0, sent.stderr

    def ai_moved() -> bool:
        ai_game.refresh_from_db()
        return ai_game.version >= 2

    wait_until(ai_moved, 30, "the AI move queued again")
    assert list(MoveRecord.objects.filter(match=ai_game).values_list("version", "seat")) == [
        (1, "moon"), (2, "sun")]
    for socket in sockets.values():
        socket.close()
    assert Match.objects.get(pk=game.pk).version == version
