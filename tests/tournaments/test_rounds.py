"""Tournaments run to their end: each format's rounds follow the results, the last
round names the winner."""

from __future__ import annotations

import pytest

from games.models import Match
from tests.tournaments.play import draw, higher_wins, play_out, running, started, win
from tournaments import reading, services
from tournaments.models import TournamentBye, TournamentGame, TournamentRound

pytestmark = pytest.mark.django_db


def test_a_swiss_pairs_each_round_when_the_last_ends(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:5], staff, round_count=3)
    assert cup.rounds.count() == 1
    assert TournamentGame.objects.count() == 2 and TournamentBye.objects.count() == 1
    game = running(cup)[0]
    win(run, game, game.first)
    assert cup.rounds.count() == 1  # one game of the round still runs
    higher_wins(run, cup)
    assert cup.rounds.count() == 2
    higher_wins(run, cup)
    higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.rounds.count() == 3
    assert cup.winner_id == reading.standing_rows(cup)[0].player
    assert len(set(TournamentBye.objects.values_list("user", flat=True))) == 3
    games = TournamentGame.objects.all()
    assert all(g.ended for g in games) and games.count() == 6
    match = Match.objects.get(pk=games[0].match_id)
    assert (match.days_per_move, match.rated) == (cup.days_per_move, cup.rated)


def test_a_round_robin_all_at_once_starts_every_round(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff, format="round_robin",
                  round_count=None, start="all")
    assert cup.rounds.count() == 3 and TournamentGame.objects.count() == 6
    higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner == field[0]
    rows = reading.standing_rows(cup)
    assert [r.points for r in rows] == [3, 2, 1, 0]


def test_a_double_round_robin_round_by_round(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:3], staff, format="round_robin",
                  round_count=None, start="rounds", cycles=2)
    assert cup.rounds.count() == 1
    for _round in range(6):
        higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.rounds.count() == 6
    pairs = {(g.first_id, g.second_id) for g in TournamentGame.objects.all()}
    assert len(pairs) == 6  # each pair twice, seats swapped


def test_a_knockout_gives_byes_and_replays_draws(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:5], staff, format="knockout", round_count=None)
    first = cup.rounds.get(number=1)
    assert first.games.count() == 1 and first.byes.count() == 3  # seeds 1-3 go through
    game = running(cup)[0]
    assert {game.first, game.second} == {field[3], field[4]}
    draw(run, game)
    replay = running(cup)[0]
    assert (replay.board, replay.replay) == (game.board, 1)
    assert (replay.first, replay.second) == (game.second, game.first)  # seats swapped
    draw(run, replay)
    draw(run, running(cup)[0])
    # three draws: the higher seed (p4) goes through; round 2 is paired
    assert cup.rounds.count() == 2
    semis = running(cup)
    assert {frozenset((g.first_id, g.second_id)) for g in semis} == {
        frozenset((field[0].pk, field[3].pk)), frozenset((field[1].pk, field[2].pk))}
    higher_wins(run, cup)
    final = running(cup)[0]
    win(run, final, field[1])
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner == field[1]
    assert [len(r) for r in reading.bracket(cup)] == [4, 2, 1]


def test_a_withdrawal_in_a_knockout_is_a_walkover(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:4], staff, format="knockout", round_count=None)
    run(services.withdraw, cup.pk, staff, field[3], "ill")
    higher_wins(run, cup)  # p2 beats p3; p1 beat p4 by forfeit
    final = running(cup)[0]
    assert {final.first, final.second} == {field[0], field[1]}


def test_kasteel_rounds_seat_tables_fill_ai_seats_and_advance(
        make_tournament, staff, run, monkeypatch):
    from games.core import table_terms
    from tests.tournaments.conftest import rated

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    players = [rated(f"k{n}", 1800 - 10 * n, "kasteel") for n in range(1, 6)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=3, allow_ai=True)
    tables = list(TournamentGame.objects.filter(round__number=1))
    assert len(tables) == 2
    assert sorted(m.seats.count() for m in Match.objects.all()) == [3, 3]  # one AI seat
    for table in tables:
        play_out(run, table.match_id)
    assert cup.rounds.filter(status=TournamentRound.Status.FINISHED).count() == 1
    cup.refresh_from_db()
    for _round in range(4):  # a final table, then at most two play-offs among tied leaders
        if cup.status == "finished":
            break
        for table in running(cup):
            play_out(run, table.match_id)
        cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner in players


def test_an_ai_seat_takes_no_place_at_a_kasteel_table(db):
    from accounts.models import User
    from games.models import Seat
    from tournaments.fold import seat_outcomes
    from tournaments.pairing import table_places

    bot = User(pk=90, username="Wanderer", is_bot=True)
    a, b = User(pk=1, username="a"), User(pk=2, username="b")
    seats = [Seat(seat="0", user=bot, score=13), Seat(seat="1", user=a, score=7),
             Seat(seat="2", user=b, score=7)]
    assert table_places(seat_outcomes(seats)) == {1: 1, 2: 1}  # tied best: both go on
    seats[2].score = 5
    assert table_places(seat_outcomes(seats)) == {1: 1, 2: 2}


def test_a_round_that_cannot_be_paired_pauses_the_tournament(make_tournament, field, staff,
                                                             run):
    cup = started(run, make_tournament, field[:3], staff, round_count=3)
    # round 1: p1-p2, p3 a bye; p1's withdrawal ends it, round 2 pairs p2-p3
    run(services.withdraw, cup.pk, staff, field[0], "ill")
    assert cup.rounds.count() == 2
    run(services.withdraw, cup.pk, staff, field[1], "ill too")
    cup.refresh_from_db()
    # one player left: round 3 cannot be paired; the admins read why
    assert cup.status == "paused" and cup.rounds.count() == 2
    row = cup.audit.filter(action="pause").first()
    assert row.actor is None and "round 3 cannot be paired: 1 player(s) left" in (
        row.detail["reason"])


def test_players_are_told_of_rounds_withdrawals_and_the_end(make_tournament, field, staff,
                                                            run):
    from notices.models import Notice

    cup = started(run, make_tournament, field[:4], staff, format="knockout",
                  round_count=None)
    # each player's pairing, linking to the game
    pairings = Notice.objects.filter(kind="tournament_pairing")
    assert pairings.count() == 4 and all(n.url.startswith("/games/") for n in pairings)
    run(services.withdraw, cup.pk, staff, field[3], "ill")
    assert Notice.objects.get(kind="tournament_withdrawn").params["reason"] == "ill"
    higher_wins(run, cup)
    higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished"
    assert Notice.objects.filter(kind="tournament_finished").count() == 4


def test_timeouts_end_a_round_like_any_result(make_tournament, field, staff, run):
    from datetime import timedelta

    from django.utils import timezone

    from games.core import services as game_services

    cup = started(run, make_tournament, field[:4], staff, round_count=2)
    late = timezone.now() + timedelta(days=30)
    ended = run(game_services.expire_deadlines, late)
    assert len(ended) == 2
    assert cup.rounds.count() == 2  # round 2 paired once every game of round 1 timed out
    assert all(g.ended and g.score_first in (0.0, 1.0)
               for g in TournamentGame.objects.filter(round__number=1))


@pytest.mark.parametrize("handicap", [False, True])
def test_games_follow_the_tournaments_rematch_handicap(make_tournament, field, staff, run,
                                                       monkeypatch, handicap):
    from games.core import services as game_services

    asked = []
    start = game_services.start_match

    def spy(*args, **kwargs):
        asked.append(kwargs["rematch_rule"])
        return start(*args, **kwargs)

    monkeypatch.setattr(game_services, "start_match", spy)
    started(run, make_tournament, field[:4], staff, rematch_handicap=handicap)
    assert asked == [handicap, handicap]
