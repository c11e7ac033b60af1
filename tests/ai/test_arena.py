"""The arena plays bots against bots and prints the results table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games.ai.arena import main
from games.ai.arena_match import ArenaConfig, format_report, play_game, run_arena
from games.ai.arena_tools import wilson
from games.ai.base import Budget

ROOT = Path(__file__).resolve().parent.parent.parent


def test_it_runs_a_small_match_and_prints_the_table():
    config = ArenaConfig(a="heuristic", b="random", games=4, seed=3)
    results = run_arena(config)
    assert [r.index for r in results] == [0, 1, 2, 3]
    # A takes moon in even games and sun in odd games.
    assert [r.a_seat for r in results] == ["moon", "sun", "moon", "sun"]
    assert all(r.winner in ("A", "B", None) for r in results)
    assert all(r.cpu["A"] and r.cpu["B"] for r in results)
    report = format_report(config, results)
    for text in (
        "A as moon",
        "A as sun",
        "total",
        "A win rate",
        "95% CI",
        "CPU per move",
        "A heuristic",
        "B random",
        "endings: two_trees_flipped",
    ):
        assert text in report, text
    # The same seed plays the same games.
    again = run_arena(config)
    assert [(r.winner, r.turns, r.ending) for r in again] == [
        (r.winner, r.turns, r.ending) for r in results
    ]


def test_it_counts_a_game_stopped_by_the_turn_limit_as_a_draw():
    result = play_game(ArenaConfig(a="random", b="random", games=1, turn_limit=10), 0)
    assert result.winner is None and result.ending == "turn limit (draw)"
    report = format_report(ArenaConfig(a="random", b="random", games=1), [result])
    assert "turn limit (draw) 1" in report


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra"])
def test_its_observer_is_told_every_decision_as_the_seat_saw_it(game):
    from games.rules import get_rules

    rules = get_rules(game)
    seen = []
    result = play_game(ArenaConfig(a="heuristic", b="random", games=1, game=game), 0,
                       lambda state, seat, legal, history: seen.append(
                           (state, seat, legal, history)))
    assert len(seen) == sum(len(moves) for moves in result.cpu.values())
    for state, seat, legal, history in seen:
        assert rules.owed_by(state) == (seat,) and legal == rules.legal_moves(state)
        assert history[0]["type"] == "start" and history[0]["view"]["viewer"] == seat
    # Each seat's log grows by the events of every move (its copy is the seat's own).
    first, later = seen[0][3], next(h for s, seat, _l, h in seen[1:] if seat == seen[0][1])
    assert later[:len(first)] == first and len(later) > len(first)


def test_it_plays_on_two_processes_with_the_same_results():
    config = ArenaConfig(a="random", b="heuristic", games=4, seed=5)
    serial = run_arena(config)
    parallel = run_arena(ArenaConfig(a="random", b="heuristic", games=4, seed=5, jobs=2))
    assert [(r.winner, r.turns) for r in serial] == [(r.winner, r.turns) for r in parallel]


def test_it_goes_on_with_a_match_from_its_results_file(tmp_path):
    path = str(tmp_path / "match.jsonl")
    config = ArenaConfig(a="random", b="heuristic", games=2, seed=5)
    told: list[int] = []
    first = run_arena(config, lambda result, count: told.append(count), path)
    assert told == [1, 2]
    longer = ArenaConfig(a="random", b="heuristic", games=3, seed=5)
    played: list[int] = []
    resumed = run_arena(longer, lambda result, count: played.append(result.index), path)
    assert played == [2]  # the first two were read from the file
    assert resumed[:2] == first  # CPU times and all

    def games(results):
        return [(r.index, r.a_seat, r.winner, r.turns, r.ending) for r in results]

    assert games(resumed) == games(run_arena(longer))  # as if played in one run
    # Another match's games in the same file are not its games.
    other = ArenaConfig(a="random", b="heuristic", games=1, seed=5,
                        budget_b=Budget(iterations=2))
    assert run_arena(other, lambda result, count: played.append(result.index), path)
    assert played == [2, 0]
    assert len(Path(path).read_text().splitlines()) == 4


def test_it_computes_the_wilson_interval():
    low, high = wilson(90, 100)
    assert low == pytest.approx(0.8256, abs=1e-3) and high == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-3)


def test_it_runs_as_a_module(capsys):
    assert main(["--a", "random", "--b", "random", "--games", "2", "--seed", "4"]) == 0
    assert "A = random vs B = random, 2 games" in capsys.readouterr().out


def test_it_runs_as_a_manage_py_command():
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "arena",
            "--a",
            "random",
            "--b",
            "heuristic",
            "--games",
            "4",
            "--seed",
            "2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "A = random vs B = heuristic, 4 games" in result.stdout
    assert "A win rate" in result.stdout and "CPU per move" in result.stdout
    bad = subprocess.run(
        [sys.executable, "manage.py", "arena", "--a", "genius", "--b", "random"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode != 0 and "genius" in bad.stderr
