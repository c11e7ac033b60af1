"""Computer players ("bots") for the site's games, in plain Python.

A bot sees what a player sees, nothing more: ``bot.choose(view, legal_moves,
rng, budget)`` gets the engine's view for its seat and the legal moves, and
returns one of the moves. No Django here: bots run in the site's workers, in
tests and in the arena (``games.ai.arena``) alike. See docs/ai.md.
"""

from .base import Bot, Budget, Move, View
from .registry import LEVELS, get_bot, levels_for

__all__ = ["LEVELS", "Bot", "Budget", "Move", "View", "get_bot", "levels_for"]
