"""Frozen ladders hold still (results wait for the thaw); closed ladders are final."""

import pytest

from ladders import services
from ladders.models import Ladder, LadderGame
from tests.ladders.helpers import actions, fill, standings, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(ladder, alice, bob, carol):
    fill(ladder, [alice, bob, carol])
    return ladder


def test_it_refuses_joins_while_frozen(three, staff, players):
    services.set_status(three.pk, staff, Ladder.Status.FROZEN)
    with pytest.raises(services.Conflict):
        services.join(three.pk, players[0])


def test_it_applies_results_of_a_frozen_ladder_when_it_reopens(three, staff, alice, bob, carol,
                                                                finished):
    first = services.challenge(three.pk, carol, bob)
    second = services.challenge(three.pk, bob, alice)
    services.set_status(three.pk, staff, Ladder.Status.FROZEN)
    finished(win, first, carol)
    finished(win, second, bob)
    assert standings(three) == ["alice", "bob", "carol"]
    assert not LadderGame.objects.filter(resolved=True).exists()
    finished(services.set_status, three.pk, staff, Ladder.Status.OPEN)
    # In the order the games ended: carol passes bob, then bob (now 3rd) beats alice.
    assert standings(three) == ["bob", "alice", "carol"]
    assert actions(three)[-3:] == ["unfreeze", "result", "result"]


def test_it_lets_admins_move_players_while_frozen(three, staff, carol):
    services.set_status(three.pk, staff, Ladder.Status.FROZEN)
    services.move_player(three.pk, staff, carol, 1)
    assert standings(three) == ["carol", "alice", "bob"]


def test_it_keeps_the_final_standings_of_a_closed_ladder(three, staff, bob, carol, finished):
    game = services.challenge(three.pk, carol, bob)
    services.set_status(three.pk, staff, Ladder.Status.CLOSED)
    finished(win, game, carol)
    assert standings(three) == ["alice", "bob", "carol"]
    game.refresh_from_db()
    assert game.resolved and game.outcome == LadderGame.Outcome.CLOSED


def test_it_never_reopens_a_closed_ladder(three, staff, alice, players):
    services.set_status(three.pk, staff, Ladder.Status.CLOSED)
    for call in (
        lambda: services.set_status(three.pk, staff, Ladder.Status.OPEN),
        lambda: services.join(three.pk, players[0]),
        lambda: services.leave(three.pk, alice),
        lambda: services.move_player(three.pk, staff, alice, 2),
    ):
        with pytest.raises(services.Conflict):
            call()
    assert standings(three) == ["alice", "bob", "carol"]


def test_it_lets_only_staff_change_the_status(three, alice):
    with pytest.raises(services.Forbidden):
        services.set_status(three.pk, alice, Ladder.Status.FROZEN)
    assert Ladder.objects.get(pk=three.pk).status == Ladder.Status.OPEN
