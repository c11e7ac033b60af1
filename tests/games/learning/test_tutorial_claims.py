"""Every move a tutorial teaches is checked by the engine: replayed from the script,
the strongest level (the hints' adviser, at a generous budget) does not rate the
taught move clearly worse than its best. Placements without an estimate (setup
moves) are checked by the lesson tests instead."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget
from games.ai.advice import judge
from games.learning.estimates import chance
from games.learning.review import MISTAKE_SQUARES
from games.rules import get_rules
from tests.games.learning.helpers_tutorial import player_steps

pytestmark = pytest.mark.slow

#: "Clearly worse": more win chance lost than this, at the budget below (well above
#: the search's noise there, well below a mistake that changes a game).
CLEARLY_WORSE = 0.12
#: Druidenwalzer: search iterations; Caesar & Cleopatra: rollouts per candidate.
GENEROUS = {"druidenwalzer": Budget(iterations=3000, cpu_seconds=8),
            "caesar-cleopatra": Budget(iterations=300, cpu_seconds=8),
            "kasteel": Budget(cpu_seconds=8)}


def _judged(game: str):
    rules = get_rules(game)
    for _index, state, history, scripted in player_steps(game):
        legal = rules.legal_moves(state)
        if len(legal) < 2:
            continue
        judged = judge(game, rules.view(state, scripted.seat), legal, scripted.move,
                       random.Random(7), GENEROUS[game], history)
        if judged is None or judged[0].value is None:
            continue  # a setup decision: no estimate
        yield scripted.move, judged


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra"])
def test_the_taught_move_is_not_clearly_worse_than_the_engines_best(game):
    checked = 0
    for move, (top, mine) in _judged(game):
        best, taught = chance(top.value, top.unit), chance(mine.value, mine.unit)
        assert best is not None and taught is not None
        assert best - taught <= CLEARLY_WORSE, (move, top.move, best, taught)
        checked += 1
    assert checked >= 3


def test_kasteel_taught_move_is_within_a_mistake_of_the_best():
    checked = 0
    for move, (top, mine) in _judged("kasteel"):
        assert top.value - mine.value < MISTAKE_SQUARES, (move, top.move, mine.value)
        checked += 1
    assert checked >= 1
