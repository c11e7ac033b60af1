"""A web process killed while sockets are open: the clients reconnect to the other
process with their last version and get what they missed."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from games.models import MoveRecord
from tests.faults.clients import GameSocket, cookie_for, play_over_http
from tests.games.helpers import new_game
from tests.integration.test_two_web_processes import services_env

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("queues_nothing"), pytest.mark.timeout(90)]


def test_sockets_of_a_killed_process_catch_up_on_the_other(
        postgres_url, own_redis, serve, alice, bob):
    game = new_game(alice, bob)
    tokens = {user.pk: Token.objects.create(user=user).key for user in (alice, bob)}
    env = services_env(own_redis.url)
    port_a, process_a = serve(env)
    port_b, _ = serve(env)
    sockets = {"moon": GameSocket(game.pk, cookie_for(alice)),
               "sun": GameSocket(game.pk, cookie_for(bob))}
    for socket in sockets.values():
        socket.connect(port_a)
    assert play_over_http(port_b, game.pk, tokens) == 1
    for socket in sockets.values():
        socket.wait_for(1)  # live, from B's move through Redis to A's sockets

    process_a.kill()
    process_a.wait(10)
    for viewer, socket in sockets.items():
        assert socket.is_closed(timeout=10), f"{viewer}'s socket is still open"
    for _ in range(3):
        version = play_over_http(port_b, game.pk, tokens)
    assert version == 4

    for viewer, socket in sockets.items():
        sync = socket.connect(port_b)  # ?since=1: what the socket saw last
        assert [r["version"] for r in sync["records"]] == [2, 3, 4]
        assert socket.version == 4 and sync["match"]["viewer"] == viewer
        view = sync["match"]["view"]["players"]
        other = "sun" if viewer == "moon" else "moon"
        assert view[viewer]["hand"] is not None and view[other]["hand"] is None
    version = play_over_http(port_b, game.pk, tokens)
    stored = list(MoveRecord.objects.filter(match=game).order_by("version")
                  .values_list("version", "move"))
    for socket in sockets.values():
        socket.wait_for(version)
        assert [(r["version"], r["move"]) for r in socket.records] == stored
        socket.close()
