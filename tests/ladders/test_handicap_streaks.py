"""The rematch rule across a run of ladder games, on and off as the ladder says."""

import pytest

from ladders import services
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


def removed(game, user) -> list[int]:
    return game.match.seats.get(user=user).removed


def play_series(ladder, alice, bob, finished, results):
    """Alternate challenges between the two; ``results`` names each game's winner."""
    ladder.cooldown_days = 0
    ladder.save()
    fill(ladder, [alice, bob])
    seen = []
    for winner in results:
        below = ladder.entries.order_by("-position").first().user
        above = alice if below == bob else bob
        game = services.challenge(ladder.pk, below, above)
        seen.append((removed(game, alice), removed(game, bob)))
        finished(win, game, {"alice": alice, "bob": bob}[winner])
    return seen


def test_it_applies_the_rematch_rule_when_the_ladder_says_so(ladder, alice, bob, finished):
    seen = play_series(ladder, alice, bob, finished, ["bob", "bob", "bob", "alice", "alice"])
    assert seen == [
        ([], []),   # no history yet
        ([], [2]),  # bob won the last game: he plays without a 2
        ([], [3]),  # two wins in a row: without a 3
        ([], [3]),  # further wins keep the 3
        ([2], []),  # alice ended the streak and starts her own
    ]


def test_it_plays_without_handicaps_when_the_ladder_turns_the_rule_off(ladder, alice, bob,
                                                                        finished):
    ladder.rematch_handicap = False
    ladder.save()
    seen = play_series(ladder, alice, bob, finished, ["bob", "bob", "bob"])
    assert seen == [([], []), ([], []), ([], [])]
    assert all(not g.match.options["handicap_reasons"] for g in ladder.games.all())


def test_it_shows_the_reason_on_the_game(ladder, alice, bob, finished):
    play_series(ladder, alice, bob, finished, ["bob"])
    game = services.challenge(ladder.pk, alice, bob)
    reasons = game.match.options["handicap_reasons"]
    assert any("Rematch rule" in text and "bob" in text for text in reasons.values())
