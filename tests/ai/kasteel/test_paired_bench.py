"""The paired comparison of two variants' records (``bench/kasteel_paired.py``)."""

from __future__ import annotations

import json

import pytest

from tests.bench_scripts import load


def _record(path, credits, seed=21):
    path.write_text("".join(json.dumps({"seed": seed, "game": i, "credit": c}) + "\n"
                            for i, c in enumerate(credits)))
    return str(path)


def test_it_takes_the_difference_game_by_game(tmp_path):
    paired = load("kasteel_paired")
    first = paired.load(_record(tmp_path / "a.jsonl", [1, 0, 0, 0.5]))
    second = paired.load(_record(tmp_path / "b.jsonl", [1, 1, 0, 0.5]))
    found = paired.paired(first, second)
    assert found["games"] == 4 and found["changed"] == 1
    assert found["first"] == pytest.approx(0.375) and found["second"] == pytest.approx(0.625)
    assert found["difference"] == pytest.approx(0.25)
    assert found["se"] == pytest.approx(0.25)  # the spread of (0, 1, 0, 0) over sqrt(4)


def test_it_refuses_records_of_other_games(tmp_path):
    paired = load("kasteel_paired")
    first = paired.load(_record(tmp_path / "a.jsonl", [1, 0], seed=1))
    second = paired.load(_record(tmp_path / "b.jsonl", [1, 0], seed=2))
    with pytest.raises(SystemExit, match="share fewer than two games"):
        paired.paired(first, second)
