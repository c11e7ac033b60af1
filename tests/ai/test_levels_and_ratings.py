"""The five calibrated levels of each two-player game and their arena ratings:
the mixed levels' random moves, budgets and reproducible play; the round
robin and its Glicko-2 rating; the measured ratings kept next to the levels."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, get_bot, levels_for
from games.ai.arena import main
from games.ai.mixed import MixedBot
from games.ai.random_bot import RandomBot
from games.ai.registry import ARENA_RATINGS, MIXED_RATES, arena_rating
from games.ai.round_robin import PairGame, format_table, play_round_robin, rate_games
from games.rules import get_rules
from tests.ai.helpers import repeatable_budget
from tests.cpu import bot_cpu

GAMES = ("druidenwalzer", "caesar-cleopatra")


def _positions(game: str, count: int, seed: int = 3):
    """Positions along a random game with more than one legal move."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.new_game(seed)
    found = []
    while not rules.is_over(state) and len(found) < count:
        legal = rules.legal_moves(state)
        seat = rules.to_move(state)
        if len(legal) > 1:
            found.append((rules.view(state, seat), legal))
        state = rules.apply(state, rng.choice(legal), seat=seat).state
    return found


class _Fixed:
    """An inner bot that always plays the last legal move."""

    def choose(self, view, legal_moves, rng, budget=None, history=None):
        return dict(legal_moves[-1])


def test_a_mixed_level_plays_its_inner_move_or_a_random_one_at_its_rate():
    legal = [{"n": i} for i in range(10)]
    never = MixedBot(_Fixed(), 0.0)
    always = MixedBot(_Fixed(), 1.0)
    half = MixedBot(_Fixed(), 0.5)
    rng = random.Random(1)
    assert all(never.choose({}, legal, rng) == {"n": 9} for _ in range(50))
    assert {always.choose({}, legal, rng)["n"] for _ in range(200)} == set(range(10))
    inner = sum(half.choose({}, legal, rng) == {"n": 9} for _ in range(2000))
    # Half the moves are the inner bot's, and a tenth of the random ones are too.
    assert 1000 < inner < 1200
    with pytest.raises(ValueError):
        MixedBot(_Fixed(), 1.5)
    assert MixedBot(RandomBot(), 0.5).choose({}, [{"n": 1}], rng) == {"n": 1}


@pytest.mark.parametrize("game", GAMES)
def test_each_level_repeats_its_move_with_the_same_seed(game):
    for view, legal in _positions(game, 4):
        for level in levels_for(game):
            budget = repeatable_budget(game, level, 20)
            bot = get_bot(game, level)
            first = bot.choose(view, legal, random.Random(5), budget)
            assert first in legal
            assert get_bot(game, level).choose(view, legal, random.Random(5), budget) == first


@pytest.mark.parametrize("game", GAMES)
def test_the_mixed_levels_keep_the_heuristics_budget(game):
    cap = get_bot(game, "heuristic").default_budget.cpu_seconds
    for view, legal in _positions(game, 6, seed=8):
        for level in MIXED_RATES[game]:
            started = bot_cpu()
            get_bot(game, level).choose(view, legal, random.Random(2))
            assert bot_cpu() - started < cap + 0.1, level
    for level in MIXED_RATES[game]:
        bot = get_bot(game, level)
        assert bot.random_rate == MIXED_RATES[game][level]
        assert bot.default_budget == get_bot(game, "heuristic").default_budget


def _games(pairs: dict[tuple[str, str], tuple[int, int]]) -> list[PairGame]:
    games, index = [], 0
    for (a, b), (wins, losses) in pairs.items():
        for outcome in ["A"] * wins + ["B"] * losses:
            games.append(PairGame(a, b, index, outcome, 20, "test", [0.01], [0.01]))
            index += 1
    return games


def test_the_round_robin_rates_with_glicko_2_anchored_and_in_any_order():
    games = _games({("x", "y"): (15, 5), ("y", "z"): (15, 5), ("x", "z"): (18, 2)})
    levels = ["x", "y", "z"]
    ratings = {r.level: r for r in rate_games(games, levels, ("y", 1500))}
    assert ratings["y"].rating == pytest.approx(1500)
    assert ratings["x"].rating > 1600 and ratings["z"].rating < 1400
    # About 190 points for 75 %: the same steps above and below.
    assert (ratings["x"].rating - 1500) == pytest.approx(1500 - ratings["z"].rating, abs=1)
    assert all(40 < r.deviation < 150 and r.games == 40 for r in ratings.values())
    shuffled = list(reversed(games))
    again = {r.level: r for r in rate_games(shuffled, levels, ("y", 1500))}
    assert all(again[level].rating == pytest.approx(ratings[level].rating, abs=1)
               for level in levels)
    shifted = {r.level: r.rating for r in rate_games(games, levels, ("z", 1000))}
    assert shifted["z"] == pytest.approx(1000)
    assert shifted["x"] - shifted["z"] == pytest.approx(ratings["x"].rating
                                                        - ratings["z"].rating)


def test_two_levels_rate_to_the_logistic_gap_of_their_score():
    # Rated against each other alone, both levels once swung further every pass
    # until the arithmetic overflowed.
    ratings = {r.level: r for r in rate_games(_games({("s", "b"): (272, 128)}), ["s", "b"],
                                              ("b", 1500))}
    # 68 % is 400 * log10(0.68 / 0.32) = 131 points on the Elo scale.
    assert ratings["s"].rating - ratings["b"].rating == pytest.approx(131, abs=2)
    assert 15 < ratings["s"].deviation < 25


def test_a_perfect_score_is_rated_at_a_bound_not_an_overflow():
    games = _games({("s", "b"): (40, 0), ("b", "c"): (30, 10)})
    ratings = {r.level: r.rating for r in rate_games(games, ["s", "b", "c"], ("b", 1500))}
    assert 3000 < ratings["s"] < 5000
    assert ratings["c"] < 1500
    table = format_table(games, ["s", "b", "c"], rate_games(games, ["s", "b", "c"]),
                         "druidenwalzer", ("b", 1500))
    assert "a perfect score: no finite rating" in table


def test_the_round_robin_repeats_on_two_processes(tmp_path, capsys):
    levels = ["random", "novice", "heuristic"]
    serial = play_round_robin(levels, 2, game="druidenwalzer", seed=4)
    parallel = play_round_robin(levels, 2, game="druidenwalzer", seed=4, jobs=2)
    assert [(g.a, g.b, g.index, g.winner, g.turns) for g in serial] == [
        (g.a, g.b, g.index, g.winner, g.turns) for g in parallel]
    assert len(serial) == 6
    path = tmp_path / "games.jsonl"
    args = ["--game", "druidenwalzer", "--round-robin", ",".join(levels),
            "--games-per-pair", "2", "--seed", "4", "--results", str(path)]
    main(args)
    played = capsys.readouterr().out
    assert len(path.read_text().splitlines()) == 6
    for text in ("anchored at heuristic = 1500", "rating", "RD", "novice      vs heuristic"):
        assert text in played, text
    main([*args, "--rate-only"])
    rated = capsys.readouterr().out
    assert rated.split("\n\n")[1] == played.split("\n\n")[1]  # the same ratings table
    # A stopped run resumes: only the games missing from the file are played.
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:4]) + "\n")
    main(args)
    resumed = capsys.readouterr().out
    assert len(path.read_text().splitlines()) == 6
    # The same ratings (the CPU times of the games played again differ).
    assert [line[:41] for line in resumed.split("\n\n")[1].splitlines()] == [
        line[:41] for line in played.split("\n\n")[1].splitlines()]
    main([*args[:-4], "--games-per-pair", "1", "--results", str(path), "--rate-only"])
    assert ", 3 games," in capsys.readouterr().out


def test_the_druidenwalzer_ovate_is_the_archdruids_search_at_its_own_short_budget(settings):
    from games.ai.druidenwalzer.search import StrongBot
    from games.ai.registry import (
        DRUIDENWALZER_OVATE_CPU,
        DRUIDENWALZER_OVATE_ITERATIONS,
        describe,
    )

    ovate = get_bot("druidenwalzer", "adept")
    assert isinstance(ovate, StrongBot) and ovate.remember and ovate.tactics
    assert ovate.default_budget == Budget(iterations=DRUIDENWALZER_OVATE_ITERATIONS,
                                          cpu_seconds=DRUIDENWALZER_OVATE_CPU)
    assert ovate.default_budget != get_bot("druidenwalzer", "strong").default_budget
    assert "a tenth of a second" in describe("druidenwalzer", "adept")
    view, legal = _positions("druidenwalzer", 6, seed=8)[-1]
    started = bot_cpu()
    # Its iterations make it reproducible, on the site as in the arena.
    moves = [ovate.choose(view, legal, random.Random(2), history=[]) for _ in range(2)]
    assert bot_cpu() - started < 2 * (DRUIDENWALZER_OVATE_CPU + 0.1)
    assert moves[0] == moves[1] and moves[0] in legal


def test_the_measured_ratings_cover_each_games_levels_weakest_first():
    for game, ratings in ARENA_RATINGS.items():
        assert set(ratings) <= set(levels_for(game)), game
        # Weakest first in the lobby's order.
        five = [level for level in levels_for(game) if level in ratings and level != "random"]
        values = [ratings[level][0] for level in five]
        assert values == sorted(values), (game, values)
        assert all(abs(arena_rating(game, level) - ratings[level][0]) <= 5
                   and arena_rating(game, level) % 10 == 0 for level in ratings)
    assert arena_rating("druidenwalzer", "no-such-level") is None
    assert arena_rating("chess", "strong") is None


def test_the_caesar_cleopatra_ovate_is_the_archdruids_search_at_its_own_short_budget():
    from games.ai.caesar_cleopatra.search import StrongBot
    from games.ai.registry import (
        CAESAR_CLEOPATRA_OVATE_CPU,
        CAESAR_CLEOPATRA_OVATE_ITERATIONS,
        describe,
    )

    ovate = get_bot("caesar-cleopatra", "adept")
    strong = get_bot("caesar-cleopatra", "strong")
    assert isinstance(ovate, StrongBot) and ovate.learns_habits
    assert ovate.default_budget == Budget(iterations=CAESAR_CLEOPATRA_OVATE_ITERATIONS,
                                          cpu_seconds=CAESAR_CLEOPATRA_OVATE_CPU)
    assert ovate.default_budget != strong.default_budget
    assert type(strong).default_budget == strong.default_budget  # the Archdruid's unchanged
    assert "a tenth of a second" in describe("caesar-cleopatra", "adept")
    for view, legal in _positions("caesar-cleopatra", 4, seed=8):
        started = bot_cpu()
        # Its iterations make it reproducible, on the site as in the arena.
        moves = [ovate.choose(view, legal, random.Random(2), history=[]) for _ in range(2)]
        assert bot_cpu() - started < 2 * (CAESAR_CLEOPATRA_OVATE_CPU + 0.1)
        assert moves[0] == moves[1] and moves[0] in legal
