"""Ratings as a pure function of the record: the fold of a game kind's rated results.

The rule (docs/ladders.md, "Derived data"): a game kind's ratings are the fold
of its rated results in the order the games ended (``finished_at``, then id),
each with its current result. An admin's decision changes the result of the game
it decides, never its place in that order. ``fold`` computes this from nothing
but the results; the incremental rater (ladders.ratings, ladders.skill) and the
replay after a decision (ladders.rerate) use the same ``step``, so what they store
must equal the fold, which ``verify_games`` checks (ladders.verify).

A result is one of two kinds:
- two seats with a score each (1, 0.5, 0): Glicko-2 (ladders.glicko), both players
  rated with the ratings from before the game, after their idle periods;
- teams (tuples of players) with a rank each, 1 best: openskill (ladders.openskill_scale).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime

from ladders import glicko
from ladders.openskill_scale import MODEL, from_display, to_display


@dataclass(frozen=True)
class PlayerState:
    """A player's rating in one game kind, as a Rating row stores it."""

    rating: float = glicko.DEFAULT_RATING
    deviation: float = glicko.DEFAULT_DEVIATION
    volatility: float = glicko.DEFAULT_VOLATILITY
    games: int = 0
    rated_at: datetime | None = None


@dataclass(frozen=True)
class RatedResult:
    """One rated game's current result: ``seats`` (Glicko-2) or ``ranked`` (openskill)."""

    match_id: int
    at: datetime
    seats: tuple[tuple[int, float], ...] = ()
    ranked: tuple[tuple[tuple[int, ...], int], ...] = ()


@dataclass(frozen=True)
class Change:
    """What one game did to one player: a RatingChange row."""

    user_id: int
    match_id: int
    opponent_id: int | None
    score: float
    at: datetime
    before: PlayerState
    after: PlayerState


def _idle_periods(state: PlayerState, at: datetime) -> int:
    if state.rated_at is None or at <= state.rated_at:
        return 0
    return (at - state.rated_at).days // glicko.RATING_PERIOD_DAYS


def _glicko_step(states: dict[int, PlayerState], result: RatedResult) -> list[Change]:
    (first, first_score), (second, second_score) = result.seats
    old = {user_id: states.get(user_id, PlayerState()) for user_id in (first, second)}
    # Both updates use the ratings from before the game (one rating period).
    before = {user_id: glicko.idle(glicko.Glicko(s.rating, s.deviation, s.volatility),
                                   _idle_periods(s, result.at))
              for user_id, s in old.items()}
    changes = []
    for user_id, score, other in ((first, first_score, second),
                                  (second, second_score, first)):
        new = glicko.rate(before[user_id], [(before[other], score)])
        state = old[user_id]
        changes.append(Change(
            user_id=user_id, match_id=result.match_id, opponent_id=other, score=score,
            at=result.at, before=state,
            after=PlayerState(new.rating, new.deviation, new.volatility, state.games + 1,
                              result.at)))
    return changes


def _openskill_step(states: dict[int, PlayerState], result: RatedResult) -> list[Change]:
    held: dict[int, int] = {}
    for team, _rank in result.ranked:
        for user_id in team:
            held[user_id] = held.get(user_id, 0) + 1
    old = {user_id: states.get(user_id, PlayerState()) for user_id in held}
    teams = [[MODEL.rating(*from_display(old[u].rating, old[u].deviation))
              for u in team] for team, _rank in result.ranked]
    after = MODEL.rate(teams, ranks=[rank for _team, rank in result.ranked])
    size = len(result.ranked)
    changes = []
    for (team, rank), new_team in zip(result.ranked, after, strict=True):
        for user_id, new in zip(team, new_team, strict=True):
            if held[user_id] > 1:
                continue  # a player holding several seats is not rated by the game
            rating, deviation = to_display(new.mu, new.sigma)
            state = old[user_id]
            changes.append(Change(
                user_id=user_id, match_id=result.match_id, opponent_id=None,
                score=(size - rank) / (size - 1), at=result.at, before=state,
                after=replace(state, rating=rating, deviation=deviation,
                              games=state.games + 1, rated_at=result.at)))
    return changes


def step(states: dict[int, PlayerState], result: RatedResult) -> list[Change]:
    """The changes one rated result makes to ``states`` (which it does not modify)."""
    if result.ranked:
        return _openskill_step(states, result)
    return _glicko_step(states, result)


def fold(results: Iterable[RatedResult],
         start: dict[int, PlayerState] | None = None
         ) -> tuple[dict[int, PlayerState], list[Change]]:
    """The ratings after ``results`` (in the order given), from ``start`` (everyone at
    the default if None), and every change on the way."""
    states = dict(start or {})
    history: list[Change] = []
    for result in results:
        changes = step(states, result)
        for change in changes:
            states[change.user_id] = change.after
        history.extend(changes)
    return states, history
