"""The socket snapshot's reads with SQL built once give what the ORM's reads give:
the same payload for every viewer and every version, in every game, running and over."""

from __future__ import annotations

import random

import pytest

from games.core import services
from games.core.visibility import match_payload, records_payload
from games.models import Match
from games.realtime.snapshot_reads import read_match, read_records
from tests.conftest import make_user
from tests.security.randomgames import KINDS, play, start

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def _same_as_the_orm(match_id: int) -> None:
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.select_related("user"))
    read, read_seats = read_match(match_id)
    assert [(s.pk, s.seat, s.user_id, s.user.username, s.user.is_bot, s.deadline,
             s.paused_remaining, s.result, s.timed_out, s.takeover_level, s.removed)
            for s in read_seats] == [
        (s.pk, s.seat, s.user_id, s.user.username, s.user.is_bot, s.deadline,
         s.paused_remaining, s.result, s.timed_out, s.takeover_level, s.removed)
        for s in seats]
    for viewer in [seat.seat for seat in seats] + [None]:
        assert match_payload(read, viewer, read_seats) == match_payload(match, viewer, seats)
        for since in sorted({0, 1, match.version // 2, match.version}):
            assert records_payload(read, viewer, since, read_records(match_id, since)) == (
                records_payload(match, viewer, since))


@pytest.mark.parametrize("kind", list(KINDS))
def test_it_reads_what_the_orm_reads(kind):
    players = [make_user(f"p{i}") for i in range(4)]
    rng = random.Random(kind)
    match = start(kind, players, seed=rng.randrange(2**40), past_setup=True)
    match = play(match, 8, rng, api=False)
    _same_as_the_orm(match.pk)
    services.resign(match.pk, players[0])
    _same_as_the_orm(match.pk)  # over: the result and the seed are shown


def test_it_reads_nothing_of_a_game_that_does_not_exist():
    assert read_match(987_654_321) is None
    assert read_records(987_654_321, 0) == []
