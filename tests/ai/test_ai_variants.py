"""Every variant of ``bench/ai_variants.py`` plays legal moves in its game."""

from __future__ import annotations

import pytest

from games.ai import registry
from games.ai.arena_match import ArenaConfig, play_game
from games.ai.base import Budget
from tests.bench_scripts import load

VARIANTS = load("ai_variants")


@pytest.mark.parametrize("game,table", [("druidenwalzer", "VARIANTS"),
                                        ("caesar-cleopatra", "CC_VARIANTS")])
def test_it_plays_each_variant_to_the_end_of_a_short_game(game, table, monkeypatch):
    variants = getattr(VARIANTS, table)
    monkeypatch.setattr(registry, "ARENA_LEVELS", {
        **registry.ARENA_LEVELS, **{name: {game: make} for name, make in variants.items()}})
    budget = Budget(iterations=3, cpu_seconds=0.02)
    for number, name in enumerate(sorted(variants)):
        config = ArenaConfig(a=name, b="baseline", games=1, seed=number, game=game,
                             budget_a=budget, budget_b=budget, turn_limit=12)
        result = play_game(config, 0)  # the engine refuses an illegal move (12 moves)
        assert result.turns >= 1
