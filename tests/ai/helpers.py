"""Playing seeded games with bots, for the AI tests."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable

from games.ai import Budget, get_bot
from games.rules import get_rules

RULES = get_rules("druidenwalzer")
TURN_LIMIT = 400


def repeatable_budget(game: str, level: str, iterations: int) -> Budget | None:
    """A budget under which the level chooses the same move for the same seed:
    its own default where that counts its work (the heuristic's deals, the mixed
    levels', the Druidenwalzer Ovate's iterations), else ``iterations``: a CPU
    cap alone depends on the machine's load."""
    if get_bot(game, level).default_budget.iterations is not None:
        return None
    return Budget(iterations=iterations)


def handicap(index: int) -> dict | None:
    """Every fifth game with handicaps, so the dealing of unseen cards meets them."""
    if index % 5 != 4:
        return None
    return {"removed": {"moon": [2], "sun": [3, 1]}}


def play_checked(
    levels: tuple[str, str],
    seed: int,
    budget: Budget | None = None,
    options: dict | None = None,
    on_move: Callable[[object, dict, list, dict], None] | None = None,
):
    """Play one game between two levels (moon first), asserting at every move
    that the bot chose one of the legal moves and left its input alone.
    Returns the final state."""
    bots = [get_bot("druidenwalzer", level) for level in levels]
    rngs = [random.Random(seed * 2 + side) for side in (0, 1)]
    state = RULES.new_game(seed, options)
    moves = 0
    while not RULES.is_over(state) and moves < TURN_LIMIT:
        seat = RULES.to_move(state)
        side = 0 if seat == "moon" else 1
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state)
        view_before, legal_before = copy.deepcopy(view), copy.deepcopy(legal)
        move = bots[side].choose(view, legal, rngs[side], budget)
        assert view == view_before and legal == legal_before, "a bot changed its input"
        assert move in legal, f"{levels[side]} chose an illegal move {move} (seed {seed})"
        if on_move is not None:
            on_move(state, view, legal, move)
        state = RULES.apply(state, move, seat=seat).state
        moves += 1
    return state
