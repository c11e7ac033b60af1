"""A closed season's final standings from plain data: the pure part of the close.

No Django here: the close (ladders.season_close) and the data migration that stores
the standings of seasons closed before they were stored
(migrations/0006_store_closed_season_standings.py) read the rows their own way and
hand this module plain values, so both compute the standings with the same fold.

- ``seats_at``: a game's seat results as they stood at a moment, undoing the
  decisions recorded after it (each says what the game was before it, "was": the
  winning seat, none for a draw); an annulment in force then: the game counted
  for nothing.
- ``two_player_result``: a two-seat game's result as the rating fold takes it.
- ``standings_rows``: the places given with each player's rating state from the
  fold of the results (the default state for a player with no rated game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ladders.rating_fold import PlayerState, RatedResult
from ladders.rating_fold import fold as fold_ratings

WIN, LOSS, DRAW = "win", "loss", "draw"
SCORES = {WIN: 1.0, DRAW: 0.5, LOSS: 0.0}
CORRECT, ANNUL = "correct", "annul"


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: its name, its player and its result now."""

    seat: str
    user_id: int
    result: str


@dataclass(frozen=True)
class Decision:
    """An admin's correction or annulment in a game's log: when, which, and its events."""

    at: datetime
    kind: str
    events: Any


def seats_at(seats: Sequence[SeatResult], decisions: Sequence[Decision],
             at: datetime) -> list[SeatResult] | None:
    """The seats with the results they had at ``at`` (``decisions`` in log order), or
    None if the game was annulled then."""
    later = [d for d in decisions if d.at > at]
    if not later:
        return list(seats)
    earlier = [d for d in decisions if d.at <= at]
    if earlier and earlier[-1].kind == ANNUL:
        return None
    event = (later[0].events or [{}])[0]
    winners = set((event.get("was") or "").split("+")) - {""}
    return [SeatResult(s.seat, s.user_id,
                       DRAW if not winners else WIN if s.seat in winners else LOSS)
            for s in seats]


def two_player_result(match_id: int, finished_at: datetime,
                      seats: Sequence[SeatResult] | None) -> RatedResult | None:
    """A two-seat game's Glicko-2 scores, or None if it rates nobody (ladders'
    rating_record.two_player_result on plain data)."""
    if seats is None or len(seats) != 2 or seats[0].user_id == seats[1].user_id:
        return None
    if any(s.result not in SCORES for s in seats):
        return None
    return RatedResult(match_id, finished_at,
                       seats=tuple((s.user_id, SCORES[s.result]) for s in seats))


def standings_rows(order: Iterable[int], results: Iterable[RatedResult]) -> list[dict]:
    """The standings as the close stores them: place, player id and rating state."""
    states, _changes = fold_ratings(results)
    rows = []
    for place, user_id in enumerate(order, 1):
        state = states.get(user_id, PlayerState())
        rows.append({"position": place, "player_id": user_id, "rating": state.rating,
                     "deviation": state.deviation, "volatility": state.volatility,
                     "games": state.games})
    return rows
