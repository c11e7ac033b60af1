"""A new game: handicap removal, the setup shuffles and the first hands.

Section 3 and section 8. Druid placement is not done here: it is the first
six moves of the game (phase ``setup``).
"""

from __future__ import annotations

from typing import Any

from ..base import InvalidOptions
from ..rng import derive_rng
from .constants import (
    CARD_VALUE,
    COPIES_PER_CARD,
    CULT_POSITION,
    HAND_SIZE,
    MOON,
    SEAT_INDEX,
    SEATS,
    STACK_SIZE,
    SUN,
    TREE_POSITIONS,
    VALUES,
    full_deck,
)
from .state import State


def parse_options(options: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The removed values per seat from ``{"removed": {"moon": [2], "sun": []}}``."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidOptions("options must be a JSON object")
    unknown = [key for key in options if key != "removed"]
    if unknown:
        raise InvalidOptions(f"unknown option {unknown[0]!r}; the only option is 'removed'")
    removed = options.get("removed") or {}
    if not isinstance(removed, dict):
        raise InvalidOptions("removed must map moon and sun to lists of values")
    result: list[tuple[int, ...]] = [(), ()]
    for seat_name, values in removed.items():
        if seat_name not in SEAT_INDEX:
            raise InvalidOptions(f"removed: unknown player {seat_name!r}; use moon or sun")
        if not isinstance(values, (list, tuple)):
            raise InvalidOptions(f"removed.{seat_name} must be a list of values 1..5")
        for value in values:
            if type(value) is not int or value not in VALUES:
                raise InvalidOptions(
                    f"removed.{seat_name}: a removed value must be an integer 1..5, got {value!r}"
                )
        for value in VALUES:
            if list(values).count(value) > 2 * COPIES_PER_CARD:
                raise InvalidOptions(
                    f"removed.{seat_name}: a deck has only {2 * COPIES_PER_CARD} "
                    f"cards of value {value}"
                )
        result[SEAT_INDEX[seat_name]] = tuple(values)
    return result[MOON], result[SUN]


def new_game(seed: int, options: Any = None) -> State:
    """The state after the setup shuffles, before druid placement."""
    if type(seed) is not int:
        raise InvalidOptions(f"seed must be an integer, got {seed!r}")
    removed = parse_options(options)
    state = State()
    state.seed = seed
    for seat in (MOON, SUN):
        state.removed[seat] = removed[seat]
        deck = full_deck(seat)
        derive_rng(seed, "setup", SEATS[seat]).shuffle(deck)
        # Ruling: a handicap removes the first card of that value in the
        # shuffled deck, so the shuffle decides its arrow.
        for value in removed[seat]:
            deck.pop(_first_of_value(deck, value))
        # Ruling: the first 1 in the shuffled deck goes to the cult board.
        first_one = _first_of_value(deck, 1)
        if first_one >= 0:
            state.up[CULT_POSITION[seat]].append(deck.pop(first_one))
        # Four stacks of five face-down cards, tree 1 first, each stack's top
        # turned face-up. (A deck cut very short by handicaps fills the
        # stacks it can, in tree order.)
        for index, position in enumerate(TREE_POSITIONS[seat]):
            stack = deck[index * STACK_SIZE : (index + 1) * STACK_SIZE]
            if stack:
                state.down[position] = tuple(stack[:-1])
                state.up[position] = [stack[-1]]
        pile = deck[4 * STACK_SIZE :]  # top first
        pile.reverse()  # internal order: top at the end
        for _ in range(HAND_SIZE):
            if pile:
                state.hand[seat].append(pile.pop())
        state.draw[seat] = pile
    return state


def _first_of_value(deck: list[int], value: int) -> int:
    for index, card in enumerate(deck):
        if CARD_VALUE[card] == value:
            return index
    return -1
