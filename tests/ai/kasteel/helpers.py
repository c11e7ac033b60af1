"""Seeded Kasteel games with bots, for the AI tests."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from games.ai.registry import get_arena_bot
from games.rules import get_rules

RULES = get_rules("kasteel")


def play_checked(
    levels: list[str],
    seed: int,
    options: dict,
    on_move: Callable[[object, dict, list, dict], None] | None = None,
):
    """Play one game with a level per seat, asserting at every move that the
    bot chose one of the legal moves and left its input alone. Returns the
    final state (the options should carry a length limit)."""
    bots = [get_arena_bot("kasteel", level) for level in levels]
    rngs = [random.Random(seed * 100 + seat) for seat in range(len(levels))]
    state = RULES.new_game(seed, options)
    while not RULES.is_over(state):
        seat = RULES.to_move(state)
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state)
        view_before, legal_before = copy.deepcopy(view), copy.deepcopy(legal)
        move = bots[int(seat)].choose(view, legal, rngs[int(seat)])
        assert view == view_before and legal == legal_before, "a bot changed its input"
        assert move in legal, f"{levels[int(seat)]} chose an illegal move {move} (seed {seed})"
        if on_move is not None:
            on_move(state, view, legal, move)
        state = RULES.apply(state, move, seat=seat).state
    return state
