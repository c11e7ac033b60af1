"""The waltz up to the measuring: play the card, bann ring, the dance.

Section 4.1 steps 1 and 2. The measuring (step 3) is in ``measuring``.
"""

from __future__ import annotations

from ..base import Event
from .constants import (
    CARD_NAMES,
    CARD_STEP,
    CARD_VALUE,
    COLOURS,
    IS_CULT_BOARD,
    NO_DRUID,
    POSITION_NAMES,
    RING_SIZE,
    SEATS,
    TREE_NUMBER,
)
from .state import State


def walk(flipped: list[bool], start: int, step: int, count: int) -> int:
    """The ring position ``count`` steps from ``start`` in direction ``step``.

    Cult boards count as positions; flipped trees have left the ring and are
    skipped.
    """
    position = start
    while count:
        position = (position + step) % RING_SIZE
        if not flipped[position]:
            count -= 1
    return position


def turn_up(state: State, position: int, events: list[Event] | None) -> None:
    """If the stack at ``position`` shows a face-down card, turn it face-up."""
    if not state.up[position] and state.down[position]:
        stack = state.down[position]
        card = stack[-1]
        state.down[position] = stack[:-1]
        state.up[position].append(card)
        if events is not None:
            events.append(
                {
                    "type": "turn_up",
                    "card": CARD_NAMES[card],
                    "position": POSITION_NAMES[position],
                }
            )


def play_card_and_dance(
    state: State, seat: int, card: int, position: int, events: list[Event] | None
) -> int:
    """Lay ``card`` from ``seat``'s hand on the tree at ``position``, place
    the bann ring and run the dance. Returns the banned druid colour (or -1).
    """
    state.hand[seat].remove(card)  # identical cards are interchangeable
    up = state.up
    up[position].append(card)

    # 1. Bann ring: the druid standing on the played tree (if any) and its
    #    counterpart of the same colour sit out the measuring.
    banned = state.druid[position]
    value = CARD_VALUE[card]
    step = CARD_STEP[card]
    steps = TREE_NUMBER[position]
    if events is not None:
        events.append(
            {
                "type": "waltz",
                "player": SEATS[seat],
                "card": CARD_NAMES[card],
                "tree": steps,
                "position": POSITION_NAMES[position],
                "direction": "R" if step > 0 else "L",
                "steps": steps,
            }
        )
        events.append(
            {
                "type": "ring",
                "position": POSITION_NAMES[position],
                "banned": COLOURS[banned] if banned != NO_DRUID else None,
            }
        )

    # 2. Dance. The affected cards (visible tops of tree stacks with the
    #    played value, the played card excepted) are fixed before anything
    #    moves, and ordered by walking from the played tree in the arrow's
    #    direction. A card is remembered by its tree and its index in that
    #    stack: cards landing later only go on top of it, and nothing under
    #    it moves during the dance, so the index stays valid even when it is
    #    covered ("taken out from under the covering card").
    movers: list[tuple[int, int]] = []
    scan = position
    for _ in range(RING_SIZE - 1):
        scan = (scan + step) % RING_SIZE
        stack = up[scan]
        if stack and not IS_CULT_BOARD[scan] and CARD_VALUE[stack[-1]] == value:
            movers.append((scan, len(stack) - 1))
    if not movers:
        return banned

    flipped = state.flipped
    for source, index in movers:
        moving = up[source].pop(index)
        target = walk(flipped, source, step, steps)
        up[target].append(moving)
        if events is not None:
            events.append(
                {
                    "type": "dance",
                    "card": CARD_NAMES[moving],
                    "from": POSITION_NAMES[source],
                    "to": POSITION_NAMES[target],
                }
            )
    # Only a stack that lost its top can now show a face-down card; turn
    # those up in ring order (S1..S4, M1..M4), all at once after the dance.
    for source in sorted({source for source, _index in movers}):
        turn_up(state, source, events)
    return banned
