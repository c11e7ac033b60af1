"""Every level only ever plays legal moves, and leaves its input unchanged."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget, get_bot
from tests.cpu import bot_cpu

from .helpers import RULES, handicap, play_checked


@pytest.mark.parametrize("level", ["random", "heuristic"])
def test_it_plays_only_legal_moves_over_100_games(level):
    finished = 0
    for index in range(100):
        # Half the games against itself, half against the other cheap level,
        # on both sides of the table.
        other = level if index % 2 else ("heuristic" if level == "random" else "random")
        levels = (level, other) if index % 4 < 2 else (other, level)
        state = play_checked(levels, seed=1000 + index, options=handicap(index))
        finished += RULES.is_over(state)
    assert finished == 100


def test_it_strong_plays_only_legal_moves_with_a_tiny_budget():
    for index in range(4):
        levels = ("strong", "heuristic") if index % 2 == 0 else ("random", "strong")
        state = play_checked(
            levels, seed=2000 + index, budget=Budget(iterations=40), options=handicap(index + 4)
        )
        assert RULES.is_over(state)


def test_it_strong_respects_a_cpu_budget():
    state = RULES.new_game(77)
    rng = random.Random(77)
    while not RULES.is_over(state) and RULES.turn_number(state) < 6:
        state = RULES.apply(state, rng.choice(RULES.legal_moves(state))).state
    seat = RULES.to_move(state)
    started = bot_cpu()
    move = get_bot("druidenwalzer", "strong").choose(
        RULES.view(state, seat),
        RULES.legal_moves(state),
        rng,
        Budget(iterations=10**9, cpu_seconds=0.2),
    )
    assert bot_cpu() - started < 0.6
    assert move in RULES.legal_moves(state)
