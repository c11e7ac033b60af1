"""An admin's decision on a tournament game (a correction, an annulment, the same
decision again) changes the tournament as if the game had always ended so: its
standings, its bracket and its winner, also after the tournament has finished."""

from __future__ import annotations

from games.core import services as game_services
from games.core import terms
from tests.tournaments.play import draw, higher_wins, running, started, win
from tournaments import reading
from tournaments.models import TournamentGame


def seat_of(game: TournamentGame, user) -> str:
    names = terms.seat_names(game.match.game)
    return names[0] if user.pk == game.first_id else names[1]


def correct(run, staff, game, winner) -> None:
    game.refresh_from_db()
    run(game_services.correct_result, game.match_id, staff,
        seat_of(game, winner) if winner is not None else None, "wrong result entered")


def points(cup) -> dict[int, float]:
    return {row.player: row.points for row in reading.standing_rows(cup)}


def test_it_gives_a_finished_round_robin_to_the_player_a_correction_makes_first(
        make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:3], staff, format="round_robin",
                  round_count=None)
    higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner == field[0]
    games = list(TournamentGame.objects.filter(round__tournament=cup).select_related("match"))
    for game in games:
        if field[0].pk in (game.first_id, game.second_id):
            other = game.second if game.first_id == field[0].pk else game.first
            correct(run, staff, game, other)
    cup.refresh_from_db()
    assert points(cup)[field[0].pk] == 0
    assert cup.winner == field[1]
    assert cup.audit.filter(action="finish", detail__corrected=True).exists()


def test_an_annulled_game_gives_no_points_to_either_player(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:2], staff, format="swiss", round_count=1)
    game = running(cup)[0]
    win(run, game, game.first)
    run(game_services.annul_result, game.match_id, staff, "played by someone else")
    assert points(cup) == {field[0].pk: 0.0, field[1].pk: 0.0}
    # the same decision twice changes nothing more
    correct(run, staff, game, None)
    assert points(cup) == {field[0].pk: 0.5, field[1].pk: 0.5}


def test_a_knockout_draw_corrected_to_a_win_decides_the_match(make_tournament, field, staff,
                                                               run):
    cup = started(run, make_tournament, field[:2], staff, format="knockout", round_count=None)
    first = running(cup)[0]
    draw(run, first)
    replay = running(cup)[0]
    assert replay.replay == 1
    correct(run, staff, first, first.second)  # the low seed had won game 1
    slot = reading.bracket(cup)[0][0]
    assert slot.winner == first.second_id
    # the replay the correction made needless is cancelled: it counts for nothing
    replay.refresh_from_db()
    assert replay.cancelled and replay.match.end_reason == "annulled"
    assert running(cup) == []
    cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner_id == first.second_id


def test_a_knockout_winner_follows_a_correction_of_the_final(make_tournament, field, staff,
                                                             run):
    cup = started(run, make_tournament, field[:2], staff, format="knockout", round_count=None)
    final = running(cup)[0]
    win(run, final, field[0])
    cup.refresh_from_db()
    assert cup.winner == field[0]
    correct(run, staff, final, field[1])
    cup.refresh_from_db()
    assert cup.winner == field[1]


def test_catch_up_folds_in_a_result_whose_settle_was_lost(make_tournament, field, staff, run,
                                                          monkeypatch):
    from tournaments import rounds

    cup = started(run, make_tournament, field[:4], staff, format="swiss", round_count=2)
    monkeypatch.setattr("games.core.tasks.enqueue", lambda *args, **kwargs: False)  # lost
    game = running(cup)[0]
    win(run, game, game.first)
    game.refresh_from_db()
    assert not game.ended
    run(rounds.catch_up)
    game.refresh_from_db()
    assert game.ended and game.score_first == 1.0


def test_the_page_shows_an_annulled_game_as_annulled(make_tournament, field, staff, run,
                                                     client):
    cup = started(run, make_tournament, field[:2], staff, format="swiss", round_count=1)
    game = running(cup)[0]
    win(run, game, game.first)
    run(game_services.annul_result, game.match_id, staff, "played by someone else")
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "annulled" in page
