"""Pieces home: the Kasteel tie-break after castle points (docs/tournaments.md, "How a
Kasteel tournament ends"), counted from each table's final state, stored by the fold and
checked by verify_games. Worked by hand: a has the King in the castle (7 points, 1 piece
home), b the Count and the Sheriff (5 + 2 = 7 points, 2 pieces home)."""

from __future__ import annotations

from games.core import commit
from games.core import services as game_services
from games.models import Match, Seat
from tests.tournaments.conftest import rated
from tests.tournaments.play import play_out, running, started
from tournaments.models import TournamentGame
from tournaments.pairing import TableResult, kasteel_step, pieces_home
from tournaments.verify import verify_tournaments

SEEDS = ["a", "b", "c", "d"]
A_CASTLE = {"K": 7}
B_CASTLE = {"C": 7, "S": 6}


def test_it_counts_the_pieces_in_each_players_castle():
    state = {"seats": [{"castle": A_CASTLE}, {"castle": {}}, {"castle": B_CASTLE}]}
    assert pieces_home(state, {"a": 0, "x": 1, "b": 2}) == {"a": 1, "x": 0, "b": 2}
    assert pieces_home(state, {"a": 0}, annulled=True) == {}


def test_equal_castle_points_are_broken_by_pieces_home_before_the_seed():
    # every player shares first place: nobody would be out, so the ties are broken
    tables = [TableResult(1, {"a": 1, "b": 1}), TableResult(2, {"c": 1, "d": 1})]
    totals = {"a": 7.0, "b": 7.0, "c": 3.0}
    by_seed = kasteel_step(tables, top=1, table_size=2, totals=totals, seeds=SEEDS)
    assert by_seed.going_on == ("a", "c")
    by_pieces = kasteel_step(tables, top=1, table_size=2, totals=totals, seeds=SEEDS,
                             pieces={"a": 1, "b": 2})
    assert by_pieces.going_on == ("b", "c")
    # castle points still come first
    first = kasteel_step(tables, top=1, table_size=2, totals={**totals, "a": 8.0},
                         seeds=SEEDS, pieces={"a": 1, "b": 2})
    assert first.going_on == ("a", "c")


def test_after_the_last_play_off_pieces_home_decide_between_equal_leaders():
    final = [TableResult(1, {"a": 1, "b": 1})]
    result = kasteel_step(final, top=1, table_size=2, totals={"a": 7.0, "b": 7.0},
                          seeds=SEEDS, playoffs=2, pieces={"a": 1, "b": 2})
    assert result.winner == "b"


def plant_end(run, game: TournamentGame, castles: dict[int, dict]) -> None:
    """The table's final state as the hand example has it: every human shares the win
    with 7 castle points and the castle given."""
    match = Match.objects.get(pk=game.match_id)
    state = match.state
    for seat in Seat.objects.filter(match=match).select_related("user"):
        if seat.user_id in castles:
            state["seats"][int(seat.seat)]["castle"] = castles[seat.user_id]
    Match.objects.filter(pk=match.pk).update(state=state)
    Seat.objects.filter(match=match).update(score=7, result=Seat.Result.WIN)
    run(commit.settle, match.pk, match.version)


def test_a_tournament_sends_on_the_player_with_more_pieces_home(make_tournament, staff, run,
                                                                monkeypatch):
    from games.core import table_terms

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    players = [rated(f"h{n}", 1800 - 10 * n, "kasteel") for n in range(1, 5)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=2)
    strong, = [g for g in running(cup) if Seat.objects.filter(
        match_id=g.match_id, user=players[0]).exists()]
    other = next(g for g in running(cup) if g.pk != strong.pk)
    weak = Seat.objects.exclude(user=players[0]).get(match_id=strong.match_id).user
    play_out(run, strong.match_id)
    plant_end(run, strong, {players[0].pk: A_CASTLE, weak.pk: B_CASTLE})
    strong.refresh_from_db()
    assert strong.pieces_home == {str(players[0].pk): 1, str(weak.pk): 2}
    assert strong.places == {str(players[0].pk): 1, str(weak.pk): 1}
    # the other table is drawn, so every player of the round shares first place and
    # the ties are broken (played out, its dice could give it one winner: then the
    # ties all go on, three players for tables of two)
    first, second = (s.user for s in Seat.objects.filter(match_id=other.match_id)
                     .select_related("user").order_by("seat"))
    run(game_services.offer_draw, other.match_id, first)
    run(game_services.answer_draw, other.match_id, second, True)
    seated = set(Seat.objects.filter(match__tournament_game__round__number=2,
                                     match__tournament_game__round__tournament=cup)
                 .values_list("user_id", flat=True))
    assert weak.pk in seated and players[0].pk not in seated
    assert verify_tournaments([cup.pk]) == []
    TournamentGame.objects.filter(pk=strong.pk).update(
        pieces_home={str(players[0].pk): 2, str(weak.pk): 1})
    lines = verify_tournaments([cup.pk])
    assert any("stored pieces_home" in line for line in lines), lines
