"""The AI's review of a finished game: asked by a player once the game is over, one
at a time per game, replayed by a task that judges each decision from the
mover's view only (per-decision chances before and after, mistakes and
blunders), progress to the sockets, shown to anyone."""

from __future__ import annotations

import copy
import random

import pytest
from django.urls import reverse

from games.ai import Budget
from games.core import services
from games.core.services import start_match
from games.learning import review
from games.models import Match, Review, Seat
from games.rules import get_rules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture(autouse=True)
def quick(settings):
    settings.REVIEW_CPU_SECONDS = 0.05


def finished_game(alice, bob, game: str = "druidenwalzer", moves: int = 14) -> Match:
    """A game played by the first legal moves, then resigned by bob."""
    seats = ("moon", "sun") if game == "druidenwalzer" else ("cleopatra", "caesar")
    match = start_match(game, dict(zip(seats, (alice, bob), strict=True)), seed=9,
                        rated=False)
    rules = get_rules(game)
    users = dict(zip(seats, (alice, bob), strict=True))
    for _ in range(moves):
        match.refresh_from_db()
        state = rules.from_json(match.state)
        owed = rules.owed_by(state)
        if not owed:
            break
        services.play(match.pk, users[owed[0]], rules.legal_moves(state)[-1], match.version,
                      seat=owed[0])
    services.resign(match.pk, bob)
    match.refresh_from_db()
    return match


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra"])
def test_it_reviews_each_decision_of_a_finished_game(alice, bob, game):
    match = finished_game(alice, bob, game)
    found = review.request(match, alice)
    assert found.status == Review.Status.QUEUED
    published = []
    done = review.run(found.pk, lambda r: published.append((r.done, r.status)))
    assert done.status == Review.Status.DONE
    assert done.done == done.total == match.records.filter(kind="move").count()
    assert published[-1] == (done.total, "done") and len(published) == done.total + 1
    assert done.decisions
    for entry in done.decisions:
        assert 0 <= entry["before"] <= 1 and 0 <= entry["after"] <= 1
        assert entry["mark"] in ("", "inaccuracy", "mistake", "blunder")
        assert entry["text"] and entry["best_text"]


def test_it_is_asked_by_a_player_once_the_game_is_over(alice, bob, carol):
    running = start_match("druidenwalzer", {"moon": alice, "sun": bob}, seed=9, rated=False)
    with pytest.raises(services.Conflict, match="once it is over"):
        review.request(running, alice)
    match = finished_game(alice, bob)
    with pytest.raises(services.Forbidden, match="Only the players"):
        review.request(match, carol)
    review.request(match, bob)
    with pytest.raises(services.Conflict, match="already under way"):
        review.request(match, alice)  # one review at a time per game
    assert Review.objects.count() == 1


def test_its_page_asks_shows_progress_and_the_result(client, alice, bob, carol):
    match = finished_game(alice, bob)
    path = reverse("game_review", args=[match.pk])
    client.force_login(alice)
    assert 'id="review-request"' in client.get(path).content.decode()
    assert client.post(path).status_code == 302
    page = client.get(path).content.decode()
    assert 'id="review-progress"' in page
    review.run(Review.objects.get().pk)
    client.force_login(carol)  # a spectator reads it too
    page = client.get(path).content.decode()
    assert "review-line" in page and ('id="review-marks"' in page or 'id="review-clean"' in page)
    assert 'id="review-request"' not in page
    game_page = client.get(reverse("game", args=[match.pk])).content.decode()
    assert 'id="review-link"' in game_page


def _play_state() -> dict:
    rules = get_rules("druidenwalzer")
    state = rules.new_game(21, {})
    while rules.to_json(state)["phase"] == "setup":
        state = rules.apply(state, rules.legal_moves(state)[0]).state
    return rules.to_json(state)


def test_a_decision_is_judged_from_the_movers_view_only():
    """Two games differing only in the opponent's hidden cards: the same review."""
    rules = get_rules("druidenwalzer")
    first = _play_state()
    second = copy.deepcopy(first)
    sun = second["players"]["sun"]
    sun["hand"], sun["draw_pile"][:3] = sun["draw_pile"][:3], sun["hand"]
    reviews = []
    for data in (first, second):
        state = rules.from_json(data)
        view = rules.view(state, "moon")
        legal = rules.legal_moves(state)
        reviews.append(review.review_decision(
            "druidenwalzer", view, legal, legal[-1], [], "moon", random.Random(3),
            Budget(iterations=300, cpu_seconds=None)))
    assert reviews[0] == reviews[1] and reviews[0] is not None


def test_it_marks_a_loss_of_chance(alice):
    assert review.mark(0.8, 0.45, "win") == "blunder"
    assert review.mark(0.6, 0.44, "win") == "mistake"
    assert review.mark(0.6, 0.51, "win") == "inaccuracy"
    assert review.mark(0.6, 0.54, "win") == ""
    assert review.mark(0.0, -9.0, "squares") == "blunder"


def test_it_flags_only_a_loss_beyond_the_estimates_noise():
    assert review.mark(0.6, 0.44, "win", noise=0.05) == "mistake"
    assert review.mark(0.6, 0.44, "win", noise=0.09) == ""  # within two standard errors
    assert review.mark(0.6, 0.51, "win", noise=0.05) == ""


def test_a_tutorial_or_table_game_of_more_seats_is_refused(alice, bob, carol):
    match = Match.objects.create(game="kasteel", state={}, seed=1, status="finished")
    for seat, user in (("0", alice), ("1", bob), ("2", carol)):
        Seat.objects.create(match=match, seat=seat, user=user)
    with pytest.raises(services.Conflict, match="two-player"):
        review.request(match, alice)


def test_a_stalled_review_may_be_asked_for_again(alice, bob):
    from datetime import timedelta

    from django.utils import timezone

    match = finished_game(alice, bob)
    first = review.request(match, alice)
    Review.objects.filter(pk=first.pk).update(
        updated_at=timezone.now() - review.STALLED - timedelta(seconds=1))
    again = review.request(match, bob)
    assert again.pk == first.pk and again.status == Review.Status.QUEUED


def test_it_reviews_kasteel_in_squares_of_progress(client, alice, bob):
    match = start_match("kasteel", {"0": alice, "1": bob}, seed=9, rated=False,
                        new_game={"players": 2, "limit": 1})
    rules = get_rules("kasteel")
    users = {"0": alice, "1": bob}
    for _ in range(40):
        match.refresh_from_db()
        state = rules.from_json(match.state)
        owed = rules.owed_by(state)
        if not owed:
            break
        services.play(match.pk, users[owed[0]], rules.legal_moves(state)[-1], match.version,
                      seat=owed[0])
    match.refresh_from_db()
    if not match.is_over:
        services.resign(match.pk, bob)
        match.refresh_from_db()
    done = review.run(review.request(match, alice).pk)
    assert done.status == Review.Status.DONE and done.decisions
    assert {entry["unit"] for entry in done.decisions} == {"squares"}
    assert all(entry["before"] is None and entry["value_after"] <= 0
               for entry in done.decisions)
    client.force_login(alice)
    page = client.get(reverse("game_review", args=[match.pk])).content.decode()
    assert "squares" in page or 'id="review-clean"' in page
