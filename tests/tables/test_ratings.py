"""Kasteel is rated with openskill, ranked by the rules' result and scores; teams
as openskill teams; Druidenwalzer keeps Glicko-2."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Match
from ladders import ratings, skill
from ladders.models import Rating, RatingChange
from tests.tables.helpers import full_table, match_of, players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def _finish(match: Match, results: dict[str, tuple[str, int]]) -> None:
    for seat in match.seats.all():
        seat.result, seat.score = results[seat.seat]
        seat.deadline = None
        seat.save()
    match.status, match.finished_at = Match.Status.FINISHED, timezone.now()
    match.save()


def _by_seat(match: Match) -> dict[str, RatingChange]:
    seats = dict(match.seats.values_list("user_id", "seat"))
    return {seats[c.user_id]: c for c in RatingChange.objects.filter(match=match)}


def test_it_ranks_the_players_by_the_rules_scores(alice):
    match = match_of(full_table(alice, players(3), limit=1))
    _finish(match, {"0": ("loss", 10), "1": ("win", 30), "2": ("loss", 20), "3": ("loss", 10)})
    ratings.rate_match(match.pk)
    changes = _by_seat(match)
    assert changes["1"].rating_after > changes["2"].rating_after > changes["0"].rating_after
    assert changes["0"].rating_after == changes["3"].rating_after  # equal points, equal rank
    assert changes["1"].score == 1.0 > changes["2"].score > changes["0"].score == changes["3"].score
    assert changes["1"].rating_before == 1500.0 and changes["1"].deviation_before == 350.0
    assert ratings.rate_match(match.pk) == []  # once
    assert Rating.objects.filter(game="kasteel").count() == 4


def test_it_rates_teams_together(alice):
    match = match_of(full_table(alice, players(3), teams=True, limit=1))
    _finish(match, {"0": ("win", 20), "2": ("win", 2), "1": ("loss", 15), "3": ("loss", 15)})
    ratings.rate_match(match.pk)
    changes = _by_seat(match)
    assert changes["0"].rating_after == changes["2"].rating_after > 1500
    assert changes["1"].rating_after == changes["3"].rating_after < 1500


def test_it_keeps_glicko_for_two_player_games(alice, bob):
    from games.core import services

    match = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    services.resign(match.pk, bob)
    ratings.rate_match(match.pk)
    assert not skill.uses_openskill("druidenwalzer") and skill.uses_openskill("kasteel")
    assert RatingChange.objects.get(user=alice).opponent == bob


def test_it_shows_kasteel_ratings_on_the_leaderboard(client, alice):
    match = match_of(full_table(alice, players(2), limit=1))
    _finish(match, {"0": ("win", 9), "1": ("loss", 3), "2": ("loss", 1)})
    ratings.rate_match(match.pk)
    html = client.get("/leaderboard/?game=kasteel").content.decode()
    assert "p0" in html and "p1" in html
