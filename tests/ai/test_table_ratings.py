"""The arena ratings of the levels of a game of N seats (Strijd om het Kasteel): tables
broken into pairs of seats, Bradley-Terry on the Elo scale, anchored like the
two-player games (games.ai.table_ratings)."""

from __future__ import annotations

import json
import math

import pytest

from games.ai.table_ratings import (
    TableGame,
    compositions,
    pairwise,
    play_table,
    rate_tables,
    run_tables_from_options,
)


def _table(levels: list[str], credit: list[float], index: int = 0) -> TableGame:
    n = len(levels)
    return TableGame(index, levels, list(range(n)), credit, [None] * n, "limit", 100)


# A hand-made example: the Wanderer wins one table outright (three wins over the
# Sprites), a Sprite wins the next (a loss for the Wanderer; the two Sprites that
# both lost tell nothing), and a tie of all four tells nothing. The Wanderer: 3
# wins, 1 loss, so 400 * log10(3) = 190.8 points above the Sprite.
HAND_MADE = [
    _table(["heuristic", "random", "random", "random"], [1, 0, 0, 0]),
    _table(["heuristic", "random", "random", "random"], [0, 1, 0, 0]),
    _table(["heuristic", "random", "random", "random"], [0.25, 0.25, 0.25, 0.25]),
]


def test_it_breaks_a_table_into_pairs_of_different_levels():
    assert pairwise(HAND_MADE) == [("heuristic", "random", 1.0)] * 3 + [
        ("heuristic", "random", 0.0)]
    # a shared win is a draw between the winners, and both beat the loser
    shared = _table(["strong", "heuristic", "random", "random"], [0.5, 0.5, 0, 0])
    assert pairwise([shared]) == [("strong", "heuristic", 0.5), ("strong", "random", 1.0),
                                  ("strong", "random", 1.0), ("heuristic", "random", 1.0),
                                  ("heuristic", "random", 1.0)]


def test_it_rates_the_hand_made_example_anchored_at_the_wanderer():
    ratings = rate_tables(HAND_MADE, bootstrap=0)
    assert ratings["heuristic"] == (1500.0, 0.0)
    assert ratings["random"][0] == pytest.approx(1500 - 400 * math.log10(3), abs=0.01)


def test_it_orders_three_levels_and_moves_the_anchor():
    tables = [
        _table(["strong", "heuristic", "random", "random"], [1, 0, 0, 0]),
        _table(["strong", "heuristic", "random", "random"], [0, 1, 0, 0]),
        _table(["strong", "strong", "heuristic", "random"], [0, 0, 1, 0]),
        _table(["strong", "heuristic", "heuristic", "random"], [0.5, 0.5, 0, 0]),
        _table(["strong", "heuristic", "heuristic", "random"], [0, 0, 0, 1]),
        _table(["strong", "strong", "heuristic", "random"], [1, 0, 0, 0]),
    ]
    ratings = rate_tables(tables, anchor=("strong", 1800.0), bootstrap=50)
    assert ratings["strong"][0] == 1800.0
    assert ratings["strong"][0] > ratings["heuristic"][0] > ratings["random"][0]
    assert all(deviation > 0 for level, (_, deviation) in ratings.items() if level != "strong")
    # the same tables, the same figures: the resamplings come from a fixed seed
    assert rate_tables(tables, anchor=("strong", 1800.0), bootstrap=50) == ratings


def test_it_leaves_out_a_level_without_a_finite_rating():
    tables = [_table(["strong", "heuristic", "random", "random"], [1, 0, 0, 0]),
              _table(["strong", "heuristic", "random", "random"], [1, 0, 0, 0]),
              _table(["heuristic", "random", "random", "random"], [1, 0, 0, 0]),
              _table(["heuristic", "random", "random", "random"], [0, 1, 0, 0])]
    ratings = rate_tables(tables, bootstrap=0)
    assert set(ratings) == {"heuristic", "random"}  # strong never lost a pair
    assert rate_tables([], bootstrap=0) == {}


def test_it_seats_every_level_against_the_others():
    assert compositions(["random", "heuristic", "strong"], 4) == [
        ("random", "random", "heuristic", "heuristic"),
        ("random", "random", "heuristic", "strong"),
        ("random", "random", "strong", "strong"),
        ("random", "heuristic", "heuristic", "strong"),
        ("random", "heuristic", "strong", "strong"),
        ("heuristic", "heuristic", "strong", "strong"),
    ]


def test_it_plays_a_table_and_resumes_from_its_results_file(tmp_path):
    table = play_table(("random", "random", "heuristic", "heuristic"), 5, seed=2, limit=1)
    assert table.levels == ["random", "random", "heuristic", "heuristic"]
    assert table.seating == [1, 2, 3, 0] and table.limit == 1
    assert sum(table.credit) == pytest.approx(1.0) or sum(table.credit) == 0
    path = tmp_path / "tables.jsonl"
    options = {"table_levels": "random,heuristic", "players": 4, "limit": 1, "games": 3,
               "seed": 2, "game": "kasteel", "results": str(path), "anchor": None}
    report = run_tables_from_options(options)
    assert "3 tables of random, heuristic" in report
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["index"] for line in lines] == [0, 1, 2]
    run_tables_from_options({**options, "games": 4})  # plays only the missing game
    assert [json.loads(line)["index"] for line in path.read_text().splitlines()] == [0, 1, 2, 3]
    assert "4 tables" in run_tables_from_options({**options, "rate_only": True})
