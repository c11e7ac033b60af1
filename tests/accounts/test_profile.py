"""The public profile: games in progress, finished games, totals and records per opponent."""

import re

import pytest

from tests.base import active_match, finished_match

pytestmark = pytest.mark.django_db


def figure(page: str, name: str) -> int:
    found = re.search(rf'id="record-{name}">(\d+)<', page)
    assert found, f"no {name} figure"
    return int(found.group(1))


def opponent_row(page: str, opponent: str) -> list[str]:
    found = re.search(rf'<tr data-opponent="{opponent}">(.*?)</tr>', page, re.S)
    assert found, f"no row for {opponent}"
    return re.findall(r"<td>(\d+)</td>", found.group(1))


@pytest.fixture
def history(alice, bob, carol):
    """alice against bob: 2 wins, 1 loss, 1 draw; against carol: 1 loss."""
    for result in ("win", "win", "loss", "draw"):
        finished_match(alice, bob, result)
    finished_match(carol, alice, "win")
    return active_match(alice, bob, to_move=bob)


def test_it_counts_wins_losses_and_draws(client, history):
    page = client.get("/players/alice/").content.decode()
    assert (figure(page, "wins"), figure(page, "losses"), figure(page, "draws")) == (2, 2, 1)


def test_it_counts_from_each_players_side(client, history):
    page = client.get("/players/bob/").content.decode()
    assert (figure(page, "wins"), figure(page, "losses"), figure(page, "draws")) == (1, 2, 1)


def test_it_lists_the_record_against_each_opponent(client, history):
    page = client.get("/players/alice/").content.decode()
    assert opponent_row(page, "bob") == ["2", "1", "1"]
    assert opponent_row(page, "carol") == ["0", "1", "0"]
    assert 'href="/players/alice/vs/bob/"' in page


def test_it_lists_games_in_progress_and_finished_games(client, history):
    page = client.get("/players/alice/").content.decode()
    in_progress = page.split('id="in-progress"')[1].split('id="finished"')[0]
    finished = page.split('id="finished"')[1].split('id="opponents"')[0]
    assert f'href="/games/{history.pk}/"' in in_progress
    assert in_progress.count("<tr") == 2  # the header and one game
    assert finished.count('<tr class="result-') == 5
    assert 'href="/players/carol/"' in finished


def test_it_is_public(client, history):
    response = client.get("/players/alice/")
    assert response.status_code == 200
    assert "alice" in response.content.decode()


def test_it_answers_404_for_an_unknown_player(client, db):
    assert client.get("/players/nobody/").status_code == 404


def test_it_uses_the_same_number_of_queries_however_many_games(
    client, alice, bob, carol, django_assert_max_num_queries
):
    finished_match(alice, bob, "win")
    active_match(alice, bob)
    client.force_login(alice)
    with django_assert_max_num_queries(50) as few:
        client.get("/players/alice/")
    for _ in range(10):
        finished_match(alice, carol, "draw")
        active_match(alice, carol)
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get("/players/alice/")
