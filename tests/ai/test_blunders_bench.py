"""The certainty audit's results file (``bench/ai_blunders.py --results``): a
stopped audit goes on where it stopped, and its report covers every game."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from tests.bench_scripts import load


def _run(module, monkeypatch, capsys, *arguments: str) -> tuple[list[int], str]:
    played: list[int] = []
    real = module.play_game

    def counted(config, index):
        played.append(index)
        return real(config, index)

    monkeypatch.setattr(module, "play_game", counted)
    # Blunders of random players abound: their positions go to a folder of the test's.
    monkeypatch.setattr(module, "BLUNDERS", Path(tempfile.mkdtemp()))

    monkeypatch.setattr(sys, "argv", ["ai_blunders.py", "--a", "random", "--b", "random",
                                      "--deals", "2", "--seed", "3", *arguments])
    module.main()
    return played, capsys.readouterr().out


def test_it_plays_only_the_games_the_file_lacks(tmp_path, monkeypatch, capsys):
    audit = load("ai_blunders")
    results = tmp_path / "audit.jsonl"
    played, first = _run(audit, monkeypatch, capsys, "--games", "2", "--results", str(results))
    assert played == [0, 1]
    played, second = _run(audit, monkeypatch, capsys, "--games", "3", "--results", str(results))
    assert played == [2]
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert [row["index"] for row in rows] == [0, 1, 2]
    assert "won" in second and "of 3 " in second

    # The same three games in one run without a file: the same report.
    played, whole = _run(audit, monkeypatch, capsys, "--games", "3")
    assert played == [0, 1, 2]
    table = [line for line in whole.splitlines() if line.startswith("| random")]
    assert table == [line for line in second.splitlines() if line.startswith("| random")]


def test_it_keeps_apart_the_games_of_other_settings(tmp_path, monkeypatch, capsys):
    audit = load("ai_blunders")
    results = tmp_path / "audit.jsonl"
    _run(audit, monkeypatch, capsys, "--games", "1", "--results", str(results))
    played, _out = _run(audit, monkeypatch, capsys, "--games", "1", "--results", str(results),
                        "--deals", "3")
    assert played == [0]  # another judge: the game counts anew
    assert len(results.read_text().splitlines()) == 2


def test_it_counts_a_blunder_only_once_more_deals_confirm_it():
    audit = load("ai_blunders")
    deals = iter(range(100))

    def sample():
        return next(deals)

    def wins_before_five(state, index):  # move 1 wins in the first five deals only
        return index == 1 and state < 5

    certain_win = [False, True]
    # A missed win that later deals disprove: not a certain win at all.
    verdict = audit.confirmed((True, True, False, False), sample, wins_before_five,
                              None, certain_win, 0, 10)
    assert verdict == (False, False, False, False, True)
    # One that holds in every further deal stays missed.
    verdict = audit.confirmed((True, True, False, False), sample,
                              lambda state, index: index == 1, None, certain_win, 0, 10)
    assert verdict == (True, True, False, False, False)
    # A loss walked into likewise (the chosen move, 0, lost in the first deals only).
    verdict = audit.confirmed((False, False, True, True), iter(range(10)).__next__,
                              None, lambda state, index: state < 3, certain_win, 0, 5)
    assert verdict == (False, False, True, False, True)
    assert audit.confirmed((False, False, True, True), sample, None,
                           lambda state, index: True, certain_win, 0, 5)[3] is True
    # Without more deals the verdict stands as the first deals gave it.
    assert audit.confirmed((True, True, False, False), sample, wins_before_five,
                           None, certain_win, 0, 0) == (True, True, False, False, False)
