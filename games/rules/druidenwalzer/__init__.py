"""Druidenwalzer (Kosmos 1999): the rules engine.

Modules, one concern each: ``constants`` (cards, seats, ring), ``state``
(the internal representation), ``setup`` (a new game), ``moves`` (notation
and legality), ``dance`` (card, bann ring, dance), ``measuring``, ``flips``
(flipping, end of game, end of turn), ``view``, ``codec`` (JSON) and
``engine`` (the ``GameRules`` facade).
"""

from .engine import RULES, Druidenwalzer, apply_action, legal_actions, play
from .state import State

__all__ = ["RULES", "Druidenwalzer", "State", "apply_action", "legal_actions", "play"]
