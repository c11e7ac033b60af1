"""Hints and reviews in one unit: the chance to win as a percentage for both
two-player games (Caesar & Cleopatra's rollouts' points margin turned into a chance
the same way the review does); card counts with their own plural; a resigned or
timed-out game's review curve ends at the result, marked."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.ai.advice import Advice
from games.learning import estimates, hints, review
from games.models import Review
from tests.games.learning.test_review import finished_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_caesar_cleopatra_hints_speak_win_chance_not_points():
    item = Advice({"type": "draw", "influence": 1, "action": 0}, 0.8, "points")
    words = hints.estimate_words(item)
    percent = round(estimates.chance(0.8, "points") * 100)
    assert words == f"win chance about {percent}%" and "points" not in words
    assert review.chance(0.8, "points") == estimates.chance(0.8, "points")


def test_draws_count_each_kind_with_its_own_plural():
    words = hints.move_words("caesar-cleopatra", "caesar",
                             {"type": "draw", "influence": 1, "action": 1})
    assert words == "draw 1 influence card and 1 action card"
    assert hints.move_words("caesar-cleopatra", "caesar",
                            {"type": "draw", "influence": 0, "action": 2}) == "draw 2 action cards"
    assert hints.move_words("caesar-cleopatra", "caesar",
                            {"type": "draw", "influence": 3, "action": 0}
                            ) == "draw 3 influence cards"


@pytest.fixture
def quick(settings):
    settings.REVIEW_CPU_SECONDS = 0.05


@pytest.mark.usefixtures("quick")
def test_a_resignation_ends_the_curve_at_the_result_and_is_marked(client, alice, bob):
    match = finished_game(alice, bob, moves=10)  # bob (sun) resigns
    done = review.run(review.request(match, alice).pk)
    curve = review.curve(done)
    assert curve["end"] == {**curve["end"], "kind": "resign", "seat": "sun"}
    last = curve["points"].split()[-1]
    assert last == f"{curve['width']}.0,0.0" or last == f"{curve['width']},0.0"
    client.force_login(alice)
    page = client.get(reverse("game_review", args=[match.pk])).content.decode()
    assert 'id="review-end"' in page and "resigned" in page
    assert "at least 8 points of win chance" in page and "30 (a blunder)" in page


@pytest.mark.usefixtures("quick")
def test_a_game_ended_on_the_board_has_no_end_mark(alice, bob):
    match = finished_game(alice, bob, moves=10)
    match.records.filter(kind="resign").delete()
    found = Review.objects.create(match=match, requested_by=alice)
    assert review.curve(review.run(found.pk))["end"] is None
