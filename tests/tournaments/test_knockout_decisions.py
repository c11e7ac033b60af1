"""A knockout game decided again after its round was followed: the stale game of the
next round is cancelled (through the game's one commit path), the match is paired
again with the new winner, a draw or an annulment gets its replay in its own round, and
finished later games stand as played (docs/tournaments.md, "Decisions in a knockout")."""

from __future__ import annotations

from games.core import services as game_services
from games.models import Match, MoveRecord
from notices.kinds import words
from notices.models import Notice
from tests.tournaments.play import higher_wins, running, started, win
from tests.tournaments.test_result_decisions import correct
from tests.tournaments.test_verify import verify
from tournaments import reading
from tournaments.models import TournamentGame
from tournaments.verify import verify_tournaments


def game_of(cup, number: int, board: int, replay: int = 0) -> TournamentGame:
    return TournamentGame.objects.select_related("match", "first", "second").get(
        round__tournament=cup, round__number=number, board=board, replay=replay)


def four(run, make_tournament, field, staff):
    """Round 1 played by the higher seeds (p1 beats p4, p2 beats p3); the final
    p1-p2 is running."""
    cup = started(run, make_tournament, field[:4], staff, format="knockout", round_count=None)
    higher_wins(run, cup)
    final = running(cup)[0]
    assert {final.first_id, final.second_id} == {field[0].pk, field[1].pk}
    return cup


def test_it_cancels_the_stale_final_and_pairs_the_new_winner(make_tournament, field, staff,
                                                             run):
    cup = four(run, make_tournament, field, staff)
    stale = running(cup)[0]
    correct(run, staff, game_of(cup, 1, 0), field[3])  # p4 had beaten p1
    stale.refresh_from_db()
    assert stale.cancelled and stale.match.status == Match.Status.FINISHED
    assert stale.match.end_reason == Match.Reason.ANNULLED
    record = stale.match.records.order_by("-version").first()
    assert record.kind == MoveRecord.Kind.ANNUL and record.events[0]["cancelled"]
    told = Notice.objects.filter(kind="tournament_game_cancelled")
    assert sorted(n.user_id for n in told) == sorted([stale.first_id, stale.second_id])
    assert "was cancelled" in words("tournament_game_cancelled", told[0].params)[1]
    new_final = running(cup)
    assert [(g.round.number, g.board, g.replay) for g in new_final] == [(2, 0, 1)]
    assert {new_final[0].first_id, new_final[0].second_id} == {field[1].pk, field[3].pk}
    assert verify_tournaments() == []
    win(run, new_final[0], field[3])
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner == field[3]
    code, out = verify()  # the games' logs too: the cancelled game's replays
    assert code == 0, out


def test_a_win_decided_into_a_draw_replays_in_its_round(make_tournament, field, staff, run):
    cup = four(run, make_tournament, field, staff)
    stale = running(cup)[0]
    first = game_of(cup, 1, 0)
    correct(run, staff, first, None)  # game 1 p1-p4 was a draw
    stale.refresh_from_db()
    assert stale.cancelled
    replay = running(cup)
    assert [(g.round.number, g.board, g.replay) for g in replay] == [(1, 0, 1)]
    assert (replay[0].first_id, replay[0].second_id) == (field[3].pk, field[0].pk)  # swapped
    assert cup.rounds.get(number=1).status == "started"
    assert verify_tournaments() == []
    win(run, replay[0], field[0])
    assert cup.rounds.get(number=1).status == "finished"
    final = running(cup)
    assert [(g.round.number, g.replay) for g in final] == [(2, 1)]
    win(run, final[0], field[1])
    cup.refresh_from_db()
    assert cup.winner == field[1]
    assert verify_tournaments() == []


def test_an_annulment_replays_like_a_draw(make_tournament, field, staff, run):
    cup = four(run, make_tournament, field, staff)
    run(game_services.annul_result, game_of(cup, 1, 1).match_id, staff, "wrong players")
    games = running(cup)
    assert [(g.round.number, g.board, g.replay) for g in games] == [(1, 1, 1)]
    assert (games[0].first_id, games[0].second_id) == (field[2].pk, field[1].pk)


def test_a_finished_knockout_runs_again_and_an_undo_brings_its_games_back(
        make_tournament, field, staff, run):
    cup = four(run, make_tournament, field, staff)
    old_final = running(cup)[0]
    win(run, old_final, field[0])
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner == field[0]
    correct(run, staff, game_of(cup, 1, 0), field[3])
    cup.refresh_from_db()
    assert cup.status == "running" and cup.winner is None
    assert cup.audit.filter(action="resume").exists()
    old_final.refresh_from_db()
    assert not old_final.cancelled and old_final.score_first is not None  # stands as played
    new_final = running(cup)[0]
    assert {new_final.first_id, new_final.second_id} == {field[1].pk, field[3].pk}
    assert verify_tournaments() == []
    # the correction was a mistake: undone, the old final counts again
    correct(run, staff, game_of(cup, 1, 0), field[0])
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner == field[0]
    new_final.refresh_from_db()
    assert new_final.cancelled and running(cup) == []
    assert verify_tournaments() == []


def test_only_the_reopened_branch_waits(make_tournament, field, staff, run, client):
    cup = started(run, make_tournament, field[:8], staff, format="knockout", round_count=None)
    higher_wins(run, cup)  # round 1
    semis = running(cup)
    assert len(semis) == 2
    correct(run, staff, game_of(cup, 1, 0), None)  # p1-p8 drawn: replay in round 1
    games = {(g.round.number, g.board) for g in running(cup)}
    assert games == {(1, 0), (2, 1)}  # the other semi-final plays on
    assert verify_tournaments() == []
    known = [[s.match.slot for s in slots] for slots in reading.bracket(cup)]
    assert known == [[0, 1, 2, 3], [1]]  # the bracket known in part
    page = client.get(f"/tournaments/{cup.pk}/")
    assert page.status_code == 200 and "<svg" in page.content.decode()


def test_verify_names_a_stale_game_left_running_and_a_match_left_waiting(
        make_tournament, field, staff, run, monkeypatch):
    from tournaments import knockout_sync, rounds

    cup = four(run, make_tournament, field, staff)
    monkeypatch.setattr(knockout_sync, "cancel_stale", lambda tournament: [])
    monkeypatch.setattr(rounds, "_follow_bracket", lambda tournament, rounds_: None)
    correct(run, staff, game_of(cup, 1, 0), field[3])  # planted: today's waiting bug
    lines = verify_tournaments()
    assert any("round 2 board 0: played by" in line and "still running" in line
               for line in lines), lines
    assert any("round 2 board 0: the match waits for a game never made" in line
               for line in lines), lines


def test_the_page_shows_a_cancelled_game(make_tournament, field, staff, run, client):
    cup = four(run, make_tournament, field, staff)
    correct(run, staff, game_of(cup, 1, 0), field[3])
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "cancelled: the bracket changed" in page


def test_while_paused_the_stale_game_ends_and_the_new_one_waits_for_the_resume(
        make_tournament, field, staff, run):
    from tournaments import services

    cup = four(run, make_tournament, field, staff)
    stale = running(cup)[0]
    run(services.pause, cup.pk, staff, "a dispute to settle")
    correct(run, staff, game_of(cup, 1, 0), field[3])
    stale.refresh_from_db()
    assert stale.cancelled and running(cup) == []
    run(services.resume, cup.pk, staff)
    new_final = running(cup)
    assert [{g.first_id, g.second_id} for g in new_final] == [{field[1].pk, field[3].pk}]


def test_a_closed_knockout_cancels_and_pairs_nothing(make_tournament, field, staff, run):
    from tournaments import services

    cup = four(run, make_tournament, field, staff)
    final = running(cup)[0]
    run(services.close, cup.pk, staff, "the club closed")
    correct(run, staff, game_of(cup, 1, 0), field[3])
    assert running(cup) == [final]


def test_a_withdrawn_new_winner_loses_the_new_game_by_forfeit(make_tournament, field, staff,
                                                              run):
    from tournaments import services

    cup = four(run, make_tournament, field, staff)
    run(services.withdraw, cup.pk, staff, field[3], "left the club")
    correct(run, staff, game_of(cup, 1, 0), field[3])
    cup.refresh_from_db()
    forfeit = game_of(cup, 2, 0, replay=1)
    assert forfeit.forfeit and forfeit.match_id is None
    assert cup.status == "finished" and cup.winner == field[1]
    assert verify_tournaments() == []


def test_the_cancelled_games_page_says_why_and_links_the_tournament(make_tournament, field,
                                                                    staff, run, client):
    cup = four(run, make_tournament, field, staff)
    stale = running(cup)[0]
    correct(run, staff, game_of(cup, 1, 0), field[3])
    client.force_login(field[0])
    page = client.get(f"/games/{stale.match_id}/").content.decode()
    assert "Cancelled: an earlier result of the tournament was decided again" in page
    assert f'href="/tournaments/{cup.pk}/"' in page
    assert "annulled by an admin" not in page
