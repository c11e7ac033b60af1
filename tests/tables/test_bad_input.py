"""A table refuses what it cannot be, with a 400 naming the problem."""

from __future__ import annotations

import pytest

from games.core.errors import Forbidden, ServiceError
from games.lobby import tables

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.mark.parametrize("size", [1, 13, 0])
def test_it_refuses_a_number_of_seats_out_of_range(alice, size):
    with pytest.raises(ServiceError, match="number of seats must be from 2 to 12") as error:
        tables.open_table(alice, game="kasteel", size=size)
    assert error.value.status == 400


@pytest.mark.parametrize("size", [3, 5, 2])
def test_it_refuses_teams_with_an_odd_or_too_small_table(alice, size):
    with pytest.raises(ServiceError, match="Teams need an even number of seats, at least 4"):
        tables.open_table(alice, game="kasteel", size=size, teams=True)


def test_it_refuses_a_length_limit_out_of_range(alice):
    with pytest.raises(ServiceError, match="length limit must be from 1 to 100"):
        tables.open_table(alice, game="kasteel", size=4, limit=0)


def test_it_refuses_a_two_player_game(alice):
    with pytest.raises(ServiceError, match="challenge a player instead"):
        tables.open_table(alice, game="druidenwalzer", size=2)


def test_it_refuses_joining_twice_and_a_full_table(alice, bob, carol):
    table = tables.open_table(alice, game="kasteel", size=3)
    tables.join_table(table.pk, bob)
    with pytest.raises(ServiceError, match="at this table already") as error:
        tables.join_table(table.pk, bob)
    assert error.value.status == 400
    tables.invite(table.pk, alice, "carol")
    from tests.conftest import make_user

    with pytest.raises(ServiceError, match="This table is full"):
        tables.join_table(table.pk, make_user("dave"))


def test_it_lets_only_the_creator_add_ai_players_and_only_players_invite(alice, bob, carol):
    table = tables.open_table(alice, game="kasteel", size=4)
    with pytest.raises(Forbidden):
        tables.add_ai(table.pk, bob, "random")
    with pytest.raises(Forbidden):
        tables.invite(table.pk, carol, "bob")
