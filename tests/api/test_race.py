"""Two moves sent at once for the same version: exactly one is applied.

Real threads and real transactions: on PostgreSQL the match row lock decides,
on SQLite the immediate write transaction; either way the second request sees
the new version and is refused with 409.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.models import MoveRecord
from tests.api.helpers import url

pytestmark = pytest.mark.django_db(transaction=True)


def _send_together(path: str, token: str, bodies: list[dict]) -> list[tuple[int, dict]]:
    barrier = threading.Barrier(len(bodies))
    answers: list[tuple[int, dict]] = []
    lock = threading.Lock()

    def send(body: dict) -> None:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        try:
            barrier.wait(timeout=10)
            response = client.post(path, body, format="json")
            with lock:
                answers.append((response.status_code, response.json()))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=send, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


@pytest.mark.parametrize("same_move", [True, False], ids=["double-click", "two-moves"])
def test_it_applies_exactly_one_of_two_simultaneous_moves(alice, game, same_move):
    token = Token.objects.create(user=alice).key
    legal = APIClient(HTTP_AUTHORIZATION=f"Token {token}").get(url(game, "legal")).json()
    moves = legal["moves"][:1] * 2 if same_move else legal["moves"][:2]
    answers = _send_together(url(game, "move"), token,
                             [{"move": move, "version": 0} for move in moves])
    assert sorted(status for status, _body in answers) == [200, 409], answers
    refused = next(body for status, body in answers if status == 409)
    assert (refused["code"], refused["version"]) == ("stale_version", 1)
    game.refresh_from_db()
    assert game.version == 1
    assert MoveRecord.objects.filter(match=game).count() == 1
