"""Tournament results always equal their games, whatever admins decide.

Random round robin, Swiss, knockout and Kasteel-rounds tournaments: games end (wins, draws) and
admins decide any ended game again (corrections, annulments, repeated or undone, in
any order); after every step each stored game result and a finished tournament's
winner equal what the games give now (tournaments.verify, run by verify_games), and
the ratings equal their fold (ladders.verify)."""

from __future__ import annotations

from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games import services as game_services
from games.errors import ServiceError
from games.models import Match, Seat
from ladders.verify import rating_differences
from tests.conftest import make_user
from tests.tournaments.play import draw, play_out, running, started, win
from tournaments.models import TournamentGame
from tournaments.verify import tournament_differences

FORMATS = {"round_robin": {"round_count": None}, "swiss": {"round_count": 3},
           "knockout": {"round_count": None}}

step = st.one_of(
    st.tuples(st.just("end"), st.integers(0, 20), st.sampled_from(["first", "second", "draw"])),
    st.tuples(st.just("decide"), st.integers(0, 40),
              st.sampled_from(["first", "second", "draw", "annul"])),
)


def _decide(run, staff, game: TournamentGame, decision: str) -> None:
    if decision == "annul":
        run(game_services.annul_result, game.match_id, staff, "decided")
        return
    seats = {s.user_id: s.seat for s in Seat.objects.filter(match_id=game.match_id)}
    winner = {"first": seats.get(game.first_id), "second": seats.get(game.second_id)}.get(
        decision)
    run(game_services.correct_result, game.match_id, staff, winner, "decided")


def _run(fmt, count, steps, make_tournament, staff, run):
    players = [make_user(f"t{n}") for n in range(count)]
    cup = started(run, make_tournament, players, staff, format=fmt, **FORMATS[fmt])
    for action in steps:
        if action[0] == "end":
            games = running(cup)
            if games:
                game = games[action[1] % len(games)]
                if action[2] == "draw" and fmt != "knockout":
                    draw(run, game)
                else:
                    win(run, game, game.second if action[2] == "second" else game.first)
        else:
            ended = list(TournamentGame.objects.filter(
                round__tournament=cup, ended=True, match__status=Match.Status.FINISHED,
                forfeit=False).order_by("id"))
            if fmt == "knockout":
                # Deciding a knockout game of a round already followed, or after its
                # replay, or into a draw is not handled yet (docs/tournaments.md): here
                # only one-game matches of the last round get a decisive decision.
                last = cup.rounds.order_by("-number").first()
                ended = [g for g in ended if g.round_id == last.pk and not
                         TournamentGame.objects.filter(round=g.round, board=g.board)
                         .exclude(pk=g.pk).exists()]
                if action[2] in ("draw", "annul"):
                    ended = []
            if ended:
                try:
                    _decide(run, staff, ended[action[1] % len(ended)], action[2])
                except ServiceError:
                    pass  # the game has that result already
        cup.refresh_from_db()
        assert tournament_differences(cup) == [], action
        assert rating_differences(cup.game) == [], action


@settings(max_examples=20, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(fmt=st.sampled_from(sorted(FORMATS)), count=st.integers(3, 6),
       steps=st.lists(step, min_size=4, max_size=16))
def test_tournament_results_equal_their_games_after_every_step(fmt, count, steps,
                                                                make_tournament, staff, run):
    with transaction.atomic():
        _run(fmt, count, steps, make_tournament, staff, run)
        transaction.set_rollback(True)


kasteel_step = st.one_of(
    st.tuples(st.just("end"), st.integers(0, 5)),
    st.tuples(st.just("decide"), st.integers(0, 10),
              st.sampled_from(["seat0", "seat1", "draw", "annul"])),
)


def _run_kasteel(count, steps, make_tournament, staff, run):
    players = [make_user(f"k{n}") for n in range(count)]
    cup = started(run, make_tournament, players, staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=3, allow_ai=True)
    for action in steps:
        tables = list(TournamentGame.objects.filter(
            round__tournament=cup, match__status=Match.Status.ACTIVE).order_by("id"))
        ended = list(TournamentGame.objects.filter(
            round__tournament=cup, ended=True, match__status=Match.Status.FINISHED)
            .order_by("id"))
        if action[0] == "end" and tables:
            play_out(run, tables[action[1] % len(tables)].match_id)
            event("a table ended")
        elif action[0] == "decide" and ended:
            game = ended[action[1] % len(ended)]
            try:
                if action[2] == "annul":
                    run(game_services.annul_result, game.match_id, staff, "decided")
                else:
                    winner = None if action[2] == "draw" else action[2][-1]
                    run(game_services.correct_result, game.match_id, staff, winner, "decided")
                event("a table decided")
            except ServiceError:
                pass
        cup.refresh_from_db()
        assert tournament_differences(cup) == [], action
        assert rating_differences("kasteel") == [], action


@settings(max_examples=8, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(count=st.integers(3, 6), steps=st.lists(kasteel_step, min_size=3, max_size=8))
def test_kasteel_results_and_table_ratings_equal_their_games_after_every_step(
        count, steps, make_tournament, staff, run, monkeypatch):
    from games import table_terms

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    with transaction.atomic():
        _run_kasteel(count, steps, make_tournament, staff, run)
        transaction.set_rollback(True)
