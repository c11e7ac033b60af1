"""Strijd om het Kasteel (2 to 12 players, teams, dice): the rules engine.

Modules, one concern each: ``constants`` (pieces, cards, squares),
``state`` (the internal representation), ``setup`` (first player, home
orders, deals), ``moves`` (notation and legality), ``walking`` (a walk:
blocking, catching, robbing, castle), ``turns`` (doubles, turn order,
dealing cycles), ``scoring`` (the end and the scores), ``codec`` and
``validation`` (JSON), ``view`` and ``engine`` (the ``GameRules`` facade).
"""

from .engine import RULES, Kasteel, apply_action, legal_actions, play
from .state import State

__all__ = ["RULES", "Kasteel", "State", "apply_action", "legal_actions", "play"]
