"""What a challenge and a new match may ask of their game, checked against the
catalogue (games.core.catalog): the game itself, the seat, the handicap, an AI
opponent; and the options a match starts with. games.core.services calls these.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.core import catalog
from games.core.catalog import GameInfo
from games.core.errors import ServiceError

HANDICAP_VALUES = (1, 2, 3, 4, 5)


def game_info(game: Any) -> GameInfo:
    """The game of a challenge or match; the catalogue's first when ``game`` is None."""
    try:
        return catalog.default() if game is None else catalog.get(game)
    except catalog.UnknownGame as exc:
        raise ServiceError(str(exc)) from None


def seat_names(game: str) -> tuple[str, ...]:
    """The two seats of a challenge's game, in seating order."""
    return game_info(game).challenge_seat_names


def check_seat(game: GameInfo, creator_seat: Any) -> None:
    names = (*game.challenge_seat_names, "random")
    if creator_seat not in names:
        raise ServiceError(_("The seat must be one of %(choices)s.") % {
            "choices": ", ".join(names)})


def check_opponent(game: GameInfo, opponent: Any) -> None:
    """An AI opponent must play the game (it accepts at once, then has to move)."""
    if opponent is None or not getattr(opponent, "is_bot", False):
        return
    if opponent.bot_level not in game.ai_levels:
        raise ServiceError(_("%(name)s does not play %(game)s.") % {
            "name": opponent.username, "game": game.title})


def clean_handicap(game: GameInfo, handicap: dict | None) -> dict:
    """``{"creator": [v], "opponent": [v]}``: at most one card value 1..5 each, and
    only for a game whose handicap options apply."""
    cleaned: dict[str, list[int]] = {}
    for role, values in (handicap or {}).items():
        if role not in ("creator", "opponent"):
            raise ServiceError(_("A handicap is given for the creator or the opponent."))
        if values in (None, "", []):
            continue
        if isinstance(values, (int, str)):
            values = [values]
        try:
            values = [int(v) for v in values]
        except (TypeError, ValueError):
            raise ServiceError(_("A handicap is a card value from 1 to 5.")) from None
        if len(values) > 1 or any(v not in HANDICAP_VALUES for v in values):
            raise ServiceError(_("A handicap removes one card of value 1 to 5."))
        cleaned[role] = values
    if cleaned and not game.handicap:
        raise ServiceError(_("%(game)s is played without handicaps.") % {"game": game.title})
    return cleaned


def match_options(game: GameInfo, removed: dict[str, list[int]], reasons: dict[str, str],
                  why: dict[str, dict]) -> dict[str, Any]:
    """What a match keeps of its start: the cards removed per seat and why, and the
    rules' ``new_game`` options (replays and games.core.verify start from these)."""
    return {"removed": removed, "handicap_reasons": reasons, "handicap_why": why,
            "new_game": game.options_for(removed)}
