"""`verify_games` checks each tournament's stored results, winner and knockout progress
against the fold of its games, and names every difference."""

from __future__ import annotations

from io import StringIO

from django.core.management import call_command

from tests.tournaments.play import higher_wins, running, started, win
from tournaments.models import Tournament, TournamentGame
from tournaments.verify import verify_tournaments


def verify() -> tuple[int, str]:
    out = StringIO()
    try:
        # the field is seeded by ratings set by hand, not earned: only the tournaments
        call_command("verify_games", "--no-derived", stdout=out)
    except SystemExit as exit_:
        return int(exit_.code), out.getvalue()
    return 0, out.getvalue()


def test_a_tournament_played_through_the_site_verifies(make_tournament, field, staff, run):
    started(run, make_tournament, field[:4], staff, format="swiss", round_count=2)
    cup = Tournament.objects.get()
    for _round in range(2):
        higher_wins(run, cup)
    assert verify_tournaments() == []
    code, out = verify()
    assert code == 0 and "tournament" not in out, out


def test_it_names_a_planted_result_and_the_stale_winner(make_tournament, field, staff, run):
    cup = started(run, make_tournament, field[:2], staff, format="round_robin",
                  round_count=None)
    higher_wins(run, cup)
    cup.refresh_from_db()
    assert cup.winner == field[0]
    game = TournamentGame.objects.get(round__tournament=cup)
    planted = 1.0 - game.score_first
    TournamentGame.objects.filter(pk=game.pk).update(score_first=planted)
    Tournament.objects.filter(pk=cup.pk).update(winner=field[1])
    code, out = verify()
    assert code == 1
    assert f"tournament {cup.pk} (Test cup): round 1 board 1: stored score_first" in out
    assert f"stored winner {field[1].pk}, the fold says {field[0].pk}" in out
    # the check wrote nothing
    game.refresh_from_db()
    assert game.score_first == planted


def test_it_names_a_knockout_game_the_bracket_does_not_pair(make_tournament, field, staff,
                                                             run):
    cup = started(run, make_tournament, field[:4], staff, format="knockout", round_count=None)
    higher_wins(run, cup)
    final = running(cup)[0]
    TournamentGame.objects.filter(pk=final.pk).update(second=field[3])
    lines = verify_tournaments()
    assert any("round 2 board 0: played by" in line and "the bracket pairs" in line
               for line in lines), lines
    win(run, final, field[0])


def test_it_names_a_kasteel_tables_planted_places(make_tournament, staff, run, monkeypatch):
    from games.core import table_terms
    from tests.tournaments.conftest import rated
    from tests.tournaments.play import play_out

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    players = [rated(f"k{n}", 1800 - 10 * n, "kasteel") for n in range(1, 4)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=3)
    table = running(cup)[0]
    play_out(run, table.match_id)
    assert verify_tournaments() == []
    table.refresh_from_db()
    planted = {uid: 3 for uid in table.places}
    TournamentGame.objects.filter(pk=table.pk).update(places=planted)
    lines = verify_tournaments()
    assert any("round 1 board 1: stored places" in line for line in lines), lines
