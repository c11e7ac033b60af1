"""Two web processes sharing PostgreSQL and Redis: a move made through one
reaches a socket held by the other (the scaled-out shape)."""

import asyncio
import json
import os
import urllib.request

import pytest
import websockets
from django.conf import settings
from django.db import connection
from rest_framework.authtoken.models import Token

from tests.games.helpers import first_legal, new_game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("no_turn_mails")]


def services_env(redis_url: str) -> dict[str, str]:
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return dict(os.environ, DATABASE_URL=url, REDIS_URL=redis_url, EMBEDDED_WORKER="0",
                PYTHONUNBUFFERED="1")


def session_cookie(client, user) -> str:
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


def test_it_delivers_a_move_to_a_socket_on_the_other_process(
        postgres_url, redis_url, serve, client, alice, bob):
    env = services_env(redis_url)
    port_a, _ = serve(env)
    port_b, _ = serve(env)
    match = new_game(alice, bob)
    move = first_legal(match)
    token = Token.objects.create(user=alice).key
    cookie = session_cookie(client, bob)

    async def scenario():
        origin = f"http://127.0.0.1:{port_b}"
        async with websockets.connect(
            f"ws://127.0.0.1:{port_b}/ws/games/{match.pk}/?since=0",
            origin=origin, additional_headers={"Cookie": cookie},
        ) as ws:
            synced = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert synced["type"] == "sync" and synced["match"]["viewer"] == "sun"

            def post_move():
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port_a}/api/games/{match.pk}/move/",
                    data=json.dumps({"move": move, "version": 0}).encode(),
                    headers={"Content-Type": "application/json",
                             "Authorization": f"Token {token}"},
                    method="POST",
                )
                with urllib.request.urlopen(request, timeout=10) as response:
                    return response.status

            assert await asyncio.to_thread(post_move) == 200
            update = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return update

    update = asyncio.run(scenario())
    assert update["type"] == "update" and update["match"]["version"] == 1
    assert update["match"]["view"]["players"]["moon"]["hand"] is None
