"""``bench/paired_results.py`` compares two arena runs game by game: wins on the
games both played, the games only one won, and an exact sign test."""

from __future__ import annotations

import json
import math
from pathlib import Path

from tests.bench_scripts import load


def _results(path: Path, winners: dict[int, str]) -> Path:
    lines = [json.dumps({"index": index, "winner": winner, "a_seat": "cleopatra"})
             for index, winner in winners.items()]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_it_counts_the_games_both_runs_played(tmp_path):
    paired = load("paired_results")
    first = _results(tmp_path / "a.jsonl", {0: "A", 1: "B", 2: "A", 3: "draw", 4: "A"})
    second = _results(tmp_path / "b.jsonl", {0: "A", 1: "A", 2: "B", 3: "A"})
    result = paired.compare(paired.outcomes(first), paired.outcomes(second))
    assert result["games"] == 4  # game 4 only in the first
    assert result["first"] == 2.5 and result["second"] == 3
    assert result["only_first"] == 1 and result["only_second"] == 2


def test_the_sign_test_is_the_exact_binomial():
    paired = load("paired_results")
    assert paired.sign_test(0, 0) == 1.0
    assert paired.sign_test(5, 5) == 1.0
    # 20 against 6: P(X <= 6) for X ~ Bin(26, 1/2), doubled.
    tail = sum(math.comb(26, k) for k in range(7)) / 2**26
    assert math.isclose(paired.sign_test(20, 6), 2 * tail)
    assert paired.sign_test(6, 20) == paired.sign_test(20, 6)
    assert paired.sign_test(0, 10) < 0.002
