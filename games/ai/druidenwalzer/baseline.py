"""Druidenwalzer for the ``baseline`` arena level (``games.ai.baseline``):
the engine's fast path, the dealing of unseen cards from the view alone, and
the strong level's CPU budget."""

from __future__ import annotations

from games.rules.druidenwalzer.constants import OVER
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import legal_actions

from ..base import Budget
from ..baseline import BaselineBot, Game
from .determinize import Observation
from .heuristic import moves_and_actions

GAME = Game(
    observe=Observation,
    legal_actions=legal_actions,
    play=play,
    over=OVER,
    actions_of=moves_and_actions,
    playout_limit=300,  # actions; games last 20-60 turns
)


def baseline_bot() -> BaselineBot:
    from .search import DEFAULT_BUDGET  # here: the search plays out with GAME

    return BaselineBot(GAME, Budget(cpu_seconds=DEFAULT_BUDGET.cpu_seconds))
