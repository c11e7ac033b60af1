"""A decision never moves a game in the order of rating: deciding a game again,
in any order, leaves every rating and history row equal to the fold from scratch."""

from __future__ import annotations

import pytest

from ladders import services
from ladders.models import Rating, RatingChange
from ladders.verify import rating_differences
from tests.conftest import make_user
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(ladder):
    players = [make_user(name) for name in ("alice", "bob", "carol")]
    fill(ladder, players)
    return players


def _ratings(game: str) -> dict[str, tuple[float, float, int]]:
    return {r.user.username: (r.rating, r.deviation, r.games)
            for r in Rating.objects.filter(game=game).select_related("user")}


def _two_games(ladder, three, finished):
    alice, bob, carol = three
    first = services.challenge(ladder.pk, bob, alice)
    finished(win, first, bob)  # bob beats alice, then plays carol
    second = services.challenge(ladder.pk, carol, alice)
    finished(win, second, carol)
    third = services.challenge(ladder.pk, carol, bob)
    finished(win, third, bob)
    return first, second, third


def test_annul_then_correct_back_restores_every_rating(ladder, three, staff, finished):
    first, _second, _third = _two_games(ladder, three, finished)
    before = _ratings(ladder.game)
    history = sorted(RatingChange.objects.values_list("user_id", "match_id", "rating_after"))

    finished(services.correct_result, first.pk, staff, "annul", "wrong opponents")
    finished(services.correct_result, first.pk, staff, "challenger", "it stood after all")

    after = _ratings(ladder.game)
    for name, values in before.items():
        assert after[name] == pytest.approx(values, abs=1e-9), name
    again = sorted(RatingChange.objects.values_list("user_id", "match_id", "rating_after"))
    assert [row[:2] for row in again] == [row[:2] for row in history]
    assert [row[2] for row in again] == pytest.approx([row[2] for row in history])
    assert rating_differences(ladder.game) == []


def test_a_first_game_keeps_its_start_rating_through_repeated_decisions(
        ladder, three, staff, finished):
    alice, bob, carol = three
    first, second, _third = _two_games(ladder, three, finished)
    finished(services.correct_result, second.pk, staff, "annul", "a")
    finished(services.correct_result, second.pk, staff, "defender", "b")
    finished(services.correct_result, first.pk, staff, "annul", "c")

    # carol's first rated game is now the second one: it starts from 1500.
    change = RatingChange.objects.filter(user=carol).order_by("at", "id").first()
    assert change.rating_before == 1500.0
    assert rating_differences(ladder.game) == []


def test_verify_names_a_rating_that_differs_from_the_fold(ladder, three, finished):
    _two_games(ladder, three, finished)
    Rating.objects.filter(user__username="bob").update(rating=1234.5)
    found = rating_differences(ladder.game)
    assert any("bob: rating 1234.5000 stored" in line for line in found), found
