"""Moves: the internal action tuples and the JSON notation of section 8.

Internally a move is a tuple of small ints, cheap to generate and compare in
a search (``kind`` first; cards are codes, groups 0..4):

==============================================  ===========================================
``(A_SETUP, (c0, c1, c2, c3, c4))``              the five face-down cards, per group
``(A_PASS, (codes...))``                         pass, discarding these cards (sorted)
``(A_PLACE, card, group, face)``                 face 0 down, 1 up
``(A_ACTION, card, group, arg)``                 assassination: ``arg`` the target card;
                                                 castling: ``group < arg`` the two groups;
                                                 scout, wrath: ``arg`` -1; spy: both -1
``(A_VETO,)``, ``(A_NO_VETO,)``                  the answer to a pending Veto question
``(A_SPY, card)``                                the opponent's card to discard
``(A_CASTLE, g1, (codes...), g2, (codes...))``   the new distribution, ``g1 < g2``, sorted
``(A_DRAW, influence, action)``                  cards drawn from each pile
==============================================  ===========================================

``move_to_action`` checks that a JSON move is in the notation (else
``MalformedMove``); whether it is legal now is ``legality.check_action``'s
business. Equal moves give equal tuples (lists of cards are sorted), so
"identical cards are interchangeable" comes for free.
"""

from __future__ import annotations

from typing import Any

from ..base import MalformedMove
from ..common import move_type, only_keys, short
from .constants import (
    ACTION_NAMES,
    ASSASSINATION,
    CARD_INDEX,
    CARD_KIND,
    CARD_NAMES,
    CASTLING,
    GROUP_INDEX,
    GROUPS,
    IS_ACTION,
    IS_INFLUENCE,
    SCOUT,
    SPY,
    WRATH,
)

A_SETUP = 0
A_PASS = 1
A_PLACE = 2
A_ACTION = 3
A_VETO = 4
A_NO_VETO = 5
A_SPY = 6
A_CASTLE = 7
A_DRAW = 8

DOWN = 0
UP = 1
FACES = ("down", "up")

# An action: its kind (A_PLACE...) first, then ints or tuples of card codes whose
# shape the kind decides (move_to_action lists them); the fast path's currency.
Action = tuple[Any, ...]
VETO_ACTION: Action = (A_VETO,)
NO_VETO_ACTION: Action = (A_NO_VETO,)

_MOVE_KEYS = {
    "setup": ({"type", "cards"}, {"type", "cards"}),
    "pass": ({"type", "discard"}, {"type", "discard"}),
    "place": ({"type", "card", "group", "face"}, {"type", "card", "group", "face"}),
    "action": ({"type", "card"}, {"type", "card", "group", "target", "groups"}),
    "veto": ({"type"}, {"type"}),
    "no_veto": ({"type"}, {"type"}),
    "spy": ({"type", "card"}, {"type", "card"}),
    "castle": ({"type", "cards"}, {"type", "cards"}),
    "draw": ({"type", "influence", "action"}, {"type", "influence", "action"}),
}
MOVE_TYPES = tuple(_MOVE_KEYS)

# The keys an action move carries besides type and card, per action card.
_ACTION_KEYS = {
    ASSASSINATION: ("group", "target"),
    SPY: (),
    CASTLING: ("groups",),
    SCOUT: ("group",),
    WRATH: ("group",),
}


def _card(value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in CARD_INDEX:
        raise MalformedMove(f"{where} must be a card name like C3, RP or C-spy, got {short(value)}")
    return CARD_INDEX[value]


def _influence(value: Any, where: str) -> int:
    code = _card(value, where)
    if not IS_INFLUENCE[code]:
        raise MalformedMove(f"{where} must be an influence card (1..5 or P), got {value}")
    return code


def _group(value: Any, where: str) -> int:
    if not isinstance(value, str) or value not in GROUP_INDEX:
        raise MalformedMove(f"{where} must be one of {', '.join(GROUPS)}, got {short(value)}")
    return GROUP_INDEX[value]


def _cards(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise MalformedMove(f"{where} must be a list of card names, got {short(value)}")
    return tuple(sorted(_card(item, f"{where}[{index}]") for index, item in enumerate(value)))


def _count(value: Any, where: str) -> int:
    if type(value) is not int or value < 0:
        raise MalformedMove(f"{where} must be an integer >= 0, got {short(value)}")
    return value


def move_to_action(move: Any) -> Action:
    """Translate a JSON move to an action tuple; ``MalformedMove`` for
    anything outside the notation of section 8."""
    kind = move_type(move, MOVE_TYPES)
    required, allowed = _MOVE_KEYS[kind]
    only_keys(move, kind, allowed)
    for key in sorted(required):
        if key not in move:
            raise MalformedMove(f"a {kind} move needs {key!r}")
    if kind == "place":
        face = move["face"]
        if face not in FACES:
            raise MalformedMove(f'face must be "down" or "up", got {short(face)}')
        return (
            A_PLACE,
            _influence(move["card"], "card"),
            _group(move["group"], "group"),
            FACES.index(face),
        )
    if kind == "action":
        return _action_move(move)
    if kind == "draw":
        return (A_DRAW, _count(move["influence"], "influence"), _count(move["action"], "action"))
    if kind == "veto":
        return VETO_ACTION
    if kind == "no_veto":
        return NO_VETO_ACTION
    if kind == "spy":
        return (A_SPY, _card(move["card"], "card"))
    if kind == "pass":
        return (A_PASS, _cards(move["discard"], "discard"))
    if kind == "setup":
        return _setup_move(move["cards"])
    return _castle_move(move["cards"])


def _setup_move(cards: Any) -> Action:
    if not isinstance(cards, dict):
        raise MalformedMove(f"cards must map each group to a card, got {short(cards)}")
    for key in cards:
        if key not in GROUP_INDEX:
            raise MalformedMove(f"cards: unknown group {short(key)}; use {', '.join(GROUPS)}")
    for group in GROUPS:
        if group not in cards:
            raise MalformedMove(f"cards: missing group {group!r}; a setup names all five groups")
    return (A_SETUP, tuple(_influence(cards[group], f"cards.{group}") for group in GROUPS))


def _castle_move(cards: Any) -> Action:
    if not isinstance(cards, dict) or len(cards) != 2:
        raise MalformedMove(
            f"cards must map the two groups of the castling to card lists, got {short(cards)}"
        )
    parts = []
    for key, value in cards.items():
        group = _group(key, "cards: a key")
        parts.append((group, _cards(value, f"cards.{key}")))
    parts.sort()
    (g1, first), (g2, second) = parts
    if g1 == g2:  # pragma: no cover - JSON object keys are distinct
        raise MalformedMove("cards must name two different groups")
    return (A_CASTLE, g1, first, g2, second)


def _action_move(move: dict[str, Any]) -> Action:
    card = _card(move["card"], "card")
    if not IS_ACTION[card]:
        raise MalformedMove(f"card must be an action card like C-spy, got {CARD_NAMES[card]}")
    kind = CARD_KIND[card]
    wanted = _ACTION_KEYS.get(kind, ())
    for key in ("group", "target", "groups"):
        if key in move and key not in wanted:
            name = ACTION_NAMES[kind - ASSASSINATION]
            raise MalformedMove(f"unexpected key {key!r} in a {name} action")
    for key in wanted:
        if key not in move:
            raise MalformedMove(f"a {ACTION_NAMES[kind - ASSASSINATION]} action needs {key!r}")
    if kind == ASSASSINATION:
        return (
            A_ACTION,
            card,
            _group(move["group"], "group"),
            _influence(move["target"], "target"),
        )
    if kind in (SCOUT, WRATH):
        return (A_ACTION, card, _group(move["group"], "group"), -1)
    if kind == CASTLING:
        groups = move["groups"]
        if not isinstance(groups, list) or len(groups) != 2:
            raise MalformedMove(f"groups must be a list of two groups, got {short(groups)}")
        g1, g2 = sorted(_group(name, "groups[]") for name in groups)
        if g1 == g2:
            raise MalformedMove(f"groups must be two different groups, got {short(groups)}")
        return (A_ACTION, card, g1, g2)
    return (A_ACTION, card, -1, -1)  # spy, and a veto (refused as an action by legality)


# -- back to JSON ------------------------------------------------------------------
def _names(codes: tuple[int, ...] | list[int]) -> list[str]:
    return [CARD_NAMES[code] for code in codes]


def action_to_move(action: Action) -> dict[str, Any]:
    """The JSON notation of an action tuple (a fresh dict)."""
    kind = action[0]
    if kind == A_PLACE:
        return {
            "type": "place",
            "card": CARD_NAMES[action[1]],
            "group": GROUPS[action[2]],
            "face": FACES[action[3]],
        }
    if kind == A_DRAW:
        return {"type": "draw", "influence": action[1], "action": action[2]}
    if kind == A_ACTION:
        _, card, group, arg = action
        move: dict[str, Any] = {"type": "action", "card": CARD_NAMES[card]}
        card_kind = CARD_KIND[card]
        if card_kind == ASSASSINATION:
            move["group"] = GROUPS[group]
            move["target"] = CARD_NAMES[arg]
        elif card_kind == CASTLING:
            move["groups"] = [GROUPS[group], GROUPS[arg]]
        elif card_kind in (SCOUT, WRATH):
            move["group"] = GROUPS[group]
        return move
    if kind == A_PASS:
        return {"type": "pass", "discard": _names(action[1])}
    if kind == A_VETO:
        return {"type": "veto"}
    if kind == A_NO_VETO:
        return {"type": "no_veto"}
    if kind == A_SPY:
        return {"type": "spy", "card": CARD_NAMES[action[1]]}
    if kind == A_CASTLE:
        _, g1, first, g2, second = action
        return {"type": "castle", "cards": {GROUPS[g1]: _names(first), GROUPS[g2]: _names(second)}}
    return {
        "type": "setup",
        "cards": {group: CARD_NAMES[code] for group, code in zip(GROUPS, action[1])},
    }


def actions_to_moves(actions: list[Action]) -> list[dict[str, Any]]:
    return [action_to_move(action) for action in actions]
