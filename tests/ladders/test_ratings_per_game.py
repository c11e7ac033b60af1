"""Ratings are per game: a game of one changes nothing of another's, each game has its
leaderboard (with a selector when the site has several) and its line on the profile."""

from __future__ import annotations

import re

import pytest

from games.core import services
from ladders.models import Rating, RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(alice, bob, carol, finished, veto_game):
    """alice beat bob at Druidenwalzer; carol beat alice twice in the veto duel."""
    druid = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    finished(services.resign, druid.pk, bob)
    for seats in ({"red": carol, "blue": alice}, {"red": alice, "blue": carol}):
        veto = services.start_match("veto-duel", seats)
        finished(services.resign, veto.pk, alice)


def test_it_keeps_one_rating_per_player_and_game(alice, bob, carol, rated):
    found = {(r.user.username, r.game): (r.games, round(r.rating))
             for r in Rating.objects.select_related("user")}
    assert set(found) == {("alice", "druidenwalzer"), ("bob", "druidenwalzer"),
                          ("alice", "veto-duel"), ("carol", "veto-duel")}
    assert found["alice", "druidenwalzer"][0] == 1 and found["alice", "veto-duel"][0] == 2
    assert found["alice", "druidenwalzer"][1] > 1500 > found["alice", "veto-duel"][1]
    assert set(RatingChange.objects.filter(user=alice).values_list("game", flat=True)) == {
        "druidenwalzer", "veto-duel"}


def test_each_game_has_its_leaderboard_and_a_selector(client, rated):
    druid = client.get("/leaderboard/").content.decode()
    assert re.findall(r'<tr data-username="(\w+)"', druid) == ["alice", "bob"]
    veto = client.get("/leaderboard/?game=veto-duel").content.decode()
    assert re.findall(r'<tr data-username="(\w+)"', veto) == ["carol", "alice"]
    assert "The 100 best rated players of Veto duel" in veto
    selector = veto[veto.index('id="leaderboard-game"'):veto.index("</form>")]
    assert '<option value="druidenwalzer">Druidenwalzer</option>' in selector
    assert '<option value="veto-duel" selected>Veto duel</option>' in selector


def test_the_profile_shows_a_rating_per_game_by_title(client, rated):
    page = client.get("/players/alice/").content.decode()
    assert 'id="rating-druidenwalzer"' in page and 'id="rating-veto-duel"' in page
    assert "Druidenwalzer:" in page and "Veto duel:" in page


@pytest.mark.usefixtures("only_druidenwalzer")
def test_the_leaderboard_has_no_selector_for_one_game(client):
    page = client.get("/leaderboard/").content.decode()
    assert 'id="leaderboard-game"' not in page and "players of Druidenwalzer" in page
