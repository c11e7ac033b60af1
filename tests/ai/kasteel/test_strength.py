"""The heuristic beats random players in small arenas (seeded, so the
figures repeat; larger matches are in docs/ai.md)."""

from __future__ import annotations

from games.ai.arena_multi import MultiConfig, run_multi


def test_the_heuristic_beats_a_random_player():
    results = run_multi(MultiConfig(seats=("heuristic", "random"), games=10, seed=1, limit=15))
    wins = sum(r.credit[0] for r in results)
    assert wins >= 7, [r.credit for r in results]  # chance: 5 of 10


def test_the_heuristic_beats_three_random_players():
    config = MultiConfig(
        seats=("heuristic", "random", "random", "random"), games=8, seed=2, limit=20
    )
    results = run_multi(config)
    wins = sum(r.credit[0] for r in results)
    assert wins >= 5, [r.credit for r in results]  # chance: 2 of 8
    mean = sum(r.scores[0] for r in results) / 8
    others = sum(s for r in results for s in r.scores[1:]) / 24
    assert mean > 2 * others, (mean, others)
