"""Moves: the internal action tuples, the JSON notation, and legality.

Internally an action is a tuple ``(kind, a, b, c)`` of small ints:

=============================  ==============================================
``(PLACE, piece, 0, 0)``       setup: put the piece into the next home place
``(MOVE, card, piece, num)``   designate ``piece`` with ``card``; ``num`` the
                               number card, or -1 to roll the dice
``(DICE, choice, 0, 0)``       after doubles: 0 walk the total, 1 walk one die
``(DISCARD, 0, 0, 0)``         no move possible: discard the whole hand
=============================  ==============================================

``move_to_action`` checks the notation (``MalformedMove``), ``check_action``
legality (``IllegalMove``, with a precise reason that names only the
mover's own cards), ``legal_actions`` lists every legal action once.
"""

from __future__ import annotations

from typing import Any

from ..base import IllegalMove, MalformedMove
from ..common import move_type, only_keys, short
from .constants import (
    CARDS_PER_SEAT,
    CASTLE,
    FIRST_NUMBER,
    JACK,
    JOKER,
    OVER,
    PIECES,
    RANK_WORDS,
    SETUP,
    SQUARES_PER_SEAT,
    card_index,
    card_name,
    describe_location,
    piece_index,
    piece_name,
)
from .state import State

PLACE = 0
MOVE = 1
DICE = 2
DISCARD = 3

TOTAL = 0
ONE = 1
CHOICES = ("total", "one")

Action = tuple[int, int, int, int]
DISCARD_ACTION: Action = (DISCARD, 0, 0, 0)
DICE_ACTIONS: list[Action] = [(DICE, TOTAL, 0, 0), (DICE, ONE, 0, 0)]

_MOVE_KEYS = {
    "place": ({"type", "piece"}, set()),
    "move": ({"type", "card", "piece"}, {"number"}),
    "dice": ({"type", "choice"}, set()),
    "discard": ({"type"}, set()),
}


# -- generation ----------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    """Every legal action of the seat to move, each once."""
    if state.phase == OVER:
        return []
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    if state.phase == SETUP:
        placed = state.order[seat]
        base = seat * PIECES
        return [(PLACE, base + rank, 0, 0) for rank in range(PIECES) if rank not in placed]
    if state.pending is not None:
        return DICE_ACTIONS[:]
    hand = state.hands[seat]
    n = state.n
    first_round = state.turn < n
    partner = -1 if first_round or not state.teams else (seat + n // 2) % n
    numbers = [card for card in hand if card % CARDS_PER_SEAT >= FIRST_NUMBER]
    can_walk = state.can_walk
    actions: list[Action] = []
    append = actions.append
    for card in hand:
        kind = card % CARDS_PER_SEAT
        if kind < PIECES:
            pieces = [seat * PIECES + kind]
            if partner >= 0:
                pieces.append(partner * PIECES + kind)
            for piece in pieces:
                if can_walk(piece):
                    append((MOVE, card, piece, -1))
                    for number in numbers:
                        append((MOVE, card, piece, number))
        elif first_round or kind >= FIRST_NUMBER:
            continue
        elif kind == JOKER:
            for owner in (seat, partner) if partner >= 0 else (seat,):
                for piece in range(owner * PIECES, owner * PIECES + PIECES):
                    if can_walk(piece):
                        append((MOVE, card, piece, -1))
        else:  # the Jack
            loc = state.loc
            ring = SQUARES_PER_SEAT * n
            for owner in range(n):
                if not state.is_foe(seat, owner):
                    continue
                start = SQUARES_PER_SEAT * owner
                for piece in range(owner * PIECES, owner * PIECES + PIECES):
                    where = loc[piece]
                    if 0 <= where < ring and where != start:
                        append((MOVE, card, piece, -1))
    if not actions:
        actions.append(DISCARD_ACTION)
    return actions


# -- notation --------------------------------------------------------------------
def _card(move: dict[str, Any], key: str, n: int) -> int:
    name = move.get(key)
    index = card_index(n)
    if not isinstance(name, str) or name not in index:
        raise MalformedMove(
            f"{key} must be a card like K/0, J/1, F/0 or 3/1 (colours 0..{n - 1}), "
            f"got {short(name)}"
        )
    return index[name]


def _piece(move: dict[str, Any], n: int) -> int:
    name = move.get("piece")
    index = piece_index(n)
    if not isinstance(name, str) or name not in index:
        raise MalformedMove(
            f"piece must be a piece like 0:K (seat 0..{n - 1}, rank one of KDCBPSX), "
            f"got {short(name)}"
        )
    return index[name]


def move_to_action(move: Any, state: State) -> Action:
    """Translate a JSON move to an action tuple; ``MalformedMove`` if it is
    not in the notation of section 12."""
    kind = move_type(move, _MOVE_KEYS)
    required, optional = _MOVE_KEYS[kind]
    only_keys(move, kind, required | optional)
    for key in sorted(required):
        if key not in move:
            raise MalformedMove(f"a {kind} move needs {key!r}")
    n = state.n
    if kind == "place":
        return (PLACE, _piece(move, n), 0, 0)
    if kind == "move":
        card = _card(move, "card", n)
        piece = _piece(move, n)
        number = -1
        if "number" in move:
            number = _card(move, "number", n)
            if number % CARDS_PER_SEAT < FIRST_NUMBER:
                raise MalformedMove(f"number must be a number card (1..4), got {card_name(number)}")
        return (MOVE, card, piece, number)
    if kind == "dice":
        choice = move.get("choice")
        if choice not in CHOICES:
            raise MalformedMove(f'choice must be "total" or "one", got {short(choice)}')
        return (DICE, CHOICES.index(choice), 0, 0)
    return DISCARD_ACTION


def action_to_move(action: Action) -> dict[str, Any]:
    """The JSON notation of an action (a fresh dict)."""
    kind, a, b, c = action
    if kind == MOVE:
        move = {"type": "move", "card": card_name(a), "piece": piece_name(b)}
        if c >= 0:
            move["number"] = card_name(c)
        return move
    if kind == PLACE:
        return {"type": "place", "piece": piece_name(a)}
    if kind == DICE:
        return {"type": "dice", "choice": CHOICES[a]}
    return {"type": "discard"}


def actions_to_moves(actions: list[Action]) -> list[dict[str, Any]]:
    return [action_to_move(action) for action in actions]


# -- legality --------------------------------------------------------------------
def check_action(state: State, action: Action) -> None:
    """Raise ``IllegalMove`` unless ``action`` is legal for the seat to move."""
    if state.phase == OVER:
        raise IllegalMove("the game is over")
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    kind, a, b, c = action
    if state.phase == SETUP:
        if kind != PLACE:
            raise IllegalMove(f"during setup the only move is place (seat {seat} places pieces)")
        if a // PIECES != seat:
            raise IllegalMove(f"seat {seat} places its own pieces, not {piece_name(a)}")
        if a % PIECES in state.order[seat]:
            raise IllegalMove(f"{piece_name(a)} is already in seat {seat}'s home")
        return
    if kind == PLACE:
        raise IllegalMove("pieces are placed only during setup")
    if state.pending is not None:
        if kind != DICE:
            piece, card, die = state.pending
            raise IllegalMove(
                f"seat {seat} rolled doubles {die}+{die} for {piece_name(piece)}: "
                'choose dice "total" or "one" first'
            )
        return
    if kind == DICE:
        raise IllegalMove("there is no doubles decision pending")
    if kind == DISCARD:
        actions = legal_actions(state)
        if actions != [DISCARD_ACTION]:
            example = action_to_move(actions[0])
            raise IllegalMove(
                f"discarding is allowed only when no card can be played; "
                f"{example['card']} can move {example['piece']}"
            )
        return
    _check_card_play(state, seat, a, b, c)


def _check_card_play(state: State, seat: int, card: int, piece: int, number: int) -> None:
    hand = state.hands[seat]
    name = card_name(card)
    if card not in hand:
        raise IllegalMove(f"{name} is not in seat {seat}'s hand")
    kind = card % CARDS_PER_SEAT
    first_round = state.turn < state.n
    if kind >= FIRST_NUMBER:
        raise IllegalMove(
            f"{name} is a number card: it never designates a piece; "
            "add it to a piece card as number"
        )
    if kind in (JOKER, JACK):
        word = "Joker" if kind == JOKER else "Jack"
        if first_round:
            raise IllegalMove(
                f"the {word} may not be played in the first round "
                f"(turn {state.turn + 1} of the first {state.n})"
            )
        if number >= 0:
            raise IllegalMove(f"a number card never goes with a {word}")
    if number >= 0 and number not in hand:
        raise IllegalMove(f"{card_name(number)} is not in seat {seat}'s hand")
    owner = piece // PIECES
    partner = state.partner(seat)
    pname = piece_name(piece)
    if kind == JACK:
        if owner == seat:
            raise IllegalMove(f"the Jack moves a piece of another seat, not seat {seat}'s own")
        if owner == partner:
            raise IllegalMove(f"the Jack never moves a team partner's piece ({pname})")
        loc = state.loc[piece]
        if not 0 <= loc < CASTLE:
            raise IllegalMove(
                f"the Jack moves only a piece on the ring; {pname} is {describe_location(loc)}"
            )
        if loc == SQUARES_PER_SEAT * owner:
            raise IllegalMove(f"{pname} stands on its own start square; the Jack cannot move it")
        return
    if kind < PIECES and piece % PIECES != kind:
        raise IllegalMove(f"{name} designates a {RANK_WORDS[kind]}, and {pname} is not one")
    if owner != seat:
        what = "its own" if kind == JOKER else f"its own {RANK_WORDS[kind]}"
        if owner != partner:
            raise IllegalMove(
                f"{name} moves {what} piece"
                + (" (or a team partner's)" if state.teams else "")
                + f"; {pname} belongs to seat {owner}"
            )
        if first_round:
            raise IllegalMove(
                f"a team partner's pieces may be moved only after the first round ({pname})"
            )
    if not state.can_walk(piece):
        raise IllegalMove(f"{pname} cannot walk: {_why_not(state, piece)}")


def _why_not(state: State, piece: int) -> str:
    loc = state.loc[piece]
    if loc >= CASTLE:
        return "it stands on its castle target and never moves again"
    row = state.home[piece // PIECES]
    return f"it is at home but not first in its home row ({piece_name(row[0])} is)"
