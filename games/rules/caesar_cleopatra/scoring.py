"""The end of the game and its scoring (section 5).

Points: 1 per patrician; 1 for a majority of a group (3 of 5, 2 of 3); 1
more for the whole group; 2 for the bonus card if its holder won at least 3
patricians of its group. Most points wins; equal points: more patricians
wins; still equal, the game is drawn.
"""

from __future__ import annotations

from ..base import Event
from .constants import (
    BONUS_NAMES,
    BONUS_NEEDS,
    BONUS_POINTS,
    DRAW,
    GROUP_SIZE,
    N_GROUPS,
    OVER,
    SEATS,
    WINNER_NAMES,
)
from .state import State

REASON_POINTS = "points"
REASON_PATRICIANS = "patricians"
REASON_DRAW = "draw"


def points(won: list[int], bonus: int) -> int:
    total = 0
    for group in range(N_GROUPS):
        count, size = won[group], GROUP_SIZE[group]
        total += count
        if 2 * count > size:
            total += 1
        if count == size:
            total += 1
    if won[bonus] >= BONUS_NEEDS:
        total += BONUS_POINTS
    return total


def result(state: State) -> tuple[tuple[int, int], int, str]:
    """``(score, winner, reason)`` of the position as it stands."""
    score = (points(state.won[0], state.bonus[0]), points(state.won[1], state.bonus[1]))
    if score[0] != score[1]:
        return score, (0 if score[0] > score[1] else 1), REASON_POINTS
    won = (sum(state.won[0]), sum(state.won[1]))
    if won[0] != won[1]:
        return score, (0 if won[0] > won[1] else 1), REASON_PATRICIANS
    return score, DRAW, REASON_DRAW


def end_reason(state: State) -> str:
    return result(state)[2]


def end_game(state: State, events: list[Event] | None) -> None:
    """The game is over: score it (section 5)."""
    score, winner, reason = result(state)
    state.phase = OVER
    state.current = None
    state.step = None
    state.pending = None
    state.action_played = False
    state.winner = winner
    state.score = score
    if events is not None:
        events.append(
            {
                "type": "game_over",
                "winner": WINNER_NAMES[winner],
                "reason": reason,
                "score": {SEATS[side]: score[side] for side in (0, 1)},
                "patricians": {SEATS[side]: sum(state.won[side]) for side in (0, 1)},
                "bonus": {SEATS[side]: BONUS_NAMES[state.bonus[side]] for side in (0, 1)},
            }
        )
