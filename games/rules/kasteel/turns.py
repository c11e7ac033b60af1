"""The flow of play: a turn, the dice and doubles, discarding, who moves
next, and the dealing rounds and cycles (sections 5 and 9).

``play`` is the single implementation of a move, used by ``apply`` (with
an ``events`` list) and by the fast path (``events=None``, no events built).
"""

from __future__ import annotations

from ..base import Event
from ..rng import derive_rng
from .constants import (
    CARDS_PER_SEAT,
    NUMBER_VALUE,
    OVER,
    PIECES,
    card_name,
    piece_name,
    seat_name,
)
from .moves import DICE, MOVE, PLACE, TOTAL, Action
from .scoring import end_by_limit
from .setup import deal_cards, new_cycle, place
from .state import State
from .walking import walk


def play(state: State, action: Action, events: list[Event] | None = None) -> None:
    """Carry out a legal ``action`` on ``state`` IN PLACE.

    The action must be legal (``moves.check_action``); ``play`` does not
    check it again. ``events``: a list to append the public events to, or
    ``None`` to build none.
    """
    kind = action[0]
    if kind == MOVE:
        _play_card(state, action[1], action[2], action[3], events)
    elif kind == DICE:
        _decide(state, action[1], events)
    elif kind == PLACE:
        place(state, action[1] % PIECES, events)
    else:
        _discard(state, events)


def roll_dice(state: State) -> tuple[int, int]:
    """The next pair of dice of the turn under way, from the seed."""
    rng = derive_rng(state.seed, state.turn, "roll", state.turn_rolls)
    state.turn_rolls += 1
    return rng.randint(1, 6), rng.randint(1, 6)


def _play_card(
    state: State, card: int, piece: int, number: int, events: list[Event] | None
) -> None:
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    hand = state.hands[seat]
    hand.remove(card)
    state.discard.append(card)
    state.roll = None
    if events is not None:
        events.append(
            {
                "type": "play",
                "seat": seat_name(seat),
                "card": card_name(card),
                "piece": piece_name(piece),
                "number": card_name(number) if number >= 0 else None,
            }
        )
    if number >= 0:
        hand.remove(number)
        state.discard.append(number)
        walk(state, piece, NUMBER_VALUE[number % CARDS_PER_SEAT], card // CARDS_PER_SEAT, events)
        _end_turn(state, seat, events)
        return
    _roll_and_walk(state, seat, piece, card, events)


def _roll_and_walk(
    state: State, seat: int, piece: int, card: int, events: list[Event] | None
) -> None:
    first, second = state.roll = roll_dice(state)
    if events is not None:
        events.append(
            {
                "type": "roll",
                "seat": seat_name(seat),
                "piece": piece_name(piece),
                "dice": [first, second],
                "doubles": first == second,
            }
        )
    if first == second:
        state.pending = (piece, card, first)
        return
    walk(state, piece, first + second, card // CARDS_PER_SEAT, events)
    _end_turn(state, seat, events)


def _decide(state: State, choice: int, events: list[Event] | None) -> None:
    """The doubles decision: walk the total, or one die and roll again."""
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    assert state.pending is not None  # the decision that doubles left open
    piece, card, die = state.pending
    state.pending = None
    state.roll = None
    if events is not None:
        events.append(
            {
                "type": "dice",
                "seat": seat_name(seat),
                "choice": "total" if choice == TOTAL else "one",
                "dice": [die, die],
            }
        )
    colour = card // CARDS_PER_SEAT
    if choice == TOTAL:
        walk(state, piece, die + die, colour, events)
        _end_turn(state, seat, events)
        return
    walk(state, piece, die, colour, events)
    if state.phase == OVER or state.on_target(piece):
        _end_turn(state, seat, events)
        return
    _roll_and_walk(state, seat, piece, card, events)


def _discard(state: State, events: list[Event] | None) -> None:
    seat = state.to_move
    assert seat is not None  # only an ended game has nobody to move
    cards = state.hands[seat]
    state.discard.extend(cards)
    state.hands[seat] = []
    state.roll = None
    if events is not None:
        events.append(
            {"type": "discard", "seat": seat_name(seat), "cards": [card_name(c) for c in cards]}
        )
    _end_turn(state, seat, events)


def _end_turn(state: State, seat: int, events: list[Event] | None) -> None:
    """After a turn: the next seat to the left holding cards moves; when no
    one holds any, the next deal (or the next cycle, or the length limit)."""
    state.turn += 1
    state.turn_rolls = 0
    if state.phase == OVER:
        return
    n = state.n
    hands = state.hands
    for k in range(1, n + 1):
        following = (seat + k) % n
        if hands[following]:
            if events is not None:
                for skipped in range(1, k):
                    events.append({"type": "skip", "seat": seat_name((seat + skipped) % n)})
            state.to_move = following
            return
    if state.deal < 3:
        deal_cards(state, events)
    elif state.limit is not None and state.cycle >= state.limit:
        end_by_limit(state, events)
        return
    else:
        new_cycle(state, events)
    state.to_move = (state.dealer + 1) % n
