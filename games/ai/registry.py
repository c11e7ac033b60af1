"""The levels of play the site offers, and how to get a bot for one.

``LEVELS`` is data for the lobby: a display name and a short description
per level (the site creates one account per level). ``get_bot(level, game)``
returns a fresh bot; bots keep no state between moves, so one bot may serve
any number of games.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot

LEVELS: dict[str, dict[str, str]] = {
    "random": {
        "name": "Sprite",
        "description": "Plays any legal move at random. A gentle first opponent "
        "for learning the rules.",
    },
    "heuristic": {
        "name": "Wanderer",
        "description": "Looks one move ahead: guards its trees, keeps them from "
        "standing empty and takes the measurings it can win.",
    },
    "strong": {
        "name": "Archdruid",
        "description": "Searches several moves ahead over the cards it cannot "
        "see. Thinks for about a second per move.",
    },
}


def _random_bot(game: str) -> Bot:
    from .random_bot import RandomBot

    return RandomBot()


def _heuristic_bot(game: str) -> Bot:
    _check_game(game)
    from .druidenwalzer.heuristic import HeuristicBot

    return HeuristicBot()


def _strong_bot(game: str) -> Bot:
    _check_game(game)
    from .druidenwalzer.search import StrongBot

    return StrongBot()


_FACTORIES: dict[str, Callable[[str], Bot]] = {
    "random": _random_bot,
    "heuristic": _heuristic_bot,
    "strong": _strong_bot,
}

GAMES_WITH_BOTS = ("druidenwalzer",)


def _check_game(game: str) -> None:
    if game not in GAMES_WITH_BOTS:
        raise ValueError(f"no bot for game {game!r}; bots play: {', '.join(GAMES_WITH_BOTS)}")


def get_bot(level: str, game: str = "druidenwalzer") -> Bot:
    """A bot of ``level`` (a key of ``LEVELS``) for ``game``; ``ValueError`` if unknown."""
    factory = _FACTORIES.get(level)
    if factory is None:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    return factory(game)
