"""'Counts for nothing': an annulled game leaves the order as if it had never been
played, third players included, and the ladder games after it are applied again."""

from __future__ import annotations

import pytest

from ladders import services
from ladders.verify import ladder_differences
from tests.conftest import make_user
from tests.ladders.helpers import fill, standings, win

pytestmark = pytest.mark.django_db

NAMES = ("alice", "bob", "dave", "frank", "carol", "grace", "heidi")


@pytest.fixture
def seven(ladder):
    ladder.challenge_range = 5
    ladder.save()
    players = {name: make_user(name) for name in NAMES}
    fill(ladder, players.values())
    return players


def test_an_annulment_puts_third_players_back(ladder, seven, staff, finished):
    game = services.challenge(ladder.pk, seven["heidi"], seven["frank"])
    finished(win, game, seven["heidi"])
    assert standings(ladder)[3:] == ["heidi", "frank", "carol", "grace"]

    finished(services.correct_result, game.pk, staff, "annul", "played by someone else")

    assert standings(ladder) == list(NAMES)
    assert ladder_differences(ladder) == []


def test_an_annulment_applies_the_later_games_again(ladder, seven, staff, finished):
    first = services.challenge(ladder.pk, seven["heidi"], seven["frank"])
    finished(win, first, seven["heidi"])  # heidi 4th, frank 5th, carol 6th, grace 7th
    later = services.challenge(ladder.pk, seven["grace"], seven["carol"])
    finished(win, later, seven["grace"])  # grace takes carol's 6th place
    assert standings(ladder)[3:] == ["heidi", "frank", "grace", "carol"]

    finished(services.correct_result, first.pk, staff, "annul", "played by someone else")

    # Without the first game, grace (6th) beat carol (5th): grace 5th, carol 6th.
    assert standings(ladder) == ["alice", "bob", "dave", "frank", "grace", "carol", "heidi"]
    assert ladder_differences(ladder) == []


def test_undoing_the_annulment_restores_the_order(ladder, seven, staff, finished):
    game = services.challenge(ladder.pk, seven["heidi"], seven["frank"])
    finished(win, game, seven["heidi"])
    played = standings(ladder)
    finished(services.correct_result, game.pk, staff, "annul", "a mistake")
    finished(services.correct_result, game.pk, staff, "challenger", "no mistake after all")
    assert standings(ladder) == played
    assert ladder_differences(ladder) == []


def test_verify_names_a_player_out_of_place(ladder, seven, finished):
    game = services.challenge(ladder.pk, seven["heidi"], seven["frank"])
    finished(win, game, seven["heidi"])
    from ladders.models import LadderEntry

    entries = {e.user.username: e for e in LadderEntry.objects.filter(ladder=ladder)}
    LadderEntry.objects.filter(pk=entries["heidi"].pk).update(position=100)
    LadderEntry.objects.filter(pk=entries["grace"].pk).update(position=4)
    found = ladder_differences(ladder)
    assert any("grace at 4, the replay puts them at 7" in line for line in found), found
