"""``check_action`` agrees with ``legal_actions`` and always names a reason.

Along random games, every legal action passes the checks, and actions that
were legal somewhere else in the game (other turns, other players, other
steps) are refused exactly when they are not legal here, each with its own
message rather than the generic safety net.
"""

from __future__ import annotations

import random

from games.rules import IllegalMove
from games.rules.caesar_cleopatra.checks import check_action

from .helpers import RULES

SAFETY_NET = "that move is not legal now"


def test_check_action_accepts_exactly_the_legal_actions():
    refused = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = RULES.new_game(seed)
        pool: list[tuple] = []
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            pool.extend(rng.sample(legal, min(4, len(legal))))
            legal_set = set(legal)
            for action in legal:
                check_action(state, action)
            for action in rng.sample(pool, min(25, len(pool))):
                if action in legal_set:
                    continue
                try:
                    check_action(state, action)
                except IllegalMove as problem:
                    assert str(problem) != SAFETY_NET, action
                    refused += 1
                else:
                    raise AssertionError(f"{action} passed the checks but is not legal")
            state = RULES.apply_action(state, rng.choice(legal))
    assert refused > 1000
