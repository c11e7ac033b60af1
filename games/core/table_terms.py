"""What a table may ask of its game: the number of seats, teams, the length limit,
and the expected length of a game shown before it starts.

The length limit is a number of the rules' dealing cycles (Strijd om het
Kasteel, section 10). The measured turns per cycle come from random play
(docs/kasteel-engine.md, "Random game lengths"); a table's default limit keeps
a game near TURN_BUDGET turns, a few weeks of correspondence play.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.core import terms
from games.core.catalog import GameInfo
from games.core.errors import ServiceError
from games.models import DAYS_PER_MOVE

#: Turns per dealing cycle by number of seats (teams apart), measured.
TURNS_PER_CYCLE: dict[str, dict[tuple[int, bool], float]] = {
    "kasteel": {
        (2, False): 16.8, (3, False): 25.8, (4, False): 34.6, (4, True): 37.5,
        (5, False): 43.7, (6, False): 53.3, (6, True): 57.2, (8, False): 71.3,
        (8, True): 75.8, (10, False): 90.6, (12, False): 109.5, (12, True): 117.3,
    },
}
#: The turns of a whole game a default limit aims at, and the pace the estimate assumes.
TURN_BUDGET = 300
MOVES_PER_DAY = 8
MAX_LIMIT = 100
MAX_SERIES = 10


def has_limit(game: str) -> bool:
    return game in TURNS_PER_CYCLE


def turns_per_cycle(game: str, size: int, teams: bool) -> float:
    """The measured turns per cycle, between measured sizes by proportion (about 9 per seat)."""
    measured = TURNS_PER_CYCLE[game]
    if (size, teams) in measured:
        return measured[(size, teams)]
    if (size, False) in measured:
        return measured[(size, False)]
    below = max(n for n, t in measured if n < size and not t)
    above = min(n for n, t in measured if n > size and not t)
    low, high = measured[(below, False)], measured[(above, False)]
    return low + (high - low) * (size - below) / (above - below)


def default_limit(game: str, size: int, teams: bool = False) -> int | None:
    """The default length limit of a table of ``size`` seats (None: the game has none)."""
    if not has_limit(game):
        return None
    return max(2, round(TURN_BUDGET / turns_per_cycle(game, size, teams)))


def expected_length(game: str, size: int, teams: bool, limit: int | None) -> dict[str, Any] | None:
    """``{"turns": all turns, "turns_each": ..., "days": ..., "weeks": ...,
    "moves_per_day": ...}`` of a game played to its length limit, or None."""
    if not has_limit(game) or not limit:
        return None
    turns = turns_per_cycle(game, size, teams) * limit
    days = turns / MOVES_PER_DAY
    return {"turns": round(turns), "turns_each": max(1, round(turns / size)),
            "days": round(days), "weeks": max(1, round(days / 7)),
            "moves_per_day": MOVES_PER_DAY}


def length_text(game: str, size: int, teams: bool, limit: int | None) -> str:
    """"About 75 turns each, about 5 weeks at 8 moves a day." (empty without a limit)"""
    length = expected_length(game, size, teams, limit)
    if length is None:
        return ""
    return _("About %(turns)s turns each, about %(weeks)s weeks at %(pace)s moves a day "
             "at the table.") % {"turns": length["turns_each"], "weeks": length["weeks"],
                                 "pace": length["moves_per_day"]}


def _integer(value: Any, message: str) -> int:
    if isinstance(value, bool):
        raise ServiceError(message)
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ServiceError(message) from None


def table_game(game: Any) -> GameInfo:
    """A game played at tables: one whose catalogue entry allows more than two seats."""
    info = terms.game_info(game)
    if info.max_seats <= 2:
        raise ServiceError(_("%(game)s is played by two: challenge a player instead.") % {
            "game": info.title})
    return info


def clean(info: GameInfo, *, size: Any, teams: Any, limit: Any, days_per_move: Any,
          rated: Any, games: Any) -> dict[str, Any]:
    """The checked terms of a new table; a ServiceError (400) naming the problem."""
    size = _integer(size, _("The number of seats must be a whole number."))
    if not info.min_seats <= size <= info.max_seats:
        raise ServiceError(_("The number of seats must be from %(min)s to %(max)s, not "
                             "%(n)s.") % {"min": info.min_seats, "max": info.max_seats, "n": size})
    if not isinstance(teams, bool):
        raise ServiceError(_("Teams must be true or false."))
    if teams and (size % 2 or size < 4):
        raise ServiceError(_("Teams need an even number of seats, at least 4 (not %(n)s).")
                           % {"n": size})
    if not has_limit(info.name):
        limit = None
    elif limit in (None, ""):
        limit = default_limit(info.name, size, teams)
    else:
        limit = _integer(limit, _("The length limit must be a whole number of dealing cycles."))
        if not 1 <= limit <= MAX_LIMIT:
            raise ServiceError(_("The length limit must be from 1 to %(max)s dealing cycles.")
                               % {"max": MAX_LIMIT})
    days_message = _("Days per move must be one of %(choices)s.") % {
        "choices": ", ".join(map(str, DAYS_PER_MOVE))}
    days_per_move = _integer(3 if days_per_move in (None, "") else days_per_move, days_message)
    if days_per_move not in DAYS_PER_MOVE:
        raise ServiceError(days_message)
    if not isinstance(rated, bool):
        raise ServiceError(_("Rated must be true or false."))
    games = _integer(games, _("The number of games must be a whole number."))
    if not 1 <= games <= MAX_SERIES:
        raise ServiceError(_("A series has from 1 to %(max)s games.") % {"max": MAX_SERIES})
    return {"size": size, "teams": teams, "limit": limit, "days_per_move": days_per_move,
            "rated": rated, "games": games}


def new_game_options(table) -> dict[str, Any]:
    """The rules' ``new_game`` options of a table's match (players, teams, limit)."""
    options: dict[str, Any] = {"players": table.size}
    if table.teams:
        options["teams"] = True
    if table.limit:
        options["limit"] = table.limit
    return options
