"""Caesar & Cleopatra for the ``baseline`` arena level (``games.ai.baseline``):
the engine's fast path and the dealing of unseen cards from the view alone
(``playout.GAME``), with the strong level's CPU budget."""

from __future__ import annotations

from ..base import Budget
from ..baseline import BaselineBot
from .playout import GAME
from .search import DEFAULT_BUDGET


def baseline_bot() -> BaselineBot:
    return BaselineBot(GAME, Budget(cpu_seconds=DEFAULT_BUDGET.cpu_seconds))
