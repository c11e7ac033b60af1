"""The leaderboard, the rating chart on the profile, the handicap on the head-to-head page."""

import re

import pytest

from ladders import ratings, services
from tests.base import finished_match
from tests.ladders.helpers import fill

pytestmark = pytest.mark.django_db


def rate(first, second, result):
    ratings.rate_match(finished_match(first, second, result).pk)


def test_it_ranks_the_leaderboard_and_marks_provisional_ratings(client, alice, bob, carol):
    rate(alice, bob, "win")
    rate(carol, bob, "draw")
    page = client.get("/leaderboard/").content.decode()
    order = re.findall(r'<tr data-username="(\w+)"', page)
    assert order == ["alice", "carol", "bob"]
    assert page.count('data-provisional="1"') == 3


def test_it_drops_the_provisional_mark_once_the_rating_settles(client, alice, bob):
    from ladders.models import Rating

    rate(alice, bob, "win")
    Rating.objects.filter(user=alice).update(deviation=60)
    page = client.get("/leaderboard/").content.decode()
    assert re.search(r'<tr data-username="alice">', page)
    assert re.search(r'<tr data-username="bob" class="provisional"', page)


def test_it_refuses_an_unknown_game(client):
    assert client.get("/leaderboard/?game=chess").status_code == 404


def test_it_draws_the_rating_history_on_the_profile(client, alice, bob):
    rate(alice, bob, "win")
    rate(alice, bob, "win")
    page = client.get("/players/alice/").content.decode()
    assert 'id="rating"' in page and "<svg" in page
    points = re.search(r'<polyline points="([^"]+)"', page).group(1).split()
    assert len(points) == 3  # the start and one point per game
    heights = [float(point.split(",")[1]) for point in points]
    assert heights[0] > heights[1] > heights[2]  # rising (SVG y grows downwards)
    assert 'id="rating-druidenwalzer"' in page


def test_it_says_when_a_player_has_no_rating(client, alice):
    page = client.get("/players/alice/").content.decode()
    assert 'id="rating"' in page and "No rated games yet." in page and "<svg" not in page


def test_it_shows_the_handicap_in_force_on_the_head_to_head_page(client, alice, bob):
    finished_match(alice, bob, "win")
    finished_match(alice, bob, "win")
    page = client.get("/players/bob/vs/alice/").content.decode()
    block = page[page.index('id="handicap-in-force"'):]
    assert 'data-username="alice" data-removed="3"' in block
    assert "Rematch rule: alice won the last 2 games" in block


def test_it_says_when_no_handicap_is_in_force(client, alice, bob):
    finished_match(alice, bob, "draw")
    page = client.get("/players/alice/vs/bob/").content.decode()
    assert "No handicap: neither alice nor bob" in page


def test_it_names_shared_ladders_that_turn_the_rule_off(client, ladder, alice, bob):
    ladder.rematch_handicap = False
    ladder.save()
    fill(ladder, [alice, bob])
    finished_match(alice, bob, "win")
    page = client.get("/players/alice/vs/bob/").content.decode()
    assert f'href="/ladders/{ladder.pk}/"' in page
    services.leave(ladder.pk, bob)
    page = client.get("/players/alice/vs/bob/").content.decode()
    assert f'href="/ladders/{ladder.pk}/"' not in page
