"""Moves: the internal action tuples, the JSON notation, and legality.

Internally an action is a tuple ``(kind, a, b)`` of small ints, cheap to
generate and compare in a search:

==================  ==========================================
``(PLACE, c, p)``   place the druid of colour ``c`` on tree position ``p``
``(WALTZ, k, p)``   play card code ``k`` on tree position ``p``
``(LEAP, c, 0)``    move the druid of colour ``c`` to the free tree
``(WITHDRAW_HAND, k, 0)``  withdraw card ``k`` from the hand
``(WITHDRAW_TREE, p, 0)``  withdraw the top card of tree position ``p``
``(PASS, 0, 0)``    pass
==================  ==========================================

``move_to_action`` checks that a JSON move is in the notation of the rules'
section 9 (else ``MalformedMove``); ``check_action`` checks that an action is
legal now (else ``IllegalMove``). ``legal_actions`` lists every distinct
legal action once: identical cards are interchangeable, so two ``M3L`` in a
hand give one waltz per tree.
"""

from __future__ import annotations

from typing import Any

from ..base import IllegalMove, MalformedMove
from ..common import move_type, only_keys, short
from .constants import (
    CARD_INDEX,
    CARD_NAMES,
    COLOUR_INDEX,
    COLOURS,
    NO_DRUID,
    OVER,
    SEATS,
    SETUP,
    TREE_NUMBER,
    TREE_POSITIONS,
)
from .state import State

PLACE = 0
WALTZ = 1
LEAP = 2
WITHDRAW_HAND = 3
WITHDRAW_TREE = 4
PASS = 5

Action = tuple[int, int, int]
PASS_ACTION: Action = (PASS, 0, 0)

_MOVE_KEYS = {
    "place": {"type", "druid", "tree"},
    "waltz": {"type", "card", "tree"},
    "leap": {"type", "druid"},
    "withdraw": {"type", "card", "tree"},  # exactly one of card / tree
    "pass": {"type"},
}


# -- generation --------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move, each distinct action once."""
    if state.phase == OVER:
        return []
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    trees = TREE_POSITIONS[seat]
    flipped = state.flipped
    druid = state.druid
    if state.phase == SETUP:
        placed = {druid[position] for position in trees}
        free = [p for p in trees if not flipped[p] and druid[p] == NO_DRUID]
        return [
            (PLACE, colour, position)
            for colour in (0, 1, 2)
            if colour not in placed
            for position in free
        ]

    open_trees = [p for p in trees if not flipped[p]]
    hand = state.hand[seat]
    # Identical cards are interchangeable: each distinct card once.
    distinct_hand = hand if len(set(hand)) == len(hand) else list(dict.fromkeys(hand))
    actions: list[Action] = [
        (WALTZ, card, position) for card in distinct_hand for position in open_trees
    ]
    if len(open_trees) == 4:
        # All four trees: three druids stand on them and one tree is free.
        actions.extend(
            (LEAP, druid[position], 0) for position in trees if druid[position] != NO_DRUID
        )
    actions.extend((WITHDRAW_HAND, card, 0) for card in distinct_hand)
    up = state.up
    actions.extend((WITHDRAW_TREE, position, 0) for position in open_trees if up[position])
    if not actions:
        actions.append(PASS_ACTION)
    return actions


# -- notation ------------------------------------------------------------------
def _tree_number(move: dict[str, Any], kind: str) -> int:
    tree = move.get("tree")
    if type(tree) is not int or not 1 <= tree <= 4:
        raise MalformedMove(f"tree must be an integer 1..4, got {short(tree)}")
    return tree


def _card_code(move: dict[str, Any]) -> int:
    card = move.get("card")
    if not isinstance(card, str) or card not in CARD_INDEX:
        raise MalformedMove(f"card must be a card name like S5L or M3R, got {short(card)}")
    return CARD_INDEX[card]


def _colour(move: dict[str, Any]) -> int:
    colour = move.get("druid")
    if not isinstance(colour, str) or colour not in COLOUR_INDEX:
        raise MalformedMove(f"druid must be one of purple, orange, black, got {short(colour)}")
    return COLOUR_INDEX[colour]


def move_to_action(move: Any, seat: int) -> Action:
    """Translate a JSON move of ``seat`` (the mover) to an action tuple.

    Raises ``MalformedMove`` for anything outside the notation. Tree numbers
    count from the mover's own side.
    """
    kind = move_type(move, _MOVE_KEYS)
    only_keys(move, kind, _MOVE_KEYS[kind])
    if kind == "pass":
        return PASS_ACTION
    if kind == "place":
        for key in ("druid", "tree"):
            if key not in move:
                raise MalformedMove(f"a place move needs {key!r}")
        colour = _colour(move)
        return (PLACE, colour, TREE_POSITIONS[seat][_tree_number(move, kind) - 1])
    if kind == "waltz":
        for key in ("card", "tree"):
            if key not in move:
                raise MalformedMove(f"a waltz move needs {key!r}")
        card = _card_code(move)
        return (WALTZ, card, TREE_POSITIONS[seat][_tree_number(move, kind) - 1])
    if kind == "leap":
        if "druid" not in move:
            raise MalformedMove("a leap move needs 'druid'")
        return (LEAP, _colour(move), 0)
    # withdraw
    if ("card" in move) == ("tree" in move):
        raise MalformedMove("a withdraw move needs exactly one of 'card' or 'tree'")
    if "card" in move:
        return (WITHDRAW_HAND, _card_code(move), 0)
    return (WITHDRAW_TREE, TREE_POSITIONS[seat][_tree_number(move, kind) - 1], 0)


def _build_move(action: Action) -> dict[str, Any]:
    kind, a, b = action
    if kind == WALTZ:
        return {"type": "waltz", "card": CARD_NAMES[a], "tree": TREE_NUMBER[b]}
    if kind == WITHDRAW_HAND:
        return {"type": "withdraw", "card": CARD_NAMES[a]}
    if kind == WITHDRAW_TREE:
        return {"type": "withdraw", "tree": TREE_NUMBER[a]}
    if kind == LEAP:
        return {"type": "leap", "druid": COLOURS[a]}
    if kind == PLACE:
        return {"type": "place", "druid": COLOURS[a], "tree": TREE_NUMBER[b]}
    return {"type": "pass"}


# Every possible action's JSON, built once: legal_moves hands out copies.
_ALL_POSITIONS = (0, 1, 2, 3, 5, 6, 7, 8)
_MOVE_TEMPLATES: dict[Action, dict[str, Any]] = {
    action: _build_move(action)
    for action in (
        [(WALTZ, card, p) for card in range(len(CARD_NAMES)) for p in _ALL_POSITIONS]
        + [(PLACE, colour, p) for colour in (0, 1, 2) for p in _ALL_POSITIONS]
        + [(LEAP, colour, 0) for colour in (0, 1, 2)]
        + [(WITHDRAW_HAND, card, 0) for card in range(len(CARD_NAMES))]
        + [(WITHDRAW_TREE, p, 0) for p in _ALL_POSITIONS]
        + [PASS_ACTION]
    )
}


def action_to_move(action: Action) -> dict[str, Any]:
    """The JSON notation of an action (tree numbers from the mover's side);
    a fresh dict the caller may keep or change."""
    template = _MOVE_TEMPLATES.get(action)
    return template.copy() if template is not None else _build_move(action)


def actions_to_moves(actions: list[Action]) -> list[dict[str, Any]]:
    """``action_to_move`` for a whole list (the hot path of ``legal_moves``)."""
    templates = _MOVE_TEMPLATES
    return [templates[action].copy() for action in actions]


# -- legality ------------------------------------------------------------------
def check_action(state: State, action: Action) -> None:
    """Raise ``IllegalMove`` unless ``action`` is legal for the player to move."""
    if state.phase == OVER:
        raise IllegalMove("the game is over")
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    name = SEATS[seat]
    kind, a, b = action
    if state.phase == SETUP:
        if kind != PLACE:
            raise IllegalMove("only druid placements are legal during setup")
        if state.druid_position(seat, a) >= 0:
            raise IllegalMove(f"{name} has already placed the {COLOURS[a]} druid")
        _check_open_tree(state, b, name)
        if state.druid[b] != NO_DRUID:
            raise IllegalMove(f"{name}'s tree {TREE_NUMBER[b]} already has a druid")
        return
    if kind == PLACE:
        raise IllegalMove("druids are placed only during setup")
    if kind == WALTZ:
        if a not in state.hand[seat]:
            raise IllegalMove(f"card {CARD_NAMES[a]} is not in {name}'s hand")
        _check_open_tree(state, b, name)
    elif kind == LEAP:
        if state.flipped_count(seat):
            raise IllegalMove(f"{name} can no longer leap: one of their trees has been flipped")
        if state.druid_position(seat, a) < 0:
            raise IllegalMove(f"{name}'s {COLOURS[a]} druid is not on a tree")
        if state.free_tree(seat) < 0:
            raise IllegalMove(f"{name} has no tree without a druid to leap to")
    elif kind == WITHDRAW_HAND:
        if a not in state.hand[seat]:
            raise IllegalMove(f"card {CARD_NAMES[a]} is not in {name}'s hand")
    elif kind == WITHDRAW_TREE:
        _check_open_tree(state, a, name)
        if not state.up[a]:
            raise IllegalMove(f"{name}'s tree {TREE_NUMBER[a]} has no card to withdraw")
    elif kind == PASS:
        if legal_actions(state) != [PASS_ACTION]:
            raise IllegalMove("pass is legal only when no waltz, leap or withdraw is")
    else:  # pragma: no cover - actions come from move_to_action or legal_actions
        raise IllegalMove(f"unknown action {action!r}")


def _check_open_tree(state: State, position: int, name: str) -> None:
    if state.flipped[position]:
        raise IllegalMove(f"{name}'s tree {TREE_NUMBER[position]} is flipped")
