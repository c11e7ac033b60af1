"""Every admin action and every position change leaves an audit row: who, what, when."""

import pytest

from ladders import services
from ladders.models import Ladder
from tests.ladders.helpers import actions, fill, last_audit, win

pytestmark = pytest.mark.django_db


def test_it_records_who_did_what_and_when(ladder, staff, alice, bob, carol, finished):
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    services.add_player(ladder.pk, staff, carol, 1)
    services.move_player(ladder.pk, staff, carol, 3)
    services.set_status(ladder.pk, staff, Ladder.Status.FROZEN)
    services.set_status(ladder.pk, staff, Ladder.Status.OPEN)
    services.remove_player(ladder.pk, staff, alice)
    services.correct_result(game.pk, staff, "defender", "bob played an illegal card")
    services.set_status(ladder.pk, staff, Ladder.Status.CLOSED)
    assert actions(ladder) == [
        "join", "join", "challenge", "result", "add", "move", "freeze", "unfreeze", "remove",
        "correct", "close",
    ]
    by_staff = ladder.audit.exclude(action__in=["join", "challenge", "result"])
    assert {entry.actor for entry in by_staff} == {staff}
    assert all(entry.at is not None for entry in ladder.audit.all())
    assert last_audit(ladder, "challenge").actor == bob
    assert last_audit(ladder, "result").actor is None  # the site applied it
    assert last_audit(ladder, "move").detail["position"] == [1, 3]


def test_it_records_a_correction_without_moving_anyone(ladder, staff, alice, bob, finished):
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    services.correct_result(game.pk, staff, "defender", "disconnection dispute")
    match = game.match
    match.refresh_from_db()
    assert match.seats.get(user=alice).result == "win"
    assert match.seats.get(user=bob).result == "loss"
    assert match.winner_seat == match.seats.get(user=alice).seat
    entry = last_audit(ladder, "correct")
    assert entry.detail["before"] == {"alice": "loss", "bob": "win"}
    assert entry.detail["after"] == {"alice": "win", "bob": "loss"}
    assert entry.detail["note"] == "disconnection dispute"
    assert list(ladder.entries.order_by("position").values_list("user__username", flat=True)) == [
        "bob", "alice"]


def test_it_refuses_admin_actions_to_players(ladder, alice, bob):
    fill(ladder, [alice, bob])
    for call in (
        lambda: services.add_player(ladder.pk, alice, bob),
        lambda: services.move_player(ladder.pk, alice, alice, 2),
        lambda: services.remove_player(ladder.pk, alice, bob),
        lambda: services.set_status(ladder.pk, alice, Ladder.Status.CLOSED),
        lambda: services.correct_result(1, alice, "draw"),
    ):
        with pytest.raises(services.Forbidden):
            call()
    assert actions(ladder) == ["join", "join"]
