"""The measuring of strength (section 4.1 step 3)."""

from __future__ import annotations

from typing import Any

from ..base import Event
from .constants import (
    CARD_NAMES,
    COLOURS,
    CULT_POSITION,
    MOON,
    POSITION_NAMES,
    SEATS,
    SIGNS_TO_CONQUER,
    SUN,
    TREE_NUMBER,
    TREE_POSITIONS,
)
from .dance import turn_up
from .flips import flip_tree
from .state import State


def measure(state: State, mover: int, banned: int, events: list[Event] | None) -> bool:
    """Measure every druid colour not sitting out; True if the game ended.

    Ruling (order): the colours the mover wins first, then the others, each
    group in the order purple, orange, black. Who wins a colour can be read
    before anything is resolved: resolving one colour only touches its own
    two trees (and, on a conquest, the loser's druid-free tree), never a tree
    of another colour, so no later comparison changes.
    """
    won_by_mover: list[tuple[int, int, int, int]] = []
    others: list[tuple[int, int, int, int]] = []
    druid = state.druid
    where = ([-1, -1, -1], [-1, -1, -1])  # per seat, per colour: its tree
    for seat in (MOON, SUN):
        for position in TREE_POSITIONS[seat]:
            if druid[position] >= 0:
                where[seat][druid[position]] = position
    for colour in (0, 1, 2):
        if colour == banned:
            continue
        moon_position = where[MOON][colour]
        sun_position = where[SUN][colour]
        if moon_position < 0 or sun_position < 0:
            continue  # a druid not on a tree does not measure
        moon_value = state.top_value(moon_position)
        sun_value = state.top_value(sun_position)
        # Ruling (empty tree): a tree without cards counts 0; equal values tie.
        if moon_value > sun_value:
            winner = MOON
        elif sun_value > moon_value:
            winner = SUN
        else:
            winner = -1
        entry = (colour, moon_position, sun_position, winner)
        (won_by_mover if winner == mover else others).append(entry)

    up = state.up
    for colour, moon_position, sun_position, winner in won_by_mover + others:
        if events is not None:
            events.append(
                {
                    "type": "measure",
                    "colour": COLOURS[colour],
                    "moon": _side(state, moon_position),
                    "sun": _side(state, sun_position),
                    "winner": SEATS[winner] if winner >= 0 else None,
                }
            )
        if winner < 0:
            continue
        winning_position, losing_position = (
            (moon_position, sun_position) if winner == MOON else (sun_position, moon_position)
        )
        # The winner first puts a cult sign on the loser's tree; a 6th sign
        # conquers it at once, and if that ends the game nothing more happens.
        state.signs[losing_position] += 1
        signs = state.signs[losing_position]
        if events is not None:
            events.append(
                {
                    "type": "sign",
                    "player": SEATS[winner],
                    "owner": SEATS[1 - winner],
                    "tree": TREE_NUMBER[losing_position],
                    "position": POSITION_NAMES[losing_position],
                    "signs": signs,
                }
            )
        if signs >= SIGNS_TO_CONQUER:
            if flip_tree(state, losing_position, "signs", events):
                return True
        # Then the winning card goes to the winner's own cult board.
        card = up[winning_position].pop()
        board = CULT_POSITION[winner]
        up[board].append(card)
        if events is not None:
            events.append(
                {
                    "type": "collect",
                    "player": SEATS[winner],
                    "card": CARD_NAMES[card],
                    "from": POSITION_NAMES[winning_position],
                    "to": POSITION_NAMES[board],
                }
            )
        turn_up(state, winning_position, events)
    return False


def _side(state: State, position: int) -> dict[str, Any]:
    stack = state.up[position]
    return {
        "tree": TREE_NUMBER[position],
        "position": POSITION_NAMES[position],
        "card": CARD_NAMES[stack[-1]] if stack else None,
        "value": state.top_value(position),
    }
