"""After any sequence of results and admin decisions, what the site shows about a
tournament equals the fold of its record, computed from scratch by a simple reference.

Hypothesis draws steps over players who share games: a running game ends (a win for
either seat, or a draw), a finished game is corrected (a winner or a draw) or annulled,
a decision is repeated (refused, changing nothing) or undone (the result before it given
back), a round-1 game is decided again after its round was followed, a result is
delivered again. After
every step the site's standings (Swiss, round robin), bracket (knockout) or table places
(Kasteel) and its winner are compared with a reference written here from the games'
seats alone: points 1/½/0, annulled games nothing; a knockout match goes to the first
decisive game's winner, the high seed after three draws or annulments, and its running
games are the ones the bracket asks for (a decision of an earlier game, even after its
round was followed, cancels the others); a table's places by result then score and its
pieces home from its final state. verify_games finds nothing after every step.
"""

from __future__ import annotations

import itertools
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import commit, terms
from games.core import services as game_services
from games.core.errors import ServiceError
from games.models import Match, Seat
from tests.tournaments.conftest import rated
from tests.tournaments.play import draw, play_out, running, started, win
from tournaments import reading
from tournaments.models import Tournament, TournamentBye, TournamentGame
from tournaments.verify import verify_tournaments

PROPERTY = settings(max_examples=10, deadline=None, database=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])
NAMES = itertools.count()
POINTS = {Seat.Result.WIN: 1.0, Seat.Result.DRAW: 0.5, Seat.Result.LOSS: 0.0}

steps = st.lists(st.tuples(st.sampled_from(["end", "end", "correct", "annul", "repeat",
                                            "redeliver", "early", "undo"]),
                           st.integers(0, 30), st.sampled_from(["first", "second", "draw"])),
                 min_size=1, max_size=14)


def players(count: int, game: str = "druidenwalzer") -> list:
    batch = next(NAMES)
    return [rated(f"s{batch}x{n}", 1500 + 10 * (n % 3), game) for n in range(count)]


def finished_games(cup) -> list[TournamentGame]:
    return list(TournamentGame.objects.filter(round__tournament=cup, match__isnull=False,
                                              match__status=Match.Status.FINISHED)
                .select_related("match", "first", "second").order_by("pk"))


def seat_name(game: TournamentGame, side: str) -> str | None:
    if side == "draw":
        return None
    if game.first_id is None:  # a table: the first or second seat wins
        return "0" if side == "first" else "1"
    names = terms.seat_names(game.match.game)
    return names[0] if side == "first" else names[1]


def apply(run, staff, cup, step, last: list) -> None:
    kind, index, side = step
    try:
        if kind == "end":
            games = running(cup)
            if not games:
                return
            game = games[index % len(games)]
            if not cup.two_player:
                play_out(run, game.match_id)
            elif side == "draw":
                draw(run, game)
            else:
                win(run, game, game.first if side == "first" else game.second)
            return
        games = finished_games(cup)
        if kind == "repeat":
            if last:
                last[0]()
            return
        if kind == "undo":
            if len(last) > 1:
                last[1]()
            return
        if kind == "early":  # a game of round 1 decided after its round was followed
            games = [g for g in games if g.round.number == 1] or games
            kind = "annul" if side == "draw" and index % 2 else "correct"
        if not games:
            return
        game = games[index % len(games)]
        if kind == "redeliver":
            run(commit.settle, game.match_id, game.match.version)
            return
        if kind == "correct":
            winner = seat_name(game, side)

            def decision(g=game, s=winner):
                run(game_services.correct_result, g.match_id, staff, s, "corrected")
        else:
            def decision(g=game):
                run(game_services.annul_result, g.match_id, staff, "annulled")
        last[:] = [decision, undo_of(run, staff, game)]
        decision()
    except ServiceError:
        pass  # refused (the same decision twice, a game over already): nothing changed


def undo_of(run, staff, game: TournamentGame):
    """The decision that gives ``game`` back the result it has now."""
    match = Match.objects.get(pk=game.match_id)
    if match.end_reason == Match.Reason.ANNULLED:
        return lambda: run(game_services.annul_result, match.pk, staff, "undone")
    return lambda: run(game_services.correct_result, match.pk, staff,
                       match.winner_seat or None, "undone")


# --- the reference ------------------------------------------------------------------


def high_result(game: TournamentGame, player: int) -> float | None:
    """``player``'s points in ``game`` from its seats; None while it runs; annulled 0.5."""
    if game.match_id is None:
        return game.score_first if player == game.first_id else 1 - game.score_first
    if game.match.status != Match.Status.FINISHED:
        return None
    if game.match.end_reason == Match.Reason.ANNULLED:
        return 0.5
    return POINTS[Seat.objects.get(match_id=game.match_id, user_id=player).result]


def reference_points(cup) -> tuple[dict, dict]:
    points: dict[int, float] = defaultdict(float)
    record: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    for game in TournamentGame.objects.filter(round__tournament=cup).select_related("match"):
        if game.match_id is not None and (
                game.match.status != Match.Status.FINISHED
                or game.match.end_reason == Match.Reason.ANNULLED):
            continue
        for me in (game.first_id, game.second_id):
            got = high_result(game, me)
            points[me] += got
            if not game.forfeit:
                record[me][{1.0: 0, 0.5: 1, 0.0: 2}[got]] += 1
    for bye in TournamentBye.objects.filter(round__tournament=cup):
        points[bye.user_id] += bye.points
    return points, record


def check_standings(cup) -> None:
    points, record = reference_points(cup)
    rows = reading.standing_rows(cup)
    for row in rows:
        assert row.points == points.get(row.player, 0.0), (row, dict(points))
        assert [row.wins, row.draws, row.losses] == record.get(row.player, [0, 0, 0])
    assert [r.points for r in rows] == sorted((r.points for r in rows), reverse=True)
    cup.refresh_from_db()
    if cup.status == Tournament.Status.FINISHED:
        assert points.get(cup.winner_id, 0.0) == max(points.values(), default=0.0)
        assert cup.winner_id == rows[0].player


def reference_bracket(cup) -> tuple[dict, dict]:
    """Each known match's pair (high, low) and winner, from round 1's seeding and the
    games' seats alone: a match counts its games between its two players that the site
    did not cancel, in order, up to the first decisive one; three drawn or annulled
    games send the high seed through. A match of a later round is known once both
    matches it follows have a winner."""
    seeds = {}
    pairs: dict[tuple[int, int], tuple[int, int | None]] = {}
    for slot in reading.bracket(cup)[0]:
        high, low = slot.match.high, slot.match.low
        seeds[high.id] = high.seed
        if low is not None:
            seeds[low.id] = low.seed
        pairs[(1, slot.match.slot)] = (high.id, low.id if low else None)
    total = max(1, (len(seeds) - 1).bit_length())
    winners: dict[tuple[int, int], int | None] = {}
    for number in range(1, total + 1):
        for slot in range(2 ** (total - number)):
            if (number, slot) not in pairs:
                continue
            high, low = pairs[(number, slot)]
            winners[(number, slot)] = high if low is None else None
            drawn = 0
            for game in TournamentGame.objects.filter(
                    round__tournament=cup, round__number=number, board=slot,
                    cancelled=False).select_related("match").order_by("replay"):
                if low is None or {game.first_id, game.second_id} != {high, low}:
                    continue
                got = high_result(game, high)
                if got is None:
                    break
                if got != 0.5:
                    winners[(number, slot)] = high if got == 1 else low
                    break
                drawn += 1
                if drawn == 3:
                    winners[(number, slot)] = high
                    break
        if number < total:
            for slot in range(2 ** (total - number - 1)):
                a, b = winners.get((number, 2 * slot)), winners.get((number, 2 * slot + 1))
                if a is not None and b is not None:
                    pairs[(number + 1, slot)] = tuple(sorted((a, b), key=seeds.get))
    return pairs, winners


def check_bracket(cup) -> None:
    pairs, winners = reference_bracket(cup)
    site = {(s.match.round, s.match.slot): s for slots in reading.bracket(cup) for s in slots}
    assert set(site) == set(pairs), (sorted(site), sorted(pairs))
    for key, slot in site.items():
        low = slot.match.low.id if slot.match.low else None
        assert (slot.match.high.id, low) == pairs[key]
        assert slot.winner == winners[key], (key, slot)
    cup.refresh_from_db()
    total = max(number for number, _slot in pairs)
    final_winner = winners.get((total, 0)) if total == max(
        1, (len(reading.entrants(cup)) - 1).bit_length()) else None
    # every running game is one the bracket asks for, and every match of a started round
    # without a winner has its running game
    live = list(TournamentGame.objects.filter(round__tournament=cup, cancelled=False,
                                              match__status=Match.Status.ACTIVE))
    for game in live:
        key = (game.round.number, game.board)
        assert key in pairs and winners[key] is None, (key, "stale game running")
        assert {game.first_id, game.second_id} == set(pairs[key])
    assert len({(g.round.number, g.board) for g in live}) == len(live)
    started_rounds = set(cup.rounds.values_list("number", flat=True))
    if cup.status == Tournament.Status.RUNNING:
        waiting = {key for key, winner in winners.items()
                   if winner is None and key[0] in started_rounds}
        assert waiting == {(g.round.number, g.board) for g in live}
        assert final_winner is None
    if cup.status == Tournament.Status.FINISHED:
        assert final_winner is not None and cup.winner_id == final_winner
    assert verify_tournaments([cup.pk]) == []


def check_tables(cup) -> None:
    for game in TournamentGame.objects.filter(round__tournament=cup).select_related("match"):
        if game.match.status != Match.Status.FINISHED:
            assert not game.ended
            continue
        seats = [s for s in Seat.objects.filter(match=game.match).select_related("user")
                 if not s.user.is_bot]
        if game.match.end_reason == Match.Reason.ANNULLED:
            expected = {str(s.user_id): 1 for s in seats}
        else:
            def key(seat):
                return (POINTS.get(seat.result, 0.0) if seat.result != Seat.Result.DRAW
                        else 0.5, seat.score or 0)
            expected = {str(s.user_id): 1 + sum(key(o) > key(s) for o in seats) for s in seats}
        assert game.places == expected
        # pieces home: the pieces in each human's castle in the table's final state
        castles = game.match.state["seats"]
        home = ({} if game.match.end_reason == Match.Reason.ANNULLED else
                {str(s.user_id): len(castles[int(s.seat)]["castle"]) for s in seats})
        assert game.pieces_home == home
    cup.refresh_from_db()
    if cup.status == Tournament.Status.FINISHED:
        last = cup.rounds.order_by("-number").first().games.all()
        best = min(p for g in last for p in g.places.values())
        assert any(g.places.get(str(cup.winner_id)) == best for g in last)
    assert verify_tournaments([cup.pk]) == []


def play(run, staff, cup, drawn_steps, check) -> None:
    last: list = []
    check(cup)
    for step in drawn_steps:
        apply(run, staff, cup, step, last)
        check(cup)


@pytest.mark.parametrize("fmt", ["swiss", "round_robin"])
@PROPERTY
@given(drawn=steps)
def test_standings_are_the_fold_of_the_record(make_tournament, staff, run, fmt, drawn):
    terms_ = {"round_count": 2} if fmt == "swiss" else {"round_count": None}
    cup = started(run, make_tournament, players(4), staff, format=fmt, **terms_)
    play(run, staff, cup, drawn, check_standings)


@pytest.mark.parametrize("size", [4, 6])  # 6: byes in round 1, three rounds deep
@PROPERTY
@given(drawn=steps)
def test_the_bracket_and_winner_are_the_fold_of_the_record(make_tournament, staff, run,
                                                           size, drawn):
    cup = started(run, make_tournament, players(size), staff, format="knockout",
                  round_count=None)
    play(run, staff, cup, drawn, check_bracket)


@settings(PROPERTY, max_examples=3)
@given(drawn=st.lists(st.tuples(st.sampled_from(["end", "correct", "annul", "repeat"]),
                                st.integers(0, 5), st.sampled_from(["first", "draw"])),
                      min_size=2, max_size=6))
def test_kasteel_places_and_winner_are_the_fold_of_the_record(make_tournament, staff, run,
                                                              monkeypatch, drawn):
    from games.core import table_terms

    monkeypatch.setattr(table_terms, "default_limit", lambda *args, **kwargs: 1)
    cup = started(run, make_tournament, players(5, "kasteel"), staff, game="kasteel",
                  format="kasteel_rounds", round_count=None, table_size=3, allow_ai=True)
    play(run, staff, cup, drawn, check_tables)
