"""Opening a table, joining, inviting, leaving, cancelling; the start when full."""

from __future__ import annotations

import pytest

from games.core.errors import Forbidden, ServiceError
from games.lobby import tables
from games.models import Match, Table
from tests.tables.helpers import full_table, match_of, players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_opens_a_table_with_its_creator_seated(alice):
    table = tables.open_table(alice, game="kasteel", size=5, days_per_move=2)
    assert table.status == Table.Status.OPEN and table.size == 5
    assert table.limit == 7 and not table.teams  # the default for five seats
    assert [p.user for p in table.places.all()] == [alice]


def test_it_starts_the_match_when_every_seat_is_taken(alice, bob, carol):
    table = tables.open_table(alice, game="kasteel", size=3, limit=2)
    tables.join_table(table.pk, bob)
    assert not Match.objects.exists()
    tables.join_table(table.pk, carol)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    match = match_of(table)
    assert match.options["new_game"] == {"players": 3, "limit": 2}
    assert sorted(match.seats.values_list("seat", flat=True)) == ["0", "1", "2"]
    assert {s.user for s in match.seats.all()} == {alice, bob, carol}
    assert sorted(table.places.values_list("position", flat=True)) == [0, 1, 2]


def test_it_keeps_the_team_option_for_the_rules(alice):
    table = full_table(alice, players(3), teams=True, limit=1)
    match = match_of(table)
    assert match.options["new_game"] == {"players": 4, "teams": True, "limit": 1}
    assert match.state["teams"] is True


def test_it_invites_a_player_who_then_joins_or_declines(alice, bob, carol):
    table = tables.open_table(alice, game="kasteel", size=3)
    tables.invite(table.pk, alice, "BOB")
    tables.invite(table.pk, alice, "carol")
    assert tables.free_seats(table) == 0 and not Match.objects.exists()
    tables.leave_table(table.pk, carol)  # declines
    tables.join_table(table.pk, bob)  # accepts
    assert not Match.objects.exists()
    assert list(table.places.values_list("user__username", "invited")) == [
        ("alice", False), ("bob", False)]


def test_it_lets_players_leave_before_the_start_and_the_creator_cancel(alice, bob):
    table = tables.open_table(alice, game="kasteel", size=4)
    tables.join_table(table.pk, bob)
    tables.leave_table(table.pk, bob)
    assert table.places.count() == 1
    with pytest.raises(ServiceError, match="cancel it instead"):
        tables.leave_table(table.pk, alice)
    with pytest.raises(Forbidden):
        tables.cancel_table(table.pk, bob)
    tables.cancel_table(table.pk, alice)
    table.refresh_from_db()
    assert table.status == Table.Status.CANCELLED
    with pytest.raises(ServiceError, match="no longer open"):
        tables.join_table(table.pk, bob)


def test_it_fills_seats_with_ai_players_of_a_level(alice):
    table = tables.open_table(alice, game="kasteel", size=3, limit=1)
    with pytest.raises(ServiceError, match="AI level must be one of"):
        tables.add_ai(table.pk, alice, "grandmaster")
    tables.add_ai(table.pk, alice, "random")
    tables.add_ai(table.pk, alice, "random")  # one AI account may hold several seats
    match = match_of(Table.objects.get())
    assert sorted(s.user.username for s in match.seats.all()) == ["Sprite", "Sprite", "alice"]
