"""A Kasteel table decided again after the next round was seated (docs/tournaments.md,
"Decisions in a Kasteel tournament"): the next round's running tables are cancelled and
the round is seated again; after any sequence of decisions its tables are exactly the
seating a reference computes from scratch (the pure core on the games' seats alone).
A decision that would change who played in a round with a finished table is refused,
naming the round."""

from __future__ import annotations

from collections import defaultdict

import pytest

from games.core import corrections
from games.core import services as game_services
from games.core.errors import Conflict
from games.models import Match, Seat
from tests.tournaments.conftest import rated
from tests.tournaments.play import play_out, running, started
from tournaments import reading, rounds
from tournaments.models import TournamentGame
from tournaments.pairing import (
    SeatOutcome,
    TableResult,
    kasteel_step,
    pieces_home,
    seat_tables,
    table_places,
)
from tournaments.verify import verify_tournaments

TERMS = {"game": "kasteel", "format": "kasteel_rounds", "round_count": None,
         "table_size": 3, "advance_top": 1, "allow_ai": False}


@pytest.fixture
def cup(make_tournament, staff, run, monkeypatch):
    """Six players at two tables of three; round 1 played out, round 2 seated."""
    from games.core import table_terms

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    players = [rated(f"k{n}", 1800 - 10 * n, "kasteel") for n in range(1, 7)]
    cup = started(run, make_tournament, players, staff, **TERMS)
    for table in running(cup):
        play_out(run, table.match_id)
    cup.refresh_from_db()
    assert cup.rounds.filter(number=2).exists()
    return cup


def _seats(match_id: int) -> list[Seat]:
    return sorted(Seat.objects.filter(match_id=match_id).select_related("user"),
                  key=lambda seat: int(seat.seat))


def reference_seating(cup) -> list[list[int | None]]:
    """Round 2 seated from scratch: round 1's places from its seats (pure core), the
    step that follows, and the seating with the round's seed."""
    results, totals, pieces = [], defaultdict(float), defaultdict(int)
    for game in TournamentGame.objects.filter(round__tournament=cup, round__number=1,
                                              cancelled=False).select_related("match"):
        match = game.match
        annulled = match.end_reason == Match.Reason.ANNULLED
        seats = _seats(match.pk)
        outcomes = [SeatOutcome(s.user_id, s.result or "",
                                float(s.score) if s.score is not None else None,
                                s.user.is_bot) for s in seats]
        results.append(TableResult(game.board, table_places(outcomes, annulled=annulled)))
        humans = {s.user_id: int(s.seat) for s in seats if not s.user.is_bot}
        for player, count in pieces_home(match.state, humans, annulled=annulled).items():
            pieces[player] += count
        for s in seats:
            if not annulled and s.score is not None:
                totals[s.user_id] += float(s.score)
    field_ = reading.entrants(cup)
    step = kasteel_step(results, top=cup.advance_top, table_size=cup.table_size,
                        totals=totals, seeds=[e.id for e in field_], pieces=pieces)
    if not step.going_on:
        return []
    draw = seat_tables([e for e in field_ if e.id in set(step.going_on)],
                       table_size=cup.table_size, method=cup.seating, seed=cup.seed + 2,
                       allow_ai=cup.allow_ai, teams=cup.teams)
    return [list(table.seats) for table in draw.tables]


def site_seating(cup) -> list[list[int | None]]:
    """Round 2's tables that count, as the site seated them."""
    tables = TournamentGame.objects.filter(round__tournament=cup, round__number=2,
                                           cancelled=False).order_by("board")
    return [[None if s.user.is_bot else s.user_id for s in _seats(t.match_id)]
            for t in tables]


def decide(run, staff, match_id: int, decision: str) -> None:
    try:
        if decision == "annul":
            run(game_services.annul_result, match_id, staff, "the table was void")
        else:
            run(game_services.correct_result, match_id, staff,
                None if decision == "draw" else decision, "the arbiter decided")
    except Conflict:  # the same result again: refused, nothing changes
        pass


@pytest.mark.parametrize(("board", "decisions"), [
    (1, ["1"]), (2, ["2"]), (1, ["draw"]), (2, ["annul"]), (1, ["annul", "0"]),
    (2, ["1", "2", "0"]), (1, ["annul", "draw", "annul"]), (2, ["2", "annul", "1"]),
])
def test_it_seats_round_two_again_as_a_seating_from_scratch_would(cup, staff, run,
                                                                 board, decisions):
    table = TournamentGame.objects.get(round__tournament=cup, round__number=1, board=board)
    first = site_seating(cup)
    assert first == reference_seating(cup)
    for decision in decisions:
        decide(run, staff, table.match_id, decision)
        cup.refresh_from_db()
        assert site_seating(cup) == reference_seating(cup), decision
        # every table of round 2 that counts is running; the others were cancelled
        for game in TournamentGame.objects.filter(round__tournament=cup, round__number=2):
            status = Match.objects.get(pk=game.match_id).status
            assert (status == Match.Status.ACTIVE) != game.cancelled
        assert verify_tournaments([cup.pk]) == []


def test_a_cancelled_table_says_why_and_links_the_tournament(cup, staff, run, client):
    table = TournamentGame.objects.get(round__tournament=cup, round__number=1, board=1)
    before = site_seating(cup)
    going = {p for seats in before for p in seats}
    winner = next(s.seat for s in _seats(table.match_id) if s.user_id not in going)
    decide(run, staff, table.match_id, winner)
    assert site_seating(cup) != before
    gone = TournamentGame.objects.filter(round__tournament=cup, cancelled=True).first()
    assert gone is not None
    player = next(s.user for s in _seats(gone.match_id) if not s.user.is_bot)
    client.force_login(player)
    page = client.get(f"/games/{gone.match_id}/").content.decode()
    assert "Cancelled: round 1 was decided again by the tournament" in page
    assert "annulled by an admin" not in page
    assert f'href="/tournaments/{cup.pk}/"' in page
    assert "The site cancelled the game" in page  # the log's words
    client.logout()  # a spectator reads the same: the cancellation hides nothing
    page = client.get(f"/games/{gone.match_id}/").content.decode()
    assert "Cancelled: round 1 was decided again by the tournament" in page


def test_a_decision_that_a_finished_round_no_longer_fits_is_refused(cup, staff, run):
    for table in running(cup):
        play_out(run, table.match_id)
    cup.refresh_from_db()
    going = {p for seats in site_seating(cup) for p in seats}
    # A table of round 1 with a player who did not go on (a table whose seats all
    # shared the win sent all three on: the games' dice decide which board that is).
    table, loser = next(
        (table, seat.seat)
        for table in TournamentGame.objects.filter(round__tournament=cup, round__number=1)
        .order_by("board")
        for seat in _seats(table.match_id) if seat.user_id not in going)
    versions = Match.objects.get(pk=table.match_id).version
    with pytest.raises(Conflict, match="Round 2 of"):
        game_services.correct_result(table.match_id, staff, loser, "too late")
    assert Match.objects.get(pk=table.match_id).version == versions
    assert verify_tournaments([cup.pk]) == []
    # an annulment is weighed the same way: made only if it sends the same players on
    seated = site_seating(cup)
    try:
        run(game_services.annul_result, table.match_id, staff, "maybe too late")
    except Conflict as refused:
        assert "Round 2 of" in str(refused)
        assert Match.objects.get(pk=table.match_id).version == versions
    else:
        assert reference_seating(cup) == seated == site_seating(cup)
    assert verify_tournaments([cup.pk]) == []
    # the final's own table has no round after it: deciding it again is made. Round 2
    # is the final unless its dice sent four players on (two boards, then a round 3).
    for _round in range(3):
        for table in running(cup):
            play_out(run, table.match_id)
    last = cup.rounds.order_by("-number").first()
    assert last is not None
    final = TournamentGame.objects.get(round=last)
    run(game_services.annul_result, final.match_id, staff, "the final was void")
    assert Match.objects.get(pk=final.match_id).end_reason == Match.Reason.ANNULLED
    assert verify_tournaments([cup.pk]) == []


def test_a_decision_that_slips_past_the_check_leaves_the_round_as_played_and_logs_it(
        cup, staff, run, monkeypatch):
    """A table of round 2 ending while the decision was being made: the check saw no
    finished table. The round stands, the log says so once, verify_games names it."""
    for table in running(cup):
        play_out(run, table.match_id)
    monkeypatch.setattr(corrections, "DECISION_CHECKS", [])
    going = {p for seats in site_seating(cup) for p in seats}
    # A table of round 1 with a player who did not go on (a table whose seats all
    # shared the win sent all three on: the games' dice decide which board that is).
    table, loser = next(
        (table, seat.seat)
        for table in TournamentGame.objects.filter(round__tournament=cup, round__number=1)
        .order_by("board")
        for seat in _seats(table.match_id) if seat.user_id not in going)
    played = site_seating(cup)
    run(game_services.correct_result, table.match_id, staff, loser, "slipped through")
    run(rounds.record_result, table.match_id)  # delivered again: one note
    assert site_seating(cup) == played
    assert not TournamentGame.objects.filter(round__tournament=cup, cancelled=True).exists()
    notes = cup.audit.filter(detail__reason__startswith="round 2 stands as played")
    assert notes.count() == 1
    assert any("round 2 seats" in line for line in verify_tournaments([cup.pk]))
