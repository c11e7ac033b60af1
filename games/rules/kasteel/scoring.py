"""The end of a game and its scores: section 10.

- Individual game: the first seat with all 7 pieces in its castle wins;
  castle values for all, 5 more for the winner.
- Team game: the first team with both seats finished wins; castle values,
  5 more for the first seat to finish, 3 for its partner if that completes
  the winning team, else 3 and 2 for the winning team's seats in the order
  they finished.
- Length limit: castle values alone; the highest score (team games: team
  sum) wins, equal highest share the win.

``winners`` lists the winning seats: the finishers in the order they
finished first, then (a shared win at the limit) the rest in seat order.
"""

from __future__ import annotations

from ..base import Event
from .constants import OVER, seat_name
from .state import State

WIN_BONUS = 5
PARTNER_BONUS = 3
OTHER_TEAM_BONUSES = (3, 2)

REASON_CASTLE = "castle"
REASON_LIMIT = "limit"


def seat_finished(state: State, seat: int, events: list[Event] | None) -> None:
    """``seat`` has just put its 7th piece on its target; the game may end."""
    state.finished.append(seat)
    if events is not None:
        events.append({"type": "finished", "seat": seat_name(seat), "rank": len(state.finished)})
    if not state.teams or state.partner(seat) in state.finished:
        _end(state, REASON_CASTLE, events)


def end_by_limit(state: State, events: list[Event] | None) -> None:
    """The last card of the last allowed dealing cycle has been played."""
    _end(state, REASON_LIMIT, events)


def _end(state: State, reason: str, events: list[Event] | None) -> None:
    winners, scores = result(state)
    state.phase = OVER
    state.to_move = None
    state.pending = None
    state.winners = winners
    state.scores = scores
    if events is not None:
        events.append(
            {
                "type": "end",
                "reason": reason,
                "winners": [seat_name(seat) for seat in winners],
                "scores": {seat_name(seat): score for seat, score in enumerate(scores)},
            }
        )


def completed_team(state: State) -> tuple[int, ...] | None:
    """The seats whose finishing ended the game (a seat, or a whole team), if any."""
    finished = state.finished
    if not state.teams:
        return (finished[0],) if finished else None
    for seat in finished:
        partner = state.partner(seat)
        if partner in finished:
            return (
                (seat, partner)
                if finished.index(seat) < finished.index(partner)
                else (
                    partner,
                    seat,
                )
            )
    return None


def end_reason(state: State) -> str:
    return REASON_CASTLE if completed_team(state) is not None else REASON_LIMIT


def result(state: State) -> tuple[list[int], list[int]]:
    """``(winners, scores)`` of the game as it stands (used at its end, and
    to check a finished state given from outside)."""
    scores = [state.castle_value(seat) for seat in range(state.n)]
    team = completed_team(state)
    if team is not None:
        first = state.finished[0]
        scores[first] += WIN_BONUS
        if len(team) == 2:
            if first in team:
                scores[state.partner(first)] += PARTNER_BONUS
            else:
                for seat, bonus in zip(team, OTHER_TEAM_BONUSES, strict=True):
                    scores[seat] += bonus
        return list(team), scores
    if state.teams:
        sums = [scores[seat] + scores[state.partner(seat)] for seat in range(state.n)]
    else:
        sums = scores
    best = max(sums)
    tied = [seat for seat in range(state.n) if sums[seat] == best]
    winners = [seat for seat in state.finished if seat in tied]
    winners.extend(seat for seat in tied if seat not in winners)
    return winners, scores


def is_over(state: State) -> bool:
    return state.phase == OVER
