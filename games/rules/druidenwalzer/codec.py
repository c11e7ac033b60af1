"""The full-state JSON of section 9: conversion and validation.

``state_to_json`` writes exactly the section-9 shape plus the engine's own
``seed`` key. ``state_from_json`` accepts anything a caller may send and
either returns a valid ``State`` or raises ``InvalidState`` naming the exact
problem; it never raises anything else and never changes its input.

Validation checks what section 9 lists, and the structure the engine needs:
known card names, 30 cards per cult in total minus the removed ones, druid
colours at most once per player (exactly once in play), ``up`` empty only if
``down`` is empty, flipped trees without cards, and ``phase``/``to_move``/
``winner`` agreeing. It adds no rule about which cards may lie where, so
unusual positions built by hand are accepted. Unknown extra keys are ignored
(section 9 lets an engine add keys of its own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import InvalidState
from ..common import (
    boolean,
    coded_list,
    integer,
    json_object,
    read_phase,
    read_seed,
    require,
    short,
    state_object,
)
from .constants import (
    CARD_CULT,
    CARD_INDEX,
    CARD_NAMES,
    CARDS_PER_CULT,
    COLOUR_INDEX,
    COLOURS,
    CULT_LETTERS,
    CULT_POSITION,
    FLIPS_TO_LOSE,
    GAME,
    MOON,
    NO_DRUID,
    PHASES,
    PLAY,
    SEAT_INDEX,
    SEATS,
    SETUP,
    SIGNS_TO_CONQUER,
    SUN,
    TREE_POSITIONS,
    VALUES,
)
from .state import DEFAULT_SEED, State


def _names(cards: Sequence[int]) -> list[str]:
    return [CARD_NAMES[card] for card in cards]


def state_to_json(state: State) -> dict[str, Any]:
    """The omniscient full state of section 9, plus ``seed``."""
    players = {}
    for seat in (MOON, SUN):
        trees = []
        for position in TREE_POSITIONS[seat]:
            colour = state.druid[position]
            trees.append(
                {
                    "down": _names(state.down[position]),
                    "up": _names(state.up[position]),
                    "druid": COLOURS[colour] if colour != NO_DRUID else None,
                    "signs": state.signs[position],
                    "flipped": state.flipped[position],
                }
            )
        players[SEATS[seat]] = {
            "trees": trees,
            "cult_board": _names(state.up[CULT_POSITION[seat]]),
            "hand": _names(state.hand[seat]),
            "draw_pile": _names(state.draw[seat][::-1]),  # top first
            "removed": list(state.removed[seat]),
        }
    return {
        "game": GAME,
        "phase": PHASES[state.phase],
        "to_move": SEATS[state.to_move] if state.to_move is not None else None,
        "winner": SEATS[state.winner] if state.winner is not None else None,
        "turn": state.turn,
        "players": players,
        "seed": state.seed,
    }


# -- reading -------------------------------------------------------------------
def _seat_or_null(value: Any, key: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, str) and value in SEAT_INDEX:
        return SEAT_INDEX[value]
    raise InvalidState(f'{key} must be "moon", "sun" or null, got {short(value)}')


def _cards(value: Any, where: str) -> list[int]:
    return coded_list(value, CARD_INDEX, where, "card names", "card")


def state_from_json(data: Any) -> State:
    """A validated ``State`` from section-9 JSON; raises ``InvalidState``."""
    data = state_object(data, GAME, "a JSON object")
    phase = read_phase(data)

    state = State()
    state.phase = phase
    state.to_move = _seat_or_null(require(data, "to_move", "state"), "to_move")
    state.winner = _seat_or_null(require(data, "winner", "state"), "winner")
    state.turn = integer(require(data, "turn", "state"), "turn")
    state.seed = read_seed(data, DEFAULT_SEED)

    players = require(data, "players", "state")
    if not isinstance(players, dict):
        raise InvalidState("players must be an object with keys moon and sun")
    for key in players:
        if key not in SEAT_INDEX:
            raise InvalidState(f"players: unknown player {short(key)}; use moon and sun")
    for seat in (MOON, SUN):
        name = SEATS[seat]
        if name not in players:
            raise InvalidState(f"players: missing player {name!r}")
        _read_player(state, seat, players[name])

    _check_card_counts(state)
    _check_druids(state)
    _check_phase(state)
    return state


def _read_player(state: State, seat: int, data: Any) -> None:
    name = SEATS[seat]
    json_object(data, f"players.{name}")
    trees = require(data, "trees", f"players.{name}")
    if not isinstance(trees, list) or len(trees) != 4:
        raise InvalidState(f"players.{name}.trees must be a list of 4 trees")
    for number, tree in enumerate(trees, start=1):
        where = f"players.{name}.trees[{number - 1}] ({name} tree {number})"
        position = TREE_POSITIONS[seat][number - 1]
        json_object(tree, where)
        down = _cards(require(tree, "down", where), f"{where}.down")
        up = _cards(require(tree, "up", where), f"{where}.up")
        if down and not up:
            raise InvalidState(
                f"{where}: up is empty but down holds {len(down)} card(s); "
                "the top card of a stack is always face-up"
            )
        colour = require(tree, "druid", where)
        if colour is None:
            state.druid[position] = NO_DRUID
        elif isinstance(colour, str) and colour in COLOUR_INDEX:
            state.druid[position] = COLOUR_INDEX[colour]
        else:
            raise InvalidState(
                f"{where}.druid must be purple, orange, black or null, got {short(colour)}"
            )
        # Ruling: a 6th sign flips the tree at once, so an unflipped tree has 0..5.
        state.signs[position] = integer(
            require(tree, "signs", where), f"{where}.signs", 0, SIGNS_TO_CONQUER - 1
        )
        flipped = boolean(require(tree, "flipped", where), f"{where}.flipped")
        if flipped and (down or up):
            raise InvalidState(f"{where}: a flipped tree holds no cards")
        state.flipped[position] = flipped
        state.down[position] = tuple(down)
        state.up[position] = up
    state.up[CULT_POSITION[seat]] = _cards(
        require(data, "cult_board", f"players.{name}"), f"players.{name}.cult_board"
    )
    state.hand[seat] = _cards(require(data, "hand", f"players.{name}"), f"players.{name}.hand")
    pile = _cards(require(data, "draw_pile", f"players.{name}"), f"players.{name}.draw_pile")
    pile.reverse()  # internal order: top at the end
    state.draw[seat] = pile
    removed = data.get("removed", [])
    if not isinstance(removed, list):
        raise InvalidState(f"players.{name}.removed must be a list of values 1..5")
    for value in removed:
        if type(value) is not int or value not in VALUES:
            raise InvalidState(
                f"players.{name}.removed: a removed value must be an integer 1..5, "
                f"got {short(value)}"
            )
    state.removed[seat] = tuple(removed)


def _check_card_counts(state: State) -> None:
    counts = [0, 0]
    for stack in state.down + state.up + state.hand + state.draw:
        for card in stack:
            counts[CARD_CULT[card]] += 1
    for seat in (MOON, SUN):
        expected = CARDS_PER_CULT - len(state.removed[seat])
        if counts[seat] != expected:
            letter = CULT_LETTERS[seat]
            raise InvalidState(
                f"{SEATS[seat]} cult cards ({letter}...): expected {expected} in all "
                f"(30 minus {len(state.removed[seat])} removed), found {counts[seat]}"
            )


def _check_druids(state: State) -> None:
    for seat in (MOON, SUN):
        name = SEATS[seat]
        seen: dict[int, int] = {}
        for number, position in enumerate(TREE_POSITIONS[seat], start=1):
            colour = state.druid[position]
            if colour == NO_DRUID:
                continue
            if colour in seen:
                raise InvalidState(
                    f"{name} has the {COLOURS[colour]} druid twice "
                    f"(trees {seen[colour]} and {number})"
                )
            seen[colour] = number
            if state.phase == PLAY and state.flipped[position]:
                raise InvalidState(
                    f"{name} tree {number} is flipped but carries the {COLOURS[colour]} druid"
                )
        if state.phase != SETUP and len(seen) != 3:
            missing = [COLOURS[c] for c in range(3) if c not in seen]
            raise InvalidState(
                f"{name}'s {', '.join(missing)} druid is not on a tree; "
                "in play each druid stands on exactly one tree"
            )


def _placed(state: State, seat: int) -> int:
    return sum(1 for p in TREE_POSITIONS[seat] if state.druid[p] != NO_DRUID)


def _check_phase(state: State) -> None:
    flips = [state.flipped_count(MOON), state.flipped_count(SUN)]
    if state.phase == SETUP:
        if state.winner is not None or state.to_move is None:
            raise InvalidState("during setup to_move must be a player and winner null")
        if any(flips):
            raise InvalidState("during setup no tree can be flipped")
        moon, sun = _placed(state, MOON), _placed(state, SUN)
        if moon == sun == 3:
            raise InvalidState("all six druids are placed, so the phase must be play")
        if moon == sun:
            expected = MOON
        elif moon == sun + 1:
            expected = SUN
        else:
            raise InvalidState(
                f"druids are placed alternately, moon first: moon has {moon}, sun {sun}"
            )
        if state.to_move != expected:
            raise InvalidState(
                f"with {moon} moon and {sun} sun druids placed, {SEATS[expected]} places next"
            )
    elif state.phase == PLAY:
        if state.winner is not None or state.to_move is None:
            raise InvalidState("in play to_move must be a player and winner null")
        for seat in (MOON, SUN):
            if flips[seat] >= FLIPS_TO_LOSE:
                raise InvalidState(
                    f"{SEATS[seat]} has {flips[seat]} flipped trees, so the game is over"
                )
    else:  # OVER
        if state.to_move is not None or state.winner is None:
            raise InvalidState("when the game is over to_move must be null and winner a player")
        loser = 1 - state.winner
        if flips[loser] != FLIPS_TO_LOSE or flips[state.winner] >= FLIPS_TO_LOSE:
            raise InvalidState(
                f"{SEATS[state.winner]} wins only when {SEATS[loser]} has exactly two "
                f"flipped trees and {SEATS[state.winner]} fewer (found {flips[loser]} and "
                f"{flips[state.winner]})"
            )
