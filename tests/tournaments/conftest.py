"""Tournament fixtures: a tournament factory, players with ratings, and a runner that
executes the after-commit follow-ups (settling results, queued rounds) as a worker would.
"""

from __future__ import annotations

import pytest

from ladders.models import Rating
from tests.conftest import make_user
from tournaments.models import Tournament


@pytest.fixture(autouse=True)
def _rounds_inline(monkeypatch, no_turn_mails):
    """A queued tournaments.start_round runs right there (no worker in these tests); AI
    moves are not queued (tests play the AI seats themselves)."""
    from games import tasks as game_tasks
    from tournaments import tasks

    monkeypatch.setattr(game_tasks.bot_move, "apply_async", lambda *args, **kwargs: None)
    def run(args=(), kwargs=None, **options):
        return tasks.start_round.apply(args=args, kwargs=kwargs or {})

    monkeypatch.setattr(tasks.start_round, "apply_async", run)


@pytest.fixture(autouse=True)
def _match_seeds_of_the_test(monkeypatch, request):
    """Match seeds (and first seats) drawn from the test's name, not the system's secret
    randomness: a tournament played out with first legal moves then has the same dice
    every run. (At a Kasteel length limit of 1, 1 table in 25 ends with one winner
    instead of a shared win; a test must not depend on such a draw only some runs.)"""
    import random
    import types

    from games.core import services as game_services

    draws = random.Random(request.node.nodeid)
    monkeypatch.setattr(game_services, "secrets", types.SimpleNamespace(
        randbits=draws.getrandbits, randbelow=draws.randrange))


@pytest.fixture
def run(django_capture_on_commit_callbacks):
    """Call ``action`` and then its after-commit follow-ups (and theirs)."""

    def call(action, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return action(*args, **kwargs)

    return call


def rated(name: str, rating: float, game: str = "druidenwalzer"):
    user = make_user(name)
    Rating.objects.create(user=user, game=game, rating=rating)
    return user


@pytest.fixture
def field(db):
    """Players p1 .. p8, p1 strongest (2000, 1950, ...)."""
    return [rated(f"p{n}", 2050 - 50 * n) for n in range(1, 9)]


@pytest.fixture
def make_tournament(db):
    made = []

    def make(**terms) -> Tournament:
        made.append(1)  # names are unique among tournaments not over
        values = {"name": "Test cup" if len(made) == 1 else f"Test cup {len(made)}",
                  "game": "druidenwalzer", "format": "swiss",
                  "round_count": 3, "status": Tournament.Status.REGISTRATION, "seed": 7}
        values.update(terms)
        return Tournament.objects.create(**values)

    return make


@pytest.fixture(scope="session")
def openapi() -> dict:
    """The OpenAPI document, as /api/schema/ serves it."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)
