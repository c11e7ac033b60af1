"""The writes that once went around the write path now go through games.core.commit.

Each was a hole: an admin's correction, a vacation and a repeated resignation at
a table changed what clients see without a version, a log record or a broadcast.
"""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.core import clocks, services
from games.core.commit import Committed, match_committed
from games.core.errors import Conflict, Forbidden, ServiceError
from games.core.verify import verify_game
from games.management.commands.verify_games import stored_game
from games.models import Match, MoveRecord
from tests.games.helpers import new_game, play_first
from tests.tables.helpers import full_table, match_of, players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """The values that match_committed announced during the test."""
    seen: list[Committed] = []

    def listen(sender, committed, **kwargs):
        seen.append(committed)

    match_committed.connect(listen, dispatch_uid="test-listen")
    yield seen
    match_committed.disconnect(dispatch_uid="test-listen")


def _resigned(alice, bob) -> Match:
    match = new_game(alice, bob)
    play_first(match)
    return services.resign(match.pk, bob).match


def test_it_commits_a_correction_with_its_reason_and_a_new_version(
        alice, bob, staff, committed, django_capture_on_commit_callbacks):
    match = _resigned(alice, bob)
    version = match.version
    with django_capture_on_commit_callbacks(execute=True):
        result = services.correct_result(match.pk, staff, "sun", "bob's resignation was a misclick")
    match.refresh_from_db()
    assert match.version == version + 1
    assert match.end_reason == Match.Reason.CORRECTED
    assert match.winner_seat == "sun"
    assert {s.seat: s.result for s in match.seats.all()} == {"moon": "loss", "sun": "win"}
    record = match.records.get(version=match.version)
    assert record.kind == MoveRecord.Kind.CORRECT
    assert record.events == [{"type": "correct", "winner": "sun", "was": "moon",
                              "reason": "bob's resignation was a misclick"}]
    assert [c.version for c in committed] == [match.version]
    assert committed[0].result_changed and result.version == match.version
    assert verify_game(stored_game(match)) is None


def test_it_refuses_a_correction_that_changes_nothing(alice, bob, staff):
    match = _resigned(alice, bob)
    with pytest.raises(Conflict):
        services.correct_result(match.pk, staff, "moon", "no change")
    assert Match.objects.get(pk=match.pk).version == match.version


def test_it_refuses_corrections_of_running_games_by_players_or_without_a_reason(
        alice, bob, staff):
    running = new_game(alice, bob)
    with pytest.raises(Conflict):
        services.correct_result(running.pk, staff, "sun", "too early")
    finished = _resigned(alice, bob)
    with pytest.raises(Forbidden):
        services.correct_result(finished.pk, alice, "sun", "I say so")
    with pytest.raises(ServiceError):
        services.correct_result(finished.pk, staff, "sun", "   ")
    with pytest.raises(ServiceError):
        services.correct_result(finished.pk, staff, "nobody", "no such seat")
    assert Match.objects.get(pk=finished.pk).version == finished.version


def test_verify_games_catches_a_result_changed_around_the_log(alice, bob, staff):
    match = _resigned(alice, bob)
    services.correct_result(match.pk, staff, "sun", "decided")
    match.seats.filter(seat="moon").update(result="win")
    assert verify_game(stored_game(Match.objects.get(pk=match.pk))) == (
        "results.moon (differs from winner_seat)")
    Match.objects.filter(pk=match.pk).update(winner_seat="moon")
    assert verify_game(stored_game(Match.objects.get(pk=match.pk))) == (
        "winner_seat (differs from the correction)")


def test_verify_games_checks_an_annulment_against_its_log(alice, bob, staff):
    match = _resigned(alice, bob)
    services.annul_result(match.pk, staff, "a wrong table")
    assert verify_game(stored_game(Match.objects.get(pk=match.pk))) is None
    match.seats.filter(seat="moon").update(result="win")
    assert verify_game(stored_game(Match.objects.get(pk=match.pk))) == (
        "results.moon (a result in an annulled game)")


def test_it_commits_a_vacation_pause_and_resume_to_each_game(
        alice, bob, committed, django_capture_on_commit_callbacks):
    waiting = new_game(alice, bob)  # alice (moon) owes the first move
    version = waiting.version
    with django_capture_on_commit_callbacks(execute=True):
        clocks.start_vacation(alice)
    waiting.refresh_from_db()
    assert waiting.version == version + 1
    assert waiting.records.get(version=waiting.version).kind == MoveRecord.Kind.PAUSE
    with django_capture_on_commit_callbacks(execute=True):
        clocks.end_vacation(alice, timezone.now())
    waiting.refresh_from_db()
    assert waiting.version == version + 2
    assert waiting.records.get(version=waiting.version).kind == MoveRecord.Kind.RESUME
    assert [c.kind for c in committed] == ["pause", "resume"]
    assert verify_game(stored_game(waiting)) is None


def test_it_leaves_games_where_the_player_owes_nothing_alone(alice, bob):
    waiting = new_game(bob, alice)  # bob owes the move
    clocks.start_vacation(alice)
    assert Match.objects.get(pk=waiting.pk).version == waiting.version


def test_it_refuses_a_second_resignation_of_a_seat_at_a_table(alice, bob):
    table = full_table(alice, players(3, "r"))
    match = match_of(table)
    services.resign(match.pk, alice)
    version = Match.objects.get(pk=match.pk).version
    with pytest.raises(Conflict):
        services.resign(match.pk, alice)
    match.refresh_from_db()
    assert match.version == version
    assert match.records.filter(kind=MoveRecord.Kind.RESIGN).count() == 1
    assert verify_game(stored_game(match)) is None
