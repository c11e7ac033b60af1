"""Nothing a viewer may not know changes any answer it gets, in random games of every game.

Random running games of Druidenwalzer, Caesar & Cleopatra and Kasteel (two
seats, and four in two teams; from the end of Kasteel's setup, when the
hands are dealt) are played through the API; at a random version every
viewer's answers (API, pages, errors, sockets, admin) are fetched, the
game's hidden parts for that viewer are changed, and the answers must stay
byte for byte the same (tests.security.samebytes). The quick test checks one
game of each kind once, as one random seat and as the spectators; the slow
one LEAK_HIDDEN_GAMES games of each kind (1) at three versions, as every
seat, and `make test-long` three of each. test_leak_plants shows that this
catches a leak of each kind.
"""

from __future__ import annotations

import os
import random

import pytest

from tests.conftest import make_user
from tests.security.randomgames import KINDS, play, start
from tests.security.samebytes import hidden_differences, viewers_of

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_turn_mails")]

#: Games per kind of the slow run.
SLOW_GAMES = int(os.environ.get("LEAK_HIDDEN_GAMES", "1"))
#: Games per kind of the long run (`make test-long`).
LONG_GAMES = 3


@pytest.fixture
def people(quiet) -> tuple[list, object, object]:
    players = [make_user(f"p{i}") for i in range(4)]
    return players, make_user("outsider"), make_user("root", is_staff=True, is_superuser=True)


def _check(kind: str, index: int, people, checks: list[range], seats: int | None = None,
           ) -> list[str]:
    """A random game checked after each number of moves of ``checks`` (from the end of
    Kasteel's setup), as ``seats`` random seats (all: None) and as spectators."""
    players, outsider, staff = people
    rng = random.Random(f"{kind}-{index}")
    match = start(kind, players, seed=rng.randrange(2**40), past_setup=True)
    problems = []
    for moves in checks:
        match = play(match, rng.choice(moves), rng)
        viewers = viewers_of(match, outsider, staff)
        players_ = [viewer for viewer in viewers if viewer.seat is not None]
        chosen = rng.sample(players_, seats) if seats is not None else players_
        viewers = [viewer for viewer in viewers if viewer.seat is None or viewer in chosen]
        problems += hidden_differences(match, viewers, rng)
    return problems


@pytest.mark.parametrize("kind", list(KINDS))
def test_it_gives_nothing_hidden_away_in_a_random_game(kind, people):
    problems = _check(kind, 0, people, [range(4, 30)], seats=1)
    assert not problems, "\n".join(problems[:20])


# Kasteel in teams costs as much as the three others together: its game of the slow
# size runs in make test-long (its quick random game stays in every run).
@pytest.mark.slow
@pytest.mark.parametrize("kind", [pytest.param(kind, marks=pytest.mark.long)
                                  if kind == "kasteel-teams" else kind for kind in KINDS])
def test_it_gives_nothing_hidden_away_in_more_random_games(kind, people):
    assert not (problems := _check_games(kind, people, range(1, SLOW_GAMES + 1))), \
        "\n".join(problems[:20])


@pytest.mark.long
@pytest.mark.parametrize("kind", list(KINDS))
def test_it_gives_nothing_hidden_away_in_many_random_games(kind, people):
    # Other games than the slow test's: its seeds follow the index.
    first = SLOW_GAMES + 1
    assert not (problems := _check_games(kind, people, range(first, first + LONG_GAMES))), \
        "\n".join(problems[:20])


def _check_games(kind: str, people, indices: range) -> list[str]:
    problems: list[str] = []
    for index in indices:
        problems += _check(kind, index, people, [range(0, 6), range(5, 40), range(20, 80)])
    return problems
