"""The rules of the site's games, in plain Python (no Django here).

``get_rules(name)`` returns the ``GameRules`` of a game; ``GAMES`` lists the
names. See docs/game-interface.md.
"""

from __future__ import annotations

from .base import (
    Applied,
    GameRules,
    IllegalMove,
    InvalidOptions,
    InvalidState,
    MalformedMove,
    Outcome,
    RulesError,
)


def _druidenwalzer() -> GameRules:
    from .druidenwalzer import RULES

    return RULES


def _caesar_cleopatra() -> GameRules:
    from .caesar_cleopatra import RULES

    return RULES


def _kasteel() -> GameRules:
    from .kasteel import RULES

    return RULES


# Loaders, so that importing the registry does not import every engine.
_LOADERS = {
    "druidenwalzer": _druidenwalzer,
    "caesar-cleopatra": _caesar_cleopatra,
    "kasteel": _kasteel,
}

GAMES: tuple[str, ...] = tuple(_LOADERS)


def get_rules(name: str) -> GameRules:
    """The rules of the game called ``name``; raises ``RulesError`` if unknown."""
    loader = _LOADERS.get(name) if isinstance(name, str) else None
    if loader is None:
        raise RulesError(f"unknown game {name!r}; known games: {', '.join(GAMES)}")
    return loader()


__all__ = [
    "GAMES",
    "Applied",
    "GameRules",
    "IllegalMove",
    "InvalidOptions",
    "InvalidState",
    "MalformedMove",
    "Outcome",
    "RulesError",
    "get_rules",
]
