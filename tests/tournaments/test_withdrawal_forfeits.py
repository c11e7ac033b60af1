"""A withdrawn player's forfeited games are unrated by default, as a ladder's removals
(docs/tournaments.md); a tournament that rates withdrawals rates them."""

from __future__ import annotations

import pytest

from games.models import Match
from ladders.models import RatingChange
from tests.tournaments.conftest import rated
from tests.tournaments.play import running, started
from tournaments import services


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra"])
def test_a_withdrawal_forfeit_is_unrated_by_default(make_tournament, staff, run, game):
    players = [rated(f"w{n}", 1600 - n, game) for n in range(2)]
    cup = started(run, make_tournament, players, staff, game=game, format="swiss",
                  round_count=1)
    match_id = running(cup)[0].match_id
    run(services.withdraw, cup.pk, staff, players[1], "left the club")
    match = Match.objects.get(pk=match_id)
    assert match.is_over and not match.rated
    assert not RatingChange.objects.exists()


def test_a_tournament_that_rates_withdrawals_rates_the_forfeit(make_tournament, staff, run):
    players = [rated(f"w{n}", 1600 - n) for n in range(2)]
    cup = started(run, make_tournament, players, staff, format="swiss", round_count=1,
                  rate_withdrawals=True)
    match_id = running(cup)[0].match_id
    run(services.withdraw, cup.pk, staff, players[1], "left the club")
    assert Match.objects.get(pk=match_id).rated
    assert RatingChange.objects.filter(match_id=match_id).count() == 2


def test_a_withdrawn_players_kasteel_seat_plays_on_unrated(make_tournament, staff, run):
    players = [rated(f"k{n}", 1600 - n, "kasteel") for n in range(3)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=3)
    match_id = running(cup)[0].match_id
    run(services.withdraw, cup.pk, staff, players[0], "left the club")
    match = Match.objects.get(pk=match_id)
    assert not match.is_over and not match.rated
