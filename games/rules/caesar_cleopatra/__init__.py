"""Caesar & Cleopatra (Kosmos 1997): the rules engine.

Modules, one concern each: ``constants`` (seats, groups, cards), ``state``
(the internal representation), ``setup`` (a new game), ``moves`` (the
notation), ``legality`` (the legal moves), ``checks`` (why a move is
illegal), ``turn`` (the turn flow, ``play``), ``actions`` (action cards,
Veto, Spy, castling), ``vote`` (vote check and vote), ``scoring`` (the end),
``codec`` and ``validation`` (JSON), ``view`` and ``engine`` (the
``GameRules`` facade).
"""

from .engine import RULES, CaesarCleopatra, apply_action, legal_actions, play
from .state import State

__all__ = ["RULES", "CaesarCleopatra", "State", "apply_action", "legal_actions", "play"]
