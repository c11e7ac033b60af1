"""verify_games checks what is derived from the games, not only the games: ratings,
their history and ladder places against a replay, naming every difference."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.models import Match
from ladders import ratings, services
from ladders.models import LadderEntry, RatingChange
from tests.conftest import make_user
from tests.ladders.helpers import fill, standings, win

pytestmark = pytest.mark.django_db


def verify(*args: str) -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("verify_games", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code), out.getvalue()
    return 0, out.getvalue()


@pytest.fixture
def played(ladder, finished):
    """Four players; dave beats bob, then carol beats dave (dave in both)."""
    players = {name: make_user(name) for name in ("alice", "bob", "carol", "dave")}
    fill(ladder, players.values())
    first = services.challenge(ladder.pk, players["dave"], players["bob"])
    finished(win, first, players["dave"])
    second = services.challenge(ladder.pk, players["carol"], players["dave"])
    finished(win, second, players["carol"])
    return first, second


def test_a_clean_site_verifies(played):
    code, out = verify()
    assert code == 0, out
    assert out.splitlines()[-2] == ("derived: ratings (druidenwalzer), places on 1 ladder "
                                    "checked against a replay: 0 differ")


def test_it_catches_a_game_rated_out_of_order(played, staff, finished):
    first, _second = played
    finished(services.correct_result, first.pk, staff, "annul", "a mistake")
    # Plant bug 1: the correction rated on today's ratings, as if the game ended last.
    Match.objects.filter(pk=first.match_id).update(end_reason="corrected")
    match = Match.objects.get(pk=first.match_id)
    for seat in match.seats.all():
        seat.result = "win" if seat.user_id == first.challenger_id else "loss"
        seat.save()
    ratings.rate_match(first.match_id)
    assert RatingChange.objects.filter(match_id=first.match_id).exists()

    code, out = verify()
    assert code == 1
    assert f"history druidenwalzer game {first.match_id} dave: rating before" in out
    assert "rating druidenwalzer carol: rating" in out  # the later game was not replayed


def test_it_catches_a_player_left_out_of_place(played, ladder, staff, finished):
    first, _second = played
    finished(services.correct_result, first.pk, staff, "annul", "a mistake")
    order = standings(ladder)
    # Plant bug 2: only the two players of the annulled game swapped back.
    entries = {e.user.username: e for e in LadderEntry.objects.filter(ladder=ladder)}
    wrong = ["alice", "bob", "dave", "carol"]
    assert order != wrong
    for place, name in enumerate(wrong, 1):
        LadderEntry.objects.filter(pk=entries[name].pk).update(position=100 + place)
    for place, name in enumerate(wrong, 1):
        LadderEntry.objects.filter(pk=entries[name].pk).update(position=place)

    code, out = verify()
    assert code == 1
    assert f"ladder {ladder.pk} (Spring ladder): dave at 3, the replay puts them at 4" in out


def test_no_derived_skips_the_check(played):
    Match.objects.update()  # nothing changed
    RatingChange.objects.filter(user__username="bob").update(rating_after=1)
    assert verify("--no-derived")[0] == 0
    assert verify()[0] == 1
