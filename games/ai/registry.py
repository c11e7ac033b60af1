"""The levels of play the site offers, and how to get a bot for one.

``LEVELS`` is data for the lobby: a display name and a short description
per level (the site creates one account per level). ``get_bot(game, level)``
returns a fresh bot; bots keep no state between moves, so one bot may serve
any number of games. ``levels_for(game)`` names the levels that play a game.
"""

from __future__ import annotations

from collections.abc import Callable

from games import rules

from .base import Bot


def gettext_noop(text: str) -> str:
    """Marks a text for the site's translation catalogue (this package runs without
    Django); the lobby translates the descriptions when it shows them."""
    return text


# The descriptions are shown in the lobby for every game.
LEVELS: dict[str, dict[str, str]] = {
    "random": {
        "name": "Sprite",
        "description": gettext_noop("Plays any legal move at random. A gentle first opponent "
                                    "for learning the rules."),
    },
    "heuristic": {
        "name": "Wanderer",
        "description": gettext_noop("Looks one move ahead and weighs what it can see on the "
                                    "board. A steady opponent."),
    },
    "strong": {
        "name": "Archdruid",
        "description": gettext_noop("Searches ahead over the cards it cannot see. The "
                                    "strongest level, and the one that thinks longest."),
    },
}

#: What a level does in one game, where that says more than ``LEVELS`` (which
#: is true for every game). Kept true to the measured figures in docs/ai.md.
GAME_DESCRIPTIONS: dict[tuple[str, str], str] = {
    ("druidenwalzer", "strong"): gettext_noop(
        "Searches several moves ahead over the cards it cannot see and remembers every "
        "card the game has shown. Thinks about a second and a half per move."),
    ("caesar-cleopatra", "strong"): gettext_noop(
        "Plays its five most promising moves out over the cards it cannot see, to the end "
        "of your next turn. Thinks up to a quarter of a second per move."),
    ("kasteel", "strong"): gettext_noop(
        "Plays its most promising moves out over the cards and dice it cannot know, with "
        "every other player answering until its next turn. Thinks up to a second per move."),
    ("kasteel", "heuristic"): gettext_noop(
        "Looks one move ahead, averaging over the dice, and weighs what it sees on the "
        "board. A steady opponent."),
}


def describe(game: str, level: str) -> str:
    """The lobby's one-line description of ``level`` in ``game`` (untranslated)."""
    return GAME_DESCRIPTIONS.get((game, level), LEVELS[level]["description"])


def _random_bot() -> Bot:
    from .random_bot import RandomBot

    return RandomBot()


def _druidenwalzer_heuristic() -> Bot:
    from .druidenwalzer.heuristic import HeuristicBot

    return HeuristicBot()


def _druidenwalzer_strong() -> Bot:
    from .druidenwalzer.search import StrongBot

    return StrongBot()


def _caesar_cleopatra_heuristic() -> Bot:
    from .caesar_cleopatra.heuristic import HeuristicBot

    return HeuristicBot()


def _caesar_cleopatra_strong() -> Bot:
    from .caesar_cleopatra.search import StrongBot

    return StrongBot()


def _kasteel_heuristic() -> Bot:
    from .kasteel.heuristic import HeuristicBot

    return HeuristicBot()


def _kasteel_strong() -> Bot:
    from .kasteel.search import StrongBot

    return StrongBot()


#: The bots of each game by level; "random" plays every game (from the legal
#: moves alone), so it is not listed.
_GAME_BOTS: dict[str, dict[str, Callable[[], Bot]]] = {
    "druidenwalzer": {"heuristic": _druidenwalzer_heuristic, "strong": _druidenwalzer_strong},
    "kasteel": {"heuristic": _kasteel_heuristic, "strong": _kasteel_strong},
    "caesar-cleopatra": {
        "heuristic": _caesar_cleopatra_heuristic,
        "strong": _caesar_cleopatra_strong,
    },
}


def _druidenwalzer_baseline() -> Bot:
    from .druidenwalzer.baseline import baseline_bot

    return baseline_bot()


def _caesar_cleopatra_baseline() -> Bot:
    from .caesar_cleopatra.baseline import baseline_bot

    return baseline_bot()


#: Levels for the arena only: yardsticks, not players on the site (no account,
#: not in the lobby, not in ``LEVELS``).
def _kasteel_heuristic_old() -> Bot:
    from .kasteel.heuristic import OldHeuristicBot

    return OldHeuristicBot()


ARENA_LEVELS: dict[str, dict[str, Callable[[], Bot]]] = {
    "baseline": {
        "druidenwalzer": _druidenwalzer_baseline,
        "caesar-cleopatra": _caesar_cleopatra_baseline,
    },
    # the Kasteel heuristic before its homing terms: new against old
    "heuristic-old": {"kasteel": _kasteel_heuristic_old},
}


def get_arena_bot(game: str, level: str) -> Bot:
    """A bot of ``level`` for the arena: a site level or an arena-only one."""
    makers = ARENA_LEVELS.get(level)
    if makers is None:
        return get_bot(game, level)
    if game not in makers:
        raise ValueError(f"no {level} bot for game {game!r}; it plays: {', '.join(makers)}")
    return makers[game]()


def levels_for(game: str) -> tuple[str, ...]:
    """The levels that play ``game`` (a registered game), in the order of ``LEVELS``."""
    if game not in rules.GAMES:
        return ()
    own = _GAME_BOTS.get(game, {})
    return tuple(level for level in LEVELS if level == "random" or level in own)


def get_bot(game: str, level: str) -> Bot:
    """A bot of ``level`` (a key of ``LEVELS``) for ``game``; ``ValueError`` if there
    is none."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if level not in levels_for(game):
        playing = [name for name in rules.GAMES if level in levels_for(name)]
        raise ValueError(f"no {level} bot for game {game!r}; it plays: {', '.join(playing)}")
    if level == "random":
        return _random_bot()
    return _GAME_BOTS[game][level]()
