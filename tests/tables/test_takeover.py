"""Clocks at a table: a seat that times out is played by an AI player from then on;
the game goes on and ends; two-player games keep ending on a timeout."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.ai import levels_for
from games.core import services
from games.models import Match, MoveRecord
from tests.tables.helpers import RULES, full_table, match_of, play_out, players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def _owing_seat(match: Match):
    match.refresh_from_db()
    owed = RULES.owed_by(RULES.from_json(match.state))[0]
    return match.seats.select_related("user").get(seat=owed)


def test_it_hands_a_late_seat_to_an_ai_and_plays_on_to_the_end(alice):
    table = full_table(alice, players(2), limit=1)
    match = match_of(table)
    late = _owing_seat(match)
    ended = services.expire_deadlines(now=timezone.now() + timedelta(days=4))
    assert ended == []
    match.refresh_from_db()
    late.refresh_from_db()
    assert not match.is_over
    assert late.timed_out and late.takeover_level in levels_for("kasteel")
    record = match.records.get(version=match.version)
    assert record.kind == MoveRecord.Kind.TIMEOUT and record.seat == late.seat
    assert late.deadline is not None  # the AI owes the move now, on a fresh clock
    # The player cannot play the seat any more.
    state = RULES.from_json(match.state)
    with pytest.raises(services.Conflict, match="AI player plays this seat"):
        services.play(match.pk, late.user, RULES.legal_moves(state)[0], match.version)
    match = play_out(match)
    late.refresh_from_db()
    assert match.end_reason == Match.Reason.RULES
    assert late.result in ("win", "loss") and late.score is not None


def test_it_takes_a_resigning_seat_over_in_a_game_of_more_than_two(alice, bob, carol):
    table = full_table(alice, [bob, carol], limit=1)
    match = match_of(table)
    services.resign(match.pk, bob)
    match.refresh_from_db()
    seat = match.seats.get(user=bob)
    assert not match.is_over and seat.takeover_level and not seat.timed_out
    assert play_out(match).is_over


def test_it_keeps_the_two_player_timeout(alice, bob):
    match = services.start_match("druidenwalzer", {"moon": alice, "sun": bob})
    services.expire_deadlines(now=timezone.now() + timedelta(days=4))
    match.refresh_from_db()
    assert match.is_over and match.end_reason == Match.Reason.TIMEOUT


def test_it_mails_no_player_for_a_seat_an_ai_plays(alice, bob, carol, mailoutbox):
    from games.realtime.notifications import notify_turn

    table = full_table(alice, [bob, carol], limit=1)
    match = match_of(table)
    late = _owing_seat(match)
    services.expire_deadlines(now=timezone.now() + timedelta(days=4))
    match.refresh_from_db()
    late.refresh_from_db()
    assert not notify_turn(late.pk, match.version)
    assert mailoutbox == []
