"""How a Kasteel tournament ends (docs/tournaments.md): a round that puts nobody out
breaks the ties at the cut by castle points, then pieces home, then seed; the final
table's one leader wins; leaders who share first place play again (at most two
play-offs), then castle points decide. Nobody wins by seed alone while a game can still
decide."""

from __future__ import annotations

from games.core import services as game_services
from games.models import Match
from tests.tournaments.play import play_out, running, started
from tournaments.models import TournamentGame
from tournaments.pairing import MAX_PLAYOFFS, TableResult, kasteel_step

SEEDS = ["a", "b", "c", "d", "e", "f"]


def step(results, totals=None, playoffs=0, top=2, size=4, out=frozenset()):
    return kasteel_step(results, top=top, table_size=size, totals=totals or {},
                        seeds=SEEDS, playoffs=playoffs, out=out)


def test_a_round_of_shared_wins_that_puts_nobody_out_goes_on_to_a_final_table():
    # 6 players at two tables of 4 (one AI seat each): every player shares first place
    tables = [TableResult(1, {"a": 1, "c": 1, "e": 1}), TableResult(2, {"b": 1, "d": 1, "f": 1})]
    result = step(tables, totals={"e": 9, "c": 9, "a": 2, "f": 4, "d": 3, "b": 3})
    assert result.winner is None
    assert result.final and sorted(result.going_on) == ["b", "c", "e", "f"]


def test_ties_at_the_cut_that_still_put_someone_out_all_go_on():
    tables = [TableResult(1, {"a": 1, "c": 2, "e": 2}), TableResult(2, {"b": 1, "d": 2, "f": 3})]
    result = step(tables)
    assert sorted(result.going_on) == ["a", "b", "c", "d", "e"] and not result.final


def test_the_final_tables_one_leader_wins_whatever_the_seeds():
    assert step([TableResult(1, {"a": 3, "b": 2, "f": 1})]).winner == "f"


def test_leaders_who_share_the_final_play_it_again_then_castle_points_decide():
    final = [TableResult(1, {"a": 1, "b": 3, "f": 1})]
    again = step(final, totals={"a": 4, "f": 10})
    assert again.winner is None and sorted(again.going_on) == ["a", "f"]
    assert step(final, totals={"a": 4, "f": 10}, playoffs=MAX_PLAYOFFS).winner == "f"
    # equal castle points too: the better seed, only after every play-off was tied
    assert step(final, totals={"a": 4, "f": 4}, playoffs=MAX_PLAYOFFS).winner == "a"


def test_a_withdrawn_leader_does_not_win():
    assert step([TableResult(1, {"a": 1, "b": 2})], out=frozenset({"a"})).winner == "b"


def test_a_tournament_of_six_whose_first_round_put_nobody_out_plays_a_final(
        make_tournament, staff, run, monkeypatch):
    from games.core import table_terms
    from tests.tournaments.conftest import rated

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    players = [rated(f"k{n}", 1800 - 10 * n, "kasteel") for n in range(1, 7)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=4, advance_top=2,
                  allow_ai=True)
    tables = running(cup)
    assert len(tables) == 2
    for table in tables:
        play_out(run, table.match_id)
        # the admins rule the table void: every player at it shares first place
        if not Match.objects.get(pk=table.match_id).end_reason == "annulled":
            run(game_services.annul_result, table.match_id, staff, "the table was replayed")
    cup.refresh_from_db()
    assert cup.status == "running" and cup.winner is None
    final = TournamentGame.objects.get(round__tournament=cup, round__number=2)
    humans = [s.user for s in final.match.seats.select_related("user") if not s.user.is_bot]
    assert len(humans) == 4
    for _round in range(1 + MAX_PLAYOFFS):
        if cup.status == "finished":
            break
        for table in running(cup):
            play_out(run, table.match_id)
        cup.refresh_from_db()
    assert cup.status == "finished" and cup.winner in humans
    last = cup.rounds.order_by("-number").first().games.get()
    best = min(last.places.values())
    assert last.places[str(cup.winner_id)] == best
