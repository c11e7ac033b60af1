"""The ``baseline`` arena level: determinized UCT with random playouts, a
yardstick for the arena only (no account, not in the lobby)."""

from __future__ import annotations

import random

import pytest

from games.ai import LEVELS, Budget, get_bot, levels_for
from games.ai.arena_match import ArenaConfig, run_arena
from games.ai.registry import get_arena_bot
from games.rules import get_rules

from .helpers import RULES


def test_it_is_an_arena_level_only():
    assert "baseline" not in LEVELS
    assert "baseline" not in levels_for("druidenwalzer")
    with pytest.raises(ValueError, match="baseline"):
        get_arena_bot("kasteel", "baseline")


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra"])
def test_it_plays_legal_moves_within_an_iteration_budget(game):
    rules = get_rules(game)
    bot = get_arena_bot(game, "baseline")
    rng = random.Random(1)
    state = rules.new_game(4)
    for _ in range(30):
        if rules.is_over(state):
            break
        seat = rules.to_move(state)
        legal = rules.legal_moves(state)
        move = bot.choose(rules.view(state, seat), legal, rng, Budget(iterations=24))
        assert move in legal
        state = rules.apply(state, move, seat=seat).state


def test_it_is_reproducible_with_an_iteration_budget():
    state = RULES.new_game(9)
    while state.phase != 1:
        state = RULES.apply(state, RULES.legal_moves(state)[0]).state
    seat = RULES.to_move(state)
    view, legal = RULES.view(state, seat), RULES.legal_moves(state)
    bot = get_arena_bot("druidenwalzer", "baseline")
    first = bot.choose(view, legal, random.Random(5), Budget(iterations=80))
    assert bot.choose(view, legal, random.Random(5), Budget(iterations=80)) == first


def test_it_uses_the_strong_levels_cpu_budget():
    for game in ("druidenwalzer", "caesar-cleopatra"):
        strong = get_bot(game, "strong").default_budget.cpu_seconds
        assert get_arena_bot(game, "baseline").default_budget.cpu_seconds == strong


def test_it_plays_in_the_arena():
    config = ArenaConfig(a="baseline", b="random", games=2, seed=3,
                         budget_a=Budget(iterations=24))
    results = run_arena(config)
    assert len(results) == 2 and all(result.turns > 0 for result in results)
