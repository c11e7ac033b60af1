"""Hints and reviews give the AI the seat's whole log, opening with its first
view (the start record the AI players get too), so its memory is the same."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from games.ai_players.bots import ensure_bot_accounts
from games.core.verify import new_game_options
from games.learning import hints, review
from games.models import Review
from games.rules import get_rules

from .test_hints import vs_ai
from .test_review import finished_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture(autouse=True)
def setup(db, settings):
    ensure_bot_accounts()
    settings.HINT_CPU_SECONDS = 0.05
    settings.REVIEW_CPU_SECONDS = 0.01
    cache.clear()
    yield
    cache.clear()


def _first_view(match, seat):
    rules = get_rules(match.game)
    return rules.view(rules.new_game(match.seed, new_game_options(match.options)), seat)


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra"])
def test_it_opens_the_hints_log_with_the_seats_first_view(alice, game, monkeypatch):
    match = vs_ai(alice, game=game)
    seen = []
    monkeypatch.setattr(hints, "advise",
                        lambda game, view, legal, rng, budget, history, count: seen.append(
                            history) or [])
    hints.hints(match, alice)
    seat = match.seats.get(user=alice).seat
    assert seen and seen[0][0] == {"type": "start", "view": _first_view(match, seat)}


def test_it_opens_each_reviewed_decisions_log_with_the_movers_first_view(alice, bob,
                                                                         monkeypatch):
    match = finished_game(alice, bob, "druidenwalzer")
    seen = []

    def judged(game, view, legal, move, rng, budget, history):
        seen.append((view["viewer"], history))

    monkeypatch.setattr(review, "judge", judged)
    done = review.run(review.request(match, alice).pk)
    assert done.status == Review.Status.DONE and seen
    for seat, history in seen:
        assert history[0] == {"type": "start", "view": _first_view(match, seat)}
        assert all(event.get("type") != "start" for event in history[1:])
