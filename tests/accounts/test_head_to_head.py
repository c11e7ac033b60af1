"""The head-to-head page: a pair's finished games and record, from the first player's side."""

import re

import pytest

from tests.base import active_match, finished_match

pytestmark = pytest.mark.django_db


def figures(page: str) -> tuple[int, int, int]:
    return tuple(
        int(re.search(rf'id="record-{name}">(\d+)<', page).group(1))
        for name in ("wins", "losses", "draws")
    )


@pytest.fixture
def games(alice, bob, carol):
    mine = [finished_match(alice, bob, result) for result in ("win", "loss", "loss", "draw")]
    other = finished_match(alice, carol, "win")
    running = active_match(alice, bob)
    return mine, other, running


def test_it_shows_the_pair_record_from_each_side(client, games):
    assert figures(client.get("/players/alice/vs/bob/").content.decode()) == (1, 2, 1)
    assert figures(client.get("/players/bob/vs/alice/").content.decode()) == (2, 1, 1)


def test_it_lists_only_the_pairs_finished_games(client, games):
    mine, other, running = games
    page = client.get("/players/alice/vs/bob/").content.decode()
    for match in mine:
        assert f'href="/games/{match.pk}/"' in page
    assert f'href="/games/{other.pk}/"' not in page
    assert f'href="/games/{running.pk}/"' not in page


def test_it_answers_404_for_an_unknown_player_or_the_same_player(client, alice):
    assert client.get("/players/alice/vs/nobody/").status_code == 404
    assert client.get("/players/alice/vs/alice/").status_code == 404
