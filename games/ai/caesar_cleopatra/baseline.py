"""Caesar & Cleopatra for the ``baseline`` arena level (``games.ai.baseline``):
the engine's fast path, the dealing of unseen cards from the view alone, and
the strong level's CPU budget."""

from __future__ import annotations

from games.rules.caesar_cleopatra.constants import OVER
from games.rules.caesar_cleopatra.legality import legal_actions
from games.rules.caesar_cleopatra.moves import Action, move_to_action
from games.rules.caesar_cleopatra.turn import play

from ..base import Budget, Move
from ..baseline import BaselineBot, Game
from .determinize import Observation
from .search import DEFAULT_BUDGET


def _actions_of(legal_moves: list[Move], seat: int) -> list[tuple[Move, Action]]:
    return [(move, move_to_action(move)) for move in legal_moves]


GAME = Game(
    observe=Observation,
    legal_actions=legal_actions,
    play=play,
    over=OVER,
    actions_of=_actions_of,
    playout_limit=2000,  # decisions; random play makes long games
)


def baseline_bot() -> BaselineBot:
    return BaselineBot(GAME, Budget(cpu_seconds=DEFAULT_BUDGET.cpu_seconds))
