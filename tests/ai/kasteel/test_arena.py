"""The N-player arena: seats rotate, wins are shared, 12 seats finish."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from games.ai.arena_multi import (
    MultiConfig,
    default_limit,
    format_multi_report,
    play_multi_game,
    run_multi,
)

ROOT = Path(__file__).resolve().parent.parent.parent.parent


def test_it_runs_a_small_four_player_tournament_and_prints_the_table():
    config = MultiConfig(
        seats=("heuristic", "random", "random", "random"), games=6, seed=3, limit=4
    )
    results = run_multi(config)
    assert [r.index for r in results] == list(range(6))
    # Position 0 (the heuristic) takes seat 0, 1, 2, 3, 0, 1.
    assert [r.seating[0] for r in results] == [0, 1, 2, 3, 0, 1]
    for r in results:
        assert sorted(r.seating) == [0, 1, 2, 3]
        assert abs(sum(r.credit) - 1.0) < 1e-9  # individual game: one win shared out
        assert r.ending in ("castle", "limit") and r.turns > 0
        assert all(score is not None for score in r.scores)
        assert r.cpu[0] and r.cpu[1]
    report = format_multi_report(config, results)
    for text in (
        "4 players",
        "limit 4 cycles",
        "heuristic",
        "random",
        "95% CI",
        "win rate",
        "mean score",
        "CPU/move",
        "game length",
        "endings:",
        "chance 25.0%",
    ):
        assert text in report, text
    again = run_multi(MultiConfig(**{**config.__dict__, "jobs": 2}))
    assert [(r.credit, r.turns) for r in again] == [(r.credit, r.turns) for r in results]


def test_a_team_win_credits_both_partners():
    config = MultiConfig(
        seats=("heuristic", "random", "random", "random"), games=1, teams=True, limit=1, seed=4
    )
    result = play_multi_game(config, 0)
    # Position j plays seat j in game 0: partners are positions (0, 2) and (1, 3).
    assert result.credit[0] == result.credit[2] and result.credit[1] == result.credit[3]
    assert abs(sum(result.credit) - 2.0) < 1e-9


def test_a_twelve_player_game_of_ai_seats_with_a_limit_finishes():
    seats = ("heuristic", "random") * 6
    result = play_multi_game(MultiConfig(seats=seats, games=1, seed=5, limit=1), 0)
    assert result.ending == "limit" and result.turns > 12
    assert default_limit(12) == 17 and default_limit(4) == 50


def test_it_runs_as_a_manage_py_command():
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "arena",
            "--game",
            "kasteel",
            "--players",
            "3",
            "--seats",
            "heuristic,random,random",
            "--limit",
            "2",
            "--games",
            "3",
            "--seed",
            "2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "kasteel: 3 players (heuristic, random, random), 3 games" in result.stdout
    bad = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "arena",
            "--game",
            "kasteel",
            "--players",
            "4",
            "--seats",
            "heuristic,random",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert bad.returncode != 0 and "--players 4 but --seats lists 2" in bad.stderr


def test_it_pits_the_heuristic_against_the_old_one_and_counts_pieces_home():
    config = MultiConfig(seats=("heuristic", "heuristic-old"), games=2, seed=5, limit=3)
    results = run_multi(config)
    for r in results:
        assert r.home is not None and len(r.home) == 2
        assert all(0 <= count <= 7 for count in r.home)
    report = format_multi_report(config, results)
    assert "heuristic-old" in report
    assert "pieces on their castle target at the end" in report
