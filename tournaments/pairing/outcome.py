"""A tournament game's result from the game's record: the first seat's score, or the
places at a Kasteel table. Pure: the site passes each seat's recorded result and score.

An annulled game counts for nothing: a two-player game has no score (the standings leave
it out; a knockout replays it like a draw), and an annulled table puts nobody out (every
player at it shares place 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import PlayerId

WIN, DRAW, LOSS = "win", "draw", "loss"


@dataclass(frozen=True)
class SeatOutcome:
    """One seat of a finished game: its player, result ("win", "draw", "loss" or "" when
    annulled), its final score (Kasteel) and whether an AI plays it."""

    player: PlayerId
    result: str
    score: float | None = None
    bot: bool = False


def score_first(seats: Sequence[SeatOutcome], first: PlayerId, *,
                annulled: bool = False) -> float | None:
    """The first seat's points: 1, 0.5 or 0; None for an annulled game."""
    if annulled:
        return None
    mine = next((s for s in seats if s.player == first), None)
    if mine is None or mine.result not in (WIN, LOSS):
        return 0.5
    return 1.0 if mine.result == WIN else 0.0


def seat_standing(seat: SeatOutcome) -> tuple[int, float]:
    """How a seat finished, to compare seats: its result (won, drawn, lost), then its
    final score. In a game played out the winner has the best score anyway; after an
    admin's correction the result decides and the scores order the rest."""
    rank = {WIN: 2, DRAW: 1}.get(seat.result, 0)
    return rank, float(seat.score) if seat.score is not None else 0.0


def table_places(seats: Sequence[SeatOutcome], *, annulled: bool = False) -> dict[PlayerId, int]:
    """Each human player's place: 1 + the human players who finished better. AI seats
    fill a table but take no place (an AI's win does not put a table's best player out)."""
    humans = [s for s in seats if not s.bot]
    if annulled:
        return {s.player: 1 for s in humans}
    return {s.player: 1 + sum(1 for o in humans if seat_standing(o) > seat_standing(s))
            for s in humans}


def pieces_home(state: Mapping[str, Any], seats: Mapping[PlayerId, int], *,
                annulled: bool = False) -> dict[PlayerId, int]:
    """Each player's pieces home at the end of a Kasteel game: the pieces standing in
    their castle in the engine's final state (``state["seats"][i]["castle"]``), on their
    target or not, as castle values count them (rules, section 10). ``seats`` maps each
    human player to their seat number. An annulled table counts for nothing: empty."""
    if annulled:
        return {}
    entries = state.get("seats") or []
    return {player: len(entries[index].get("castle") or {}) if index < len(entries) else 0
            for player, index in seats.items()}
