"""A director pairs two players by hand in a Swiss round not yet started; the engine
checks each edit (no repeat unless allowed, no forbidden pair, seats that can be
balanced) and the rest of the field is paired as usual."""

from __future__ import annotations

import pytest

from games.core.errors import Conflict, Forbidden, ServiceError
from tests.conftest import make_user
from tests.tournaments.play import higher_wins, running, started
from tournaments import arbiter
from tournaments.models import PairingEdit, TournamentDirector
from tournaments.pairing import Entrant, GameResult, PairingError
from tournaments.pairing.swiss_edits import check_fixed_pairing

pytestmark = pytest.mark.django_db


def test_the_engine_checks_an_edit():
    field = [Entrant(i, 2000 - i) for i in range(1, 5)]
    games = [GameResult(1, 1, 3, 1.0), GameResult(1, 4, 2, 0.0)]
    pairing = check_fixed_pairing(field, games, [], round_number=2, seed=1, first=1, second=2)
    assert {pairing.first, pairing.second} == {1, 2}
    with pytest.raises(PairingError, match="met already"):
        check_fixed_pairing(field, games, [], round_number=2, seed=1, first=3, second=1)
    assert check_fixed_pairing(field, games, [], round_number=2, seed=1, first=3, second=1,
                               allow_repeat=True)
    with pytest.raises(PairingError, match="forbidden"):
        check_fixed_pairing(field, games, [], round_number=2, seed=1, first=1, second=2,
                            forbidden=[(2, 1)])
    with pytest.raises(PairingError, match="themselves"):
        check_fixed_pairing(field, games, [], round_number=2, seed=1, first=1, second=1)


@pytest.fixture
def cup(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff, format="swiss", round_count=3)
    TournamentDirector.objects.create(tournament=cup, user=make_user("dora"))
    return cup


def test_a_director_pairs_two_players_in_the_next_round(cup, field, run):
    director = cup.directors.get().user
    first_round = {frozenset((g.first_id, g.second_id)) for g in running(cup)}
    unmet = next((a, b) for a in field[:4] for b in field[:4]
                 if a.pk < b.pk and frozenset((a.pk, b.pk)) not in first_round)
    met = next(iter(first_round))
    with pytest.raises(ServiceError, match="met already"):
        arbiter.edit_pairing(cup.pk, director, *[u for u in field[:4] if u.pk in met], 2,
                             False, "again")
    with pytest.raises(Conflict, match="Round 1 has started"):
        arbiter.edit_pairing(cup.pk, director, *unmet, 1, False, "too late")
    run(arbiter.edit_pairing, cup.pk, director, *unmet, 2, False, "club rivals")
    with pytest.raises(Conflict, match="already"):
        arbiter.edit_pairing(cup.pk, director, unmet[0], next(
            u for u in field[:4] if u not in unmet), 2, True, "twice")
    assert PairingEdit.objects.count() == 1
    assert cup.audit.get(action="pairing").detail["reason"] == "club rivals"
    higher_wins(run, cup)
    second_round = {frozenset((g.first_id, g.second_id)) for g in running(cup)}
    assert frozenset((unmet[0].pk, unmet[1].pk)) in second_round and len(second_round) == 2


def test_only_directors_edit_pairings(cup, field):
    with pytest.raises(Forbidden):
        arbiter.edit_pairing(cup.pk, field[0], field[0], field[1], 2, False, "mine")
    assert not PairingEdit.objects.exists()
