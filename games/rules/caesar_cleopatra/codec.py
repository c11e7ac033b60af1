"""The full-state JSON of section 8: conversion and validation.

``state_to_json`` writes exactly the section-8 shape plus the engine's own
``seed`` key (multisets in the reference order: ``P 1 2 3 4 5``, then the
action cards in section 1 order; piles and the vote deck top first).
``state_from_json`` accepts anything a caller may send and either returns a
valid ``State`` or raises ``InvalidState`` naming the exact problem; it
never raises anything else and never changes its input. Unknown extra keys
are ignored; a missing ``seed`` means seed 0. The checks themselves (the
validation list of section 8) are in ``validation``.
"""

from __future__ import annotations

from typing import Any, Literal, overload

from ..base import InvalidState, MalformedMove
from ..common import (
    boolean,
    coded_list,
    integer,
    json_object,
    read_seed,
    require,
    short,
    state_object,
)
from .constants import (
    BONUS_INDEX,
    BONUS_NAMES,
    CARD_INDEX,
    CARD_NAMES,
    GAME,
    GROUP_INDEX,
    GROUPS,
    N_GROUPS,
    P_CASTLE,
    P_DRAW,
    P_SPY,
    P_VETO,
    PENDING_INDEX,
    PENDING_KINDS,
    PHASE_INDEX,
    PHASES,
    SEAT_INDEX,
    SEATS,
    STEP_INDEX,
    STEPS,
    VOTE_INDEX,
    VOTE_NAMES,
    WINNER_INDEX,
    WINNER_NAMES,
    card_list,
)
from .moves import A_ACTION, action_to_move, move_to_action
from .state import DEFAULT_SEED, Pending, State
from .validation import validate


def pending_to_json(pending: Pending | None) -> dict[str, Any] | None:
    if pending is None:
        return None
    kind = pending[0]
    data: dict[str, Any] = {"kind": PENDING_KINDS[kind], "player": SEATS[pending[1]]}
    if kind == P_VETO:
        data["action"] = action_to_move(pending[2])
    elif kind == P_CASTLE:
        data["groups"] = [GROUPS[pending[2]], GROUPS[pending[3]]]
    elif kind == P_DRAW:
        data["count"] = pending[2]
    return data


def public_fields(state: State) -> dict[str, Any]:
    """The keys from ``phase`` to ``score``, the same in the state and every view."""
    to_move = state.to_move
    return {
        "phase": PHASES[state.phase],
        "turn": state.turn,
        "current": SEATS[state.current] if state.current is not None else None,
        "step": STEPS[state.step] if state.step is not None else None,
        "action_played": state.action_played,
        "pending": pending_to_json(state.pending),
        "to_move": SEATS[to_move] if to_move is not None else None,
        "winner": WINNER_NAMES[state.winner] if state.winner is not None else None,
        "score": (
            {SEATS[0]: state.score[0], SEATS[1]: state.score[1]}
            if state.score is not None
            else None
        ),
    }


def state_to_json(state: State) -> dict[str, Any]:
    """The omniscient full state of section 8, plus ``seed``."""
    players = {}
    for seat in (0, 1):
        players[SEATS[seat]] = {
            "hand": card_list(state.hand[seat]),
            "influence_pile": [CARD_NAMES[card] for card in reversed(state.influence[seat])],
            "action_pile": [CARD_NAMES[card] for card in reversed(state.actions[seat])],
            "discard": card_list(state.discard[seat]),
            "bonus": BONUS_NAMES[state.bonus[seat]],
            "patricians": dict(zip(GROUPS, state.won[seat])),
        }
    groups = {}
    for group in range(N_GROUPS):
        entry: dict[str, Any] = {"patricians": state.patricians[group]}
        for seat in (0, 1):
            index = group * 2 + seat
            entry[SEATS[seat]] = {
                "down": card_list(state.down[index]),
                "up": card_list(state.up[index]),
            }
        groups[GROUPS[group]] = entry
    return {
        "game": GAME,
        **public_fields(state),
        "players": players,
        "groups": groups,
        "vote_deck": [VOTE_NAMES[card] for card in reversed(state.vote_deck)],
        "vote_discard": [VOTE_NAMES[card] for card in sorted(state.vote_discard)],
        "vote_aside": [VOTE_NAMES[card] for card in sorted(state.vote_aside)],
        "seed": state.seed,
    }


# -- reading -----------------------------------------------------------------------
def _cards(value: Any, where: str) -> list[int]:
    return coded_list(value, CARD_INDEX, where, "card names", "card")


def _votes(value: Any, where: str) -> list[int]:
    return coded_list(value, VOTE_INDEX, where, "vote cards", "vote card")


@overload
def _choice(value: Any, names: dict[str, int], where: str, nullable: Literal[False]) -> int: ...


@overload
def _choice(value: Any, names: dict[str, int], where: str, nullable: bool) -> int | None: ...


def _choice(value: Any, names: dict[str, int], where: str, nullable: bool) -> int | None:
    if value is None and nullable:
        return None
    if isinstance(value, str) and value in names:
        return names[value]
    options = ", ".join(f'"{name}"' for name in names) + (" or null" if nullable else "")
    raise InvalidState(f"{where} must be one of {options}, got {short(value)}")


def _exact_keys(value: dict[str, Any], names: tuple[str, ...], where: str, what: str) -> None:
    for key in value:
        if key not in names:
            raise InvalidState(f"{where}: unknown {what} {short(key)}; use {', '.join(names)}")
    for name in names:
        if name not in value:
            raise InvalidState(f"{where}: missing {what} {name!r}")


def state_from_json(data: Any) -> State:
    """A validated ``State`` from section-8 JSON; raises ``InvalidState``."""
    data = state_object(data, GAME, "an object")
    state = State()
    state.phase = _choice(require(data, "phase", "state"), PHASE_INDEX, "phase", False)
    state.turn = integer(require(data, "turn", "state"), "turn")
    state.current = _choice(require(data, "current", "state"), SEAT_INDEX, "current", True)
    state.step = _choice(require(data, "step", "state"), STEP_INDEX, "step", True)
    state.action_played = boolean(require(data, "action_played", "state"), "action_played")
    to_move = _choice(require(data, "to_move", "state"), SEAT_INDEX, "to_move", True)
    state.winner = _choice(require(data, "winner", "state"), WINNER_INDEX, "winner", True)
    state.score = _read_score(require(data, "score", "state"))
    state.seed = read_seed(data, DEFAULT_SEED)

    players = json_object(require(data, "players", "state"), "players")
    _exact_keys(players, SEATS, "players", "player")
    for seat in (0, 1):
        _read_player(state, seat, json_object(players[SEATS[seat]], f"players.{SEATS[seat]}"))
    groups = json_object(require(data, "groups", "state"), "groups")
    _exact_keys(groups, GROUPS, "groups", "group")
    for group in range(N_GROUPS):
        _read_group(state, group, json_object(groups[GROUPS[group]], f"groups.{GROUPS[group]}"))
    deck = _votes(require(data, "vote_deck", "state"), "vote_deck")
    state.vote_deck = deck[::-1]  # internal order: top at the end
    state.vote_discard = _votes(require(data, "vote_discard", "state"), "vote_discard")
    state.vote_aside = _votes(require(data, "vote_aside", "state"), "vote_aside")
    state.pending = _read_pending(require(data, "pending", "state"), state)

    validate(state)
    if to_move != state.to_move:
        expected = SEATS[state.to_move] if state.to_move is not None else None
        why = "pending.player" if state.pending is not None else "current"
        got = SEATS[to_move] if to_move is not None else None
        raise InvalidState(f"to_move must be {short(expected)} ({why}), got {short(got)}")
    return state


def _read_score(value: Any) -> tuple[int, int] | None:
    if value is None:
        return None
    score = json_object(value, "score")
    _exact_keys(score, SEATS, "score", "player")
    return (integer(score[SEATS[0]], "score.cleopatra"), integer(score[SEATS[1]], "score.caesar"))


def _read_player(state: State, seat: int, data: dict[str, Any]) -> None:
    where = f"players.{SEATS[seat]}"
    state.hand[seat] = _cards(require(data, "hand", where), f"{where}.hand")
    pile = _cards(require(data, "influence_pile", where), f"{where}.influence_pile")
    state.influence[seat] = pile[::-1]
    pile = _cards(require(data, "action_pile", where), f"{where}.action_pile")
    state.actions[seat] = pile[::-1]
    state.discard[seat] = _cards(require(data, "discard", where), f"{where}.discard")
    bonus = require(data, "bonus", where)
    if not isinstance(bonus, str) or bonus not in BONUS_INDEX:
        raise InvalidState(
            f"{where}.bonus must be one of {', '.join(BONUS_NAMES)}, got {short(bonus)}"
        )
    state.bonus[seat] = BONUS_INDEX[bonus]
    won = json_object(require(data, "patricians", where), f"{where}.patricians")
    _exact_keys(won, GROUPS, f"{where}.patricians", "group")
    state.won[seat] = [integer(won[group], f"{where}.patricians.{group}") for group in GROUPS]


def _read_group(state: State, group: int, data: dict[str, Any]) -> None:
    where = f"groups.{GROUPS[group]}"
    state.patricians[group] = integer(require(data, "patricians", where), f"{where}.patricians")
    for key in data:
        if key in SEAT_INDEX or key == "patricians":
            continue
        if key in GROUP_INDEX or key in ("down", "up"):
            raise InvalidState(f"{where}: unexpected key {key!r}; the cards are per player")
    for seat in (0, 1):
        name = SEATS[seat]
        entry = json_object(require(data, name, where), f"{where}.{name}")
        index = group * 2 + seat
        state.down[index] = _cards(
            require(entry, "down", f"{where}.{name}"), f"{where}.{name}.down"
        )
        state.up[index] = _cards(require(entry, "up", f"{where}.{name}"), f"{where}.{name}.up")


def _read_pending(value: Any, state: State) -> Pending | None:
    if value is None:
        return None
    pending = json_object(value, "pending")
    kind = _choice(require(pending, "kind", "pending"), PENDING_INDEX, "pending.kind", False)
    player = _choice(require(pending, "player", "pending"), SEAT_INDEX, "pending.player", False)
    if kind == P_VETO:
        move = require(pending, "action", "pending")
        try:
            action = move_to_action(move)
        except MalformedMove as problem:
            raise InvalidState(f"pending.action: {problem}") from None
        if action[0] != A_ACTION:
            raise InvalidState(f"pending.action must be an action move, got {short(move)}")
        return (P_VETO, player, action)
    if kind == P_SPY:
        return (P_SPY, player)
    if kind == P_CASTLE:
        groups = require(pending, "groups", "pending")
        if (
            not isinstance(groups, list)
            or len(groups) != 2
            or not all(isinstance(g, str) and g in GROUP_INDEX for g in groups)
        ):
            raise InvalidState(f"pending.groups must be a list of two groups, got {short(groups)}")
        g1, g2 = GROUP_INDEX[groups[0]], GROUP_INDEX[groups[1]]
        if g1 >= g2:
            raise InvalidState(
                f"pending.groups must be two different groups in group order, got {short(groups)}"
            )
        return (P_CASTLE, player, g1, g2)
    count = require(pending, "count", "pending")
    if count != 1 or type(count) is not int:
        raise InvalidState(
            f"pending.count must be 1 (one card after a Spy or a Veto), got {short(count)}"
        )
    return (P_DRAW, player, 1)
