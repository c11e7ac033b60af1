"""The header: log in and sign up for visitors; lobby, your turn and account links for players."""

import re

import pytest

from tests.base import active_match, finished_match

pytestmark = pytest.mark.django_db


def counter(page: str) -> int:
    found = re.search(r'id="your-turn-count"[^>]*>(\d+)<', page)
    assert found, "no your-turn counter"
    return int(found.group(1))


def test_it_offers_log_in_and_sign_up_to_visitors(client):
    page = client.get("/").content.decode()
    assert 'href="/accounts/login/"' in page
    assert 'href="/accounts/signup/"' in page
    assert "your-turn-count" not in page


def test_it_shows_a_players_links(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    for href in ("/lobby/", "/your-turn/", "/players/alice/", "/settings/"):
        assert f'href="{href}"' in page
    assert 'href="/accounts/login/"' not in page


def test_it_counts_the_games_owing_a_move(client, alice, bob, carol):
    active_match(alice, bob, to_move=alice)
    active_match(alice, carol, to_move=alice)
    active_match(alice, bob, to_move=bob)
    finished_match(alice, bob, "win")
    client.force_login(alice)
    assert counter(client.get("/").content.decode()) == 2
    client.force_login(bob)
    assert counter(client.get("/").content.decode()) == 1


def test_it_counts_a_paused_clock_too(client, alice, bob):
    from datetime import timedelta

    match = active_match(alice, bob, to_move=alice)
    match.seats.filter(user=alice).update(deadline=None, paused_remaining=timedelta(days=2))
    client.force_login(alice)
    assert counter(client.get("/").content.decode()) == 1


def test_it_counts_with_one_query(alice, bob, rf, django_assert_num_queries):
    from accounts.context_processors import header

    active_match(alice, bob)
    request = rf.get("/")
    request.user = alice
    values = header(request)
    with django_assert_num_queries(1):
        assert values["your_turn_count"]() == 1
        assert values["your_turn_count"]() == 1
