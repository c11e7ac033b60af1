"""The turn flow: ``play``, the one implementation of every decision.

``play(state, action, events)`` carries out a legal action IN PLACE (the
setup placement, pass, placing influence, action cards and their follow-ups,
the draws) and, after the refill of a turn, finishes the turn: the vote
check (active turns only), the end check and the next player's ``start``.
``events`` is a list to append the public events to, or ``None`` to build
none (the fast path).
"""

from __future__ import annotations

from ..base import Event
from .actions import answer_veto, castle, play_action_card, resume, spy_choice
from .constants import (
    CAESAR,
    CARD_NAMES,
    CLEOPATRA,
    GROUPS,
    PASSIVE,
    PLACED,
    PLAY,
    SEATS,
    SECOND,
    START,
)
from .moves import (
    A_ACTION,
    A_CASTLE,
    A_DRAW,
    A_NO_VETO,
    A_PASS,
    A_PLACE,
    A_SETUP,
    A_SPY,
    A_VETO,
    UP,
    Action,
)
from .scoring import end_game
from .state import State
from .vote import vote_check


def play(state: State, action: Action, events: list[Event] | None = None) -> None:
    """Carry out a legal ``action`` on ``state`` IN PLACE (not checked again)."""
    kind = action[0]
    if kind == A_PLACE:
        _place(state, action, events)
    elif kind == A_DRAW:
        _draw(state, action, events)
    elif kind == A_ACTION:
        assert state.current is not None  # only an ended game has nobody to move
        play_action_card(state, state.current, action, events)
    elif kind == A_PASS:
        _pass(state, action[1], events)
    elif kind in (A_VETO, A_NO_VETO):
        answer_veto(state, action, events)
    elif kind == A_SPY:
        spy_choice(state, action, events)
    elif kind == A_CASTLE:
        castle(state, action, events)
    elif kind == A_SETUP:
        _setup(state, action[1], events)
    else:  # pragma: no cover - actions come from move_to_action or legal_actions
        raise ValueError(f"unknown action {action!r}")


def _setup(state: State, cards: tuple[int, ...], events: list[Event] | None) -> None:
    seat = state.current
    assert seat is not None  # only an ended game has nobody to move
    hand = state.hand[seat]
    for group, card in enumerate(cards):
        hand.remove(card)
        state.down[group * 2 + seat].append(card)
    if events is not None:
        events.append(
            {
                "type": "setup",
                "player": SEATS[seat],
                "groups": list(GROUPS),
                "secret": {
                    SEATS[seat]: {
                        "cards": {GROUPS[g]: CARD_NAMES[card] for g, card in enumerate(cards)}
                    }
                },
            }
        )
    if seat == CLEOPATRA:
        state.current = CAESAR
        return
    state.phase = PLAY
    state.current = CLEOPATRA
    state.step = START
    if events is not None:
        events.append({"type": "turn", "player": SEATS[CLEOPATRA], "turn": state.turn})


def _pass(state: State, discard: tuple[int, ...], events: list[Event] | None) -> None:
    seat = state.current
    assert seat is not None  # only an ended game has nobody to move
    hand = state.hand[seat]
    for card in discard:
        hand.remove(card)
    state.discard[seat].extend(discard)
    state.step = PASSIVE
    if events is not None:
        events.append(
            {"type": "pass", "player": SEATS[seat], "discard": [CARD_NAMES[c] for c in discard]}
        )


def _place(state: State, action: Action, events: list[Event] | None) -> None:
    _, card, group, face = action
    seat = state.current
    assert seat is not None  # only an ended game has nobody to move
    state.hand[seat].remove(card)
    if face == UP:
        state.up[group * 2 + seat].append(card)
        state.step = PLACED if state.step == SECOND else SECOND
    else:
        state.down[group * 2 + seat].append(card)
        state.step = PLACED
    if events is not None:
        event: Event = {"type": "place", "player": SEATS[seat], "group": GROUPS[group]}
        if face == UP:
            event["face"] = "up"
            event["card"] = CARD_NAMES[card]
        else:
            event["face"] = "down"
            event["secret"] = {SEATS[seat]: {"card": CARD_NAMES[card]}}
        events.append(event)


def _draw(state: State, action: Action, events: list[Event] | None) -> None:
    _, from_influence, from_actions = action
    pending = state.pending
    seat = pending[1] if pending is not None else state.current
    assert seat is not None  # only an ended game has nobody to move
    drawn = []
    pile = state.influence[seat]
    for _ in range(from_influence):
        drawn.append(pile.pop())
    pile = state.actions[seat]
    for _ in range(from_actions):
        drawn.append(pile.pop())
    state.hand[seat].extend(drawn)
    if events is not None:
        events.append(
            {
                "type": "draw",
                "player": SEATS[seat],
                "influence": from_influence,
                "action": from_actions,
                "reason": "refill" if pending is None else "replacement",
                "secret": {SEATS[seat]: {"cards": [CARD_NAMES[card] for card in drawn]}},
            }
        )
    if pending is not None:  # the card drawn after a Spy or a Veto
        state.pending = None
        resume(state, events)
        return
    _finish_turn(state, events)


def _finish_turn(state: State, events: list[Event] | None) -> None:
    """After the refill: vote check (active turns), end check, next turn."""
    seat = state.current
    assert seat is not None  # only an ended game has nobody to move
    turn = state.turn
    ended = state.step == PLACED and vote_check(state, turn, events)
    state.turn = turn + 1
    if ended or not (state.has_influence(0) or state.has_influence(1)):
        end_game(state, events)
        return
    state.current = 1 - seat
    state.step = START
    state.action_played = False
    if events is not None:
        events.append({"type": "turn", "player": SEATS[1 - seat], "turn": state.turn})
