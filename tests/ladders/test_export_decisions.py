"""The games CSV carries the admins' decisions (the one in force in the games part,
every one in the decisions part: who, when, what, the reason, the disputes it
closed), and the export equals the decisions stored, whatever sequence of them."""

from __future__ import annotations

import csv
import io

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import disputes
from games.core.errors import ServiceError
from games.models import Match, MoveRecord
from ladders import services
from ladders.models import Ladder, LadderGame
from tests.conftest import make_user
from tests.ladders.helpers import fill, win

pytestmark = pytest.mark.django_db


def csv_part(client, ladder, part: str) -> list[dict[str, str]]:
    text = client.get(f"/ladders/{ladder.pk}/export.csv?part={part}").content.decode()
    return list(csv.DictReader(io.StringIO(text)))


def result_now(match: Match) -> str:
    """The game's result in the export's words, read from the game itself."""
    if match.end_reason == Match.Reason.ANNULLED:
        return "annulled"
    if not match.winner_seat:
        return "draw"
    names = {seat.seat: seat.user.username for seat in match.seats.select_related("user")}
    return f"{names[match.winner_seat]} won"


@pytest.fixture
def decided(ladder, staff, finished):
    """bob beats alice; alice disputes; the admin annuls on the dispute, then corrects
    the game to alice's win from the ladder."""
    alice, bob = make_user("alice"), make_user("bob")
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    dispute = disputes.open_dispute(game.match_id, alice, "bob used an engine")
    finished(disputes.rule, dispute.pk, staff, "annul", "fair play breach")
    finished(services.correct_result, game.pk, staff, "defender", "checked again: alice won")
    return game


def test_the_games_part_has_the_decision_in_force(decided, ladder, client, staff):
    client.force_login(staff)
    row = next(r for r in csv_part(client, ladder, "games")
               if r["game"] == str(decided.match_id))
    assert row["decision"] == "correct"
    assert row["decided_result"] == "alice won"
    assert row["decided_by"] == "root"
    assert row["decision_reason"] == "checked again: alice won"
    assert row["decided_at"]
    assert row["decision_count"] == "2"


def test_the_decisions_part_lists_each_decision_with_its_dispute(decided, ladder, client,
                                                                 staff):
    client.force_login(staff)
    rows = csv_part(client, ladder, "decisions")
    assert [(r["decision"], r["before"], r["result"], r["by"], r["reason"]) for r in rows] == [
        ("annul", "bob won", "annulled", "root", "fair play breach"),
        ("correct", "annulled", "alice won", "root", "checked again: alice won")]
    assert (rows[0]["disputed_by"], rows[0]["dispute_reason"]) == ("alice",
                                                                    "bob used an engine")
    assert rows[1]["disputed_by"] == ""


def test_an_upheld_dispute_is_a_row_that_changes_nothing(ladder, staff, finished, client):
    alice, bob = make_user("alice"), make_user("bob")
    fill(ladder, [alice, bob])
    game = services.challenge(ladder.pk, bob, alice)
    finished(win, game, bob)
    dispute = disputes.open_dispute(game.match_id, alice, "I misclicked")
    finished(disputes.rule, dispute.pk, staff, "uphold", "a misclick stands")
    client.force_login(staff)
    rows = csv_part(client, ladder, "decisions")
    assert [(r["decision"], r["result"], r["by"], r["disputed_by"]) for r in rows] == [
        ("uphold", "unchanged", "root", "alice")]
    games = csv_part(client, ladder, "games")
    assert (games[0]["decision"], games[0]["decision_count"]) == ("", "1")


def test_a_player_reads_that_an_admin_decided_not_who(decided, ladder, client):
    client.force_login(decided.defender)
    rows = csv_part(client, ladder, "decisions")
    assert [r["by"] for r in rows] == ["admin", "admin"]
    assert csv_part(client, ladder, "games")[0]["decided_by"] == "admin"
    assert "root" not in client.get(f"/ladders/{ladder.pk}/export.json").content.decode()


DECISIONS = ("challenger", "defender", "draw", "annul")


def _check_export_equals_the_record(client, ladder) -> None:
    rows = csv_part(client, ladder, "decisions")
    stored = list(MoveRecord.objects.filter(
        match__ladder_game__ladder=ladder,
        kind__in=[MoveRecord.Kind.CORRECT, MoveRecord.Kind.ANNUL])
        .order_by("match_id", "version"))
    assert [(int(r["game"]), int(r["version"]), r["decision"]) for r in rows] == [
        (record.match_id, record.version, record.kind) for record in stored]
    assert all(r["by"] == "root" and r["reason"].startswith("decision ") for r in rows)
    last: dict[str, str] = {}
    for row in rows:  # each decision's "before" is the result the previous one gave
        assert row["before"] == last.get(row["game"], row["before"])
        last[row["game"]] = row["result"]
    for row in csv_part(client, ladder, "games"):
        match = Match.objects.get(pk=int(row["game"]))
        decided = last.get(row["game"])
        assert row["decided_result"] == (result_now(match) if decided else "")
        assert int(row["decision_count"]) == sum(r["game"] == row["game"] for r in rows)


@settings(max_examples=15, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(st.tuples(st.integers(0, 2), st.sampled_from(DECISIONS)),
                      min_size=1, max_size=8))
def test_the_export_equals_the_decisions_stored(steps, staff, finished, client,
                                                no_turn_mails):
    client.force_login(staff)
    with transaction.atomic():
        ladder = Ladder.objects.create(name="Export ladder", challenge_range=100,
                                       cooldown_days=0, rematch_handicap=False)
        players = [make_user(name) for name in ("ann", "ben", "cor")]
        fill(ladder, players)
        for challenger, defender in ((players[1], players[0]), (players[2], players[0]),
                                     (players[2], players[1])):
            game = services.challenge(ladder.pk, challenger, defender)
            finished(win, game, challenger)
        games = list(LadderGame.objects.filter(ladder=ladder).order_by("id"))
        for number, (index, decision) in enumerate(steps):
            try:
                finished(services.correct_result, games[index].pk, staff, decision,
                         f"decision {number}")
            except ServiceError:
                pass  # a decision that changes nothing is refused
            _check_export_equals_the_record(client, ladder)
        transaction.set_rollback(True)
