"""Positions of random Caesar & Cleopatra games, for the AI tests."""

from __future__ import annotations

import random

from games.rules import get_rules
from games.rules.caesar_cleopatra.moves import A_PASS

RULES = get_rules("caesar-cleopatra")


def careful_move(state, rng: random.Random):
    """A random legal action that passes only now and then (random players
    pass so often that games would rarely reach the interesting parts)."""
    actions = RULES.legal_actions(state)
    active = [a for a in actions if a[0] != A_PASS]
    if active and rng.random() < 0.95:
        return rng.choice(active)
    return rng.choice(actions)


def positions(seeds, every: int = 1):
    """``(state, seat)`` at every ``every``-th decision of careful random games."""
    for seed in seeds:
        rng = random.Random(seed)
        state = RULES.new_game(seed)
        index = 0
        while not RULES.is_over(state):
            if index % every == 0:
                yield state, RULES.to_move(state)
            state = RULES.apply_action(state, careful_move(state, rng))
            index += 1


def kind_of(state) -> str:
    """The kind of decision: a pending one's kind, else the step."""
    view = RULES.view(state, None)
    return view["pending"]["kind"] if view["pending"] else view["step"]
