"""The levels of play the site offers, and how to get a bot for one.

``LEVELS`` is data for the lobby: a display name and a short description
per level (the site creates one account per level). ``get_bot(game, level)``
returns a fresh bot; bots keep no state between moves, so one bot may serve
any number of games. ``levels_for(game)`` names the levels that play a game.
"""

from __future__ import annotations

from collections.abc import Callable

from games import rules

from .base import Bot, Budget


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
    # Three steps between random play and the heuristic: the heuristic with a
    # random move at a rate tuned per game in the arena (``MIXED_RATES``).
    "novice": {
        "name": "Sapling",
        "description": gettext_noop("Looks one move ahead, but often makes a random move. "
                                    "A first real opponent."),
    },
    "apprentice": {
        "name": "Bard",
        "description": gettext_noop("Looks one move ahead, but makes a random move now "
                                    "and then."),
    },
    "adept": {
        "name": "Ovate",
        "description": gettext_noop("Looks one move ahead, but slips into a random move "
                                    "once in a while."),
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
        "Searches your replies and its own over the cards it cannot see, and remembers every "
        "card the game has shown it; in its search you answer without seeing its face-down "
        "cards, as at the table. From its earlier games against you it learns where you "
        "tend to put your setup cards. Thinks about a quarter of a second per move."),
    # The mixed levels: their rate of random moves (``MIXED_RATES``) per game.
    ("druidenwalzer", "novice"): gettext_noop(
        "Looks one move ahead, but makes a random move eight moves in ten. A little "
        "better than Sprite: a first real opponent."),
    ("druidenwalzer", "apprentice"): gettext_noop(
        "Looks one move ahead, but makes a random move about one move in three."),
    # In the two-player games the Ovate comes after the Wanderer (``GAME_LEVEL_ORDER``).
    ("druidenwalzer", "adept"): gettext_noop(
        "Searches a few moves ahead over the cards it cannot see, as the Archdruid "
        "does, but only for about a tenth of a second per move. Stronger than the "
        "Wanderer."),
    ("caesar-cleopatra", "novice"): gettext_noop(
        "Looks one move ahead, but makes a random move eight moves in ten. Beats "
        "Sprite most of the time: a first real opponent."),
    ("caesar-cleopatra", "apprentice"): gettext_noop(
        "Looks one move ahead, but makes a random move every other move."),
    ("caesar-cleopatra", "adept"): gettext_noop(
        "Searches ahead over the cards it cannot see, as the Archdruid does, but only "
        "for about a tenth of a second per move. Stronger than the Wanderer."),
    ("kasteel", "heuristic"): gettext_noop(
        "Looks one move ahead, averaging over the dice, and weighs what it sees on the "
        "board. A steady opponent."),
    ("kasteel", "strong"): gettext_noop(
        "Plays its best moves out over the hands and dice it cannot see. When the game "
        "ends after a set number of dealing cycles, it plays for the castle points: it "
        "brings its King into its castle first and keeps it out of the Bandits' reach. "
        "Thinks up to a second per move, far less at a small table."),
}


#: Each level's rating in a game, measured in the arena: a round robin of the
#: game's levels at their site budgets, rated with the site's Glicko-2
#: (``games.ai.round_robin``), the heuristic anchored at 1500. (rating,
#: deviation) per game and level; the lobby shows the rating. These are not the
#: AI accounts' site ratings, which come from real games only (ladders.ratings).
#: Commands, dates and the figures' conditions: docs/ai.md, "Levels and ratings".
#: A level without a finite rating (it lost or won every game) is left out.
ARENA_RATINGS: dict[str, dict[str, tuple[int, int]]] = {
    # 2026-12-03: the Archdruid of commit eacd307, the Ovate its search cut to 500
    # iterations a move, the Bard a random move at rate 0.35, the novice at 0.8;
    # 200 games a pair among the cheap levels, 100 for the Ovate's pairs, 32 for
    # the Archdruid's, 48 for the two searches and 100 for the Wanderer against
    # the Archdruid (1,844 games, all kept in bench/results/dw_round_robin.jsonl;
    # a run that stops resumes from the file):
    # python -m games.ai.arena --game druidenwalzer
    #     --round-robin random,novice,apprentice,heuristic
    #     --games-per-pair 200 --seed 1 --jobs 2 --results bench/results/dw_round_robin.jsonl
    # then the same with ...,heuristic,adept and --games-per-pair 100, with
    # ...,heuristic,adept,strong and --games-per-pair 32, with adept,strong and
    # --games-per-pair 48, and with heuristic,strong and --games-per-pair 100;
    # rated with the third command's levels and --rate-only (every game of the file).
    # Sprite (random) came out at 853 +- 21; as in Caesar & Cleopatra the lobby
    # shows no rating for it (no calibrated level: an opponent for learning the rules).
    "druidenwalzer": {
        "novice": (974, 19),
        "apprentice": (1244, 19),
        "heuristic": (1500, 21),
        "adept": (1728, 30),
        "strong": (1901, 40),
    },
    # 2026-12-07, the levels of commit f938114 (strong: the tree search with its
    # memory, exact deals and turn check, 0.25 s a move; the Ovate: that search cut
    # to 60 iterations a move): 24 games per pair, 360 games, kept in
    # bench/results/cc_round_robin.jsonl (its report: cc_round_robin.txt). The
    # first 24 games of heuristic against strong were those of the same seed's run
    # of 2026-12-06 (bench/results/cc_round_robin_ovate.jsonl, the same two levels);
    # a run that stops resumes from the file:
    # python -m games.ai.arena --game caesar-cleopatra
    #     --round-robin random,novice,apprentice,heuristic,adept,strong
    #     --games-per-pair 24 --seed 1 --jobs 2 --results bench/results/cc_round_robin.jsonl
    # Sprite (random) came out at 140 +- 82; it is no calibrated level (an opponent
    # for learning the rules), and the lobby shows no rating for it in either game.
    # In the arena the Archdruid learns no habits (no earlier games against its
    # opponent): against a player it has met, it is stronger (docs/ai.md).
    # 2026-12-05, Strijd om het Kasteel: 72 tables of four seats at a limit of 9
    # dealing cycles, the six ways to seat Sprite, Wanderer and Archdruid with no
    # level on more than two seats, each seating every rotation (all kept in
    # bench/results/kasteel_tables.jsonl; a run that stops resumes from the file):
    # python manage.py arena --game kasteel --table-levels random,heuristic,strong
    #     --players 4 --limit 9 --games 72 --seed 1 --jobs 1
    #     --results bench/results/kasteel_tables.jsonl
    # Not Glicko-2 over games of two: each table broken into its pairs of seats of
    # different levels, Bradley-Terry on the Elo scale, the Wanderer anchored at
    # 1500 as here; the deviation is the spread over 200 resamplings of the tables
    # (the anchor's is 0 by construction). ``games.ai.table_ratings``; docs/ai.md,
    # "Ratings of the Kasteel levels". Sprite came out at 1114 +- 99 (2 wins of 76
    # pairs); as in the other games the lobby shows no rating for it.
    "kasteel": {
        "heuristic": (1500, 0),
        "strong": (1579, 49),
    },
    "caesar-cleopatra": {
        "novice": (386, 72),
        "apprentice": (794, 93),
        "heuristic": (1500, 53),
        "adept": (1616, 51),
        "strong": (1662, 53),
    },
}


def arena_rating(game: str, level: str) -> int | None:
    """The measured arena rating of ``level`` in ``game`` to the nearest ten (the lobby's
    "about 1750"), or ``None`` if not measured."""
    rating = ARENA_RATINGS.get(game, {}).get(level)
    return int(round(rating[0], -1)) if rating else None


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


#: The chance of a random move of each mixed level, per game: tuned in short
#: arena runs so that the five levels of a game (these three, the heuristic and
#: the strong level) lie roughly evenly apart (docs/ai.md, "Ratings").
MIXED_RATES: dict[str, dict[str, float]] = {
    "druidenwalzer": {"novice": 0.8, "apprentice": 0.35},
    "caesar-cleopatra": {"novice": 0.8, "apprentice": 0.5},
}


def _mixed(heuristic: Callable[[], Bot], random_rate: float) -> Callable[[], Bot]:
    def make() -> Bot:
        from .mixed import MixedBot

        return MixedBot(heuristic(), random_rate)

    return make


#: The Druidenwalzer Ovate: the Archdruid's search cut to a fixed number of
#: iterations (reproducible, some 0.09 s a move), with a CPU cap besides.
#: Why: a random move only weakens, so no mixed rate fills the gap above the
#: Wanderer; and the search saturates: at 0.15 s, 0.25 s and 0.4 s a move it wins
#: 73-76 % against the Wanderer, and at 0.4 s 45 % of 77 games against the
#: Archdruid's 1.5 s, so a level between them thinks far less (docs/ai.md,
#: "The Druidenwalzer Ovate"). It is not ``AI_CPU_SECONDS``, which an operator
#: grants the strongest level.
DRUIDENWALZER_OVATE_ITERATIONS = 500
DRUIDENWALZER_OVATE_CPU = 0.4


#: The Caesar & Cleopatra Ovate: the Archdruid's search cut to a fixed number of
#: iterations (reproducible, about 0.09 s a move where the Archdruid thinks 0.25 s),
#: with a CPU cap besides. The random-move Ovate it replaces stood below the Wanderer
#: in this game and above it in Druidenwalzer. At 20 iterations the search only
#: matched the Wanderer (21 of 40); at 60 it won 66 and drew 2 of 100 (docs/ai.md,
#: "The Caesar & Cleopatra Ovate"), so the Ovate stands between the Wanderer and the
#: Archdruid in both games.
CAESAR_CLEOPATRA_OVATE_ITERATIONS = 60
CAESAR_CLEOPATRA_OVATE_CPU = 0.4


def _caesar_cleopatra_ovate() -> Bot:
    from .caesar_cleopatra.search import StrongBot

    return StrongBot(default_budget=Budget(iterations=CAESAR_CLEOPATRA_OVATE_ITERATIONS,
                                           cpu_seconds=CAESAR_CLEOPATRA_OVATE_CPU))


def _druidenwalzer_ovate() -> Bot:
    from .druidenwalzer.search import StrongBot

    return StrongBot(default_budget=Budget(iterations=DRUIDENWALZER_OVATE_ITERATIONS,
                                           cpu_seconds=DRUIDENWALZER_OVATE_CPU))


def _with_mixed(game: str, heuristic: Callable[[], Bot]) -> dict[str, Callable[[], Bot]]:
    return {level: _mixed(heuristic, rate) for level, rate in MIXED_RATES[game].items()}


def _kasteel_strong() -> Bot:
    from .kasteel.search import StrongBot

    return StrongBot()


#: The bots of each game by level; "random" plays every game (from the legal
#: moves alone), so it is not listed.
_GAME_BOTS: dict[str, dict[str, Callable[[], Bot]]] = {
    "druidenwalzer": {
        **_with_mixed("druidenwalzer", _druidenwalzer_heuristic),
        "adept": _druidenwalzer_ovate,
        "heuristic": _druidenwalzer_heuristic,
        "strong": _druidenwalzer_strong,
    },
    "kasteel": {"heuristic": _kasteel_heuristic, "strong": _kasteel_strong},
    "caesar-cleopatra": {
        **_with_mixed("caesar-cleopatra", _caesar_cleopatra_heuristic),
        "adept": _caesar_cleopatra_ovate,
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
def _caesar_cleopatra_strong_old() -> Bot:
    from .caesar_cleopatra.rollouts import RolloutBot

    return RolloutBot()


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
    # the C&C strong level before its tree search (heuristic candidates, rollouts)
    "strong-old": {"caesar-cleopatra": _caesar_cleopatra_strong_old},
}


def get_arena_bot(game: str, level: str) -> Bot:
    """A bot of ``level`` for the arena: a site level or an arena-only one."""
    makers = ARENA_LEVELS.get(level)
    if makers is None:
        return get_bot(game, level)
    if game not in makers:
        raise ValueError(f"no {level} bot for game {game!r}; it plays: {', '.join(makers)}")
    return makers[game]()


#: A game whose levels, weakest first, are not in the order of ``LEVELS``.
#: The two-player games: their Ovate is a short search, above the Wanderer.
SEARCH_OVATE_ORDER = ("random", "novice", "apprentice", "heuristic", "adept", "strong")
GAME_LEVEL_ORDER: dict[str, tuple[str, ...]] = {
    "druidenwalzer": SEARCH_OVATE_ORDER,
    "caesar-cleopatra": SEARCH_OVATE_ORDER,
}


def levels_for(game: str) -> tuple[str, ...]:
    """The levels that play ``game`` (a registered game), weakest first (the order of
    ``LEVELS`` unless ``GAME_LEVEL_ORDER`` gives the game's own)."""
    if game not in rules.GAMES:
        return ()
    own = _GAME_BOTS.get(game, {})
    order = GAME_LEVEL_ORDER.get(game, tuple(LEVELS))
    return tuple(level for level in order if level == "random" or level in own)


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
