"""The site cancels a running game it no longer wants (a knockout's bracket changed):
one commit, ended annulled with the reason in its log, and verify_games agrees."""

from __future__ import annotations

import pytest

from games.core import services
from games.core.errors import Conflict
from games.core.verify import verify_game
from games.management.commands.verify_games import stored_game
from games.models import Match, MoveRecord, Seat
from tests.games.helpers import new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_ends_a_running_game_annulled_in_one_commit(alice, bob):
    match = new_game(alice, bob)
    play_first(match)
    before = Match.objects.get(pk=match.pk).version
    services.cancel_running(match.pk, "the bracket changed")
    match = Match.objects.get(pk=match.pk)
    assert match.status == Match.Status.FINISHED and match.end_reason == Match.Reason.ANNULLED
    assert match.version == before + 1 and match.end_detail == "the bracket changed"
    assert set(match.seats.values_list("result", flat=True)) == {Seat.Result.NONE}
    assert all(s.deadline is None for s in match.seats.all())
    record = match.records.get(version=match.version)
    assert record.kind == MoveRecord.Kind.ANNUL and record.events[0]["cancelled"]
    assert verify_game(stored_game(match)) is None


def test_it_refuses_a_game_that_is_over(alice, bob):
    match = new_game(alice, bob)
    services.resign(match.pk, bob)
    with pytest.raises(Conflict):
        services.cancel_running(match.pk, "too late")
