"""Every finished rated game updates both players' Glicko-2 ratings, once."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.core import services as game_services
from games.core.commit import result_changed as match_finished
from ladders import glicko, ratings
from ladders.models import Rating, RatingChange
from tests.base import finished_match
from tests.conftest import make_user
from tests.games.helpers import new_game

pytestmark = pytest.mark.django_db


def test_it_rates_both_players_of_a_finished_game(alice, bob, finished):
    match = new_game(alice, bob)
    finished(game_services.resign, match.pk, bob)
    winner, loser = Rating.objects.get(user=alice), Rating.objects.get(user=bob)
    expected = glicko.rate(glicko.Glicko(), [(glicko.Glicko(), 1)])
    assert winner.rating == pytest.approx(1662.3109, abs=1e-3) == expected.rating
    assert loser.rating == pytest.approx(1337.6891, abs=1e-3)
    assert winner.deviation == loser.deviation == pytest.approx(290.3190, abs=1e-3)
    assert winner.games == loser.games == 1
    change = RatingChange.objects.get(user=alice, match=match)
    assert (change.rating_before, change.deviation_before, change.score) == (1500, 350, 1.0)
    assert change.rating_after == winner.rating and change.opponent == bob


def test_it_uses_both_ratings_from_before_the_game(alice, bob):
    Rating.objects.create(user=alice, game="druidenwalzer", rating=1500, deviation=200)
    Rating.objects.create(user=bob, game="druidenwalzer", rating=1400, deviation=30)
    ratings.rate_match(finished_match(alice, bob, "win").pk)
    # alice's side is the paper's first game of its example, played alone.
    expected = glicko.rate(glicko.Glicko(1500, 200), [(glicko.Glicko(1400, 30), 1)])
    assert Rating.objects.get(user=alice).rating == pytest.approx(expected.rating)
    expected_bob = glicko.rate(glicko.Glicko(1400, 30), [(glicko.Glicko(1500, 200), 0)])
    assert Rating.objects.get(user=bob).rating == pytest.approx(expected_bob.rating)


def test_it_counts_a_draw_as_half_a_point(alice, bob):
    ratings.rate_match(finished_match(alice, bob, "draw").pk)
    for user in (alice, bob):
        rating = Rating.objects.get(user=user)
        assert rating.rating == pytest.approx(1500.0)
        assert rating.deviation == pytest.approx(290.3190, abs=1e-3)
    assert set(RatingChange.objects.values_list("score", flat=True)) == {0.5}


def test_it_rates_a_match_once_even_if_the_signal_comes_twice(alice, bob):
    match = finished_match(alice, bob, "win")
    match_finished.send(type(match), match_id=match.pk, version=1)
    match_finished.send(type(match), match_id=match.pk, version=1)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert Rating.objects.get(user=alice).games == 1


def test_it_leaves_unrated_games_alone(alice, bob):
    match = finished_match(alice, bob, "win")
    match.rated = False
    match.save()
    assert ratings.rate_match(match.pk) == []
    assert not Rating.objects.exists()


def test_it_rates_ai_players_too(alice):
    bot = make_user("Druid-bot", is_bot=True)
    ratings.rate_match(finished_match(bot, alice, "win").pk)
    assert Rating.objects.get(user=bot).rating > 1500 > Rating.objects.get(user=alice).rating


def test_it_grows_the_deviation_of_a_player_back_from_a_break(alice, bob, carol):
    ratings.rate_match(finished_match(alice, bob, "win").pk)
    Rating.objects.filter(user=alice).update(rated_at=timezone.now() - timedelta(days=95))
    rating = Rating.objects.get(user=alice)
    rested = glicko.idle(rating.as_glicko(), 3)
    ratings.rate_match(finished_match(alice, carol, "win").pk)
    expected = glicko.rate(rested, [(glicko.Glicko(), 1)])
    assert Rating.objects.get(user=alice).deviation == pytest.approx(expected.deviation)


def test_it_catches_up_on_games_no_receiver_rated(alice, bob):
    finished_match(alice, bob, "loss")  # made directly: no signal was sent
    assert ratings.rate_missed() == 1
    assert ratings.rate_missed() == 0
    assert Rating.objects.get(user=bob).games == 1


def test_it_lists_the_leaderboard_best_first(alice, bob, carol):
    ratings.rate_match(finished_match(alice, bob, "win").pk)
    ratings.rate_match(finished_match(carol, bob, "draw").pk)
    board = list(ratings.leaderboard("druidenwalzer"))
    assert [r.user.username for r in board] == ["alice", "carol", "bob"]
    assert all(r.provisional for r in board)
