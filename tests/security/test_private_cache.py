"""Answers that carry one viewer's game are never kept by a shared cache.

Every URL of a game (found by walking the URL patterns: a new one is
covered without an entry here), as a player of a running game of each game:
each answer with a body says ``Cache-Control: private, no-store`` and
``Vary: Cookie, Authorization``, and so does the answer to a move.
"""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.utils.cache import cc_delim_re

from games.rules import get_rules
from tests.security.apigames import token_client
from tests.security.randomgames import KINDS, play, start
from tests.security.urlmap import patterns

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def game_paths(match_id: int) -> list[str]:
    """Every URL pattern that names a game, filled in ("<str:action>" as "resign")."""
    found = [pattern for pattern in patterns() if "<int:match_id>" in pattern]
    return ["/" + pattern.replace("<int:match_id>", str(match_id)).replace(
        "<str:action>", "resign").replace("<int:line_id>", "1") for pattern in found]


def private_problems(response, what: str) -> list[str]:
    control = {part.strip().lower() for part in response.get("Cache-Control", "").split(",")}
    vary = {part.lower() for part in cc_delim_re.split(response.get("Vary", "")) if part}
    problems = []
    if not {"private", "no-store"} <= control:
        problems.append(f"{what}: Cache-Control {response.get('Cache-Control')!r}")
    if not {"cookie", "authorization"} <= vary:
        problems.append(f"{what}: Vary {response.get('Vary')!r}")
    return problems


def test_it_walks_every_game_url():
    paths = game_paths(7)
    assert "/games/7/" in paths and "/api/games/7/legal/" in paths and len(paths) >= 12


@pytest.mark.parametrize("kind", list(KINDS))
def test_it_marks_every_answer_about_a_game_private(kind, alice, bob, carol):
    from tests.conftest import make_user

    players = [alice, bob, carol, make_user("dave")]
    rng = random.Random(kind)
    match = play(start(kind, players, seed=rng.randrange(2**40)), 6, rng)
    user = players[0]
    page, api = Client(), token_client(user)
    page.force_login(user)
    problems = []
    for path in game_paths(match.pk):
        for name, client in (("session", page), ("token", api)):
            response = client.get(path)
            if response.status_code in (200, 400, 403, 404, 409) and response.content:
                problems += private_problems(response, f"GET {path} ({name})")
    rules = get_rules(match.game)
    state = rules.from_json(match.state)
    owner = match.seats.get(seat=rules.owed_by(state)[0]).user
    answer = token_client(owner).post(f"/api/games/{match.pk}/move/", {
        "move": rules.legal_moves(state)[0], "version": match.version}, format="json")
    assert answer.status_code == 200, answer.content
    problems += private_problems(answer, "POST move")
    assert not problems, "\n".join(problems)
