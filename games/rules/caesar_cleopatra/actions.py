"""Action cards, the Veto question, the Spy choice and the castling (section 6).

An action card goes face up to its player's discard pile at once. Then the
opponent is asked "veto or not" while one of their Vetos is not in their
discard pile (a pending ``veto``); otherwise, or after ``no_veto``, the
action is carried out. Spy and Castling need one more decision of the
current player (a pending ``spy`` / ``castle``); a Spy and a Veto end with a
pending ``draw`` of one card for the opponent. When nothing is pending any
more the turn goes on at ``step`` (``resume``).
"""

from __future__ import annotations

from ..base import Event
from .constants import (
    ASSASSINATION,
    CARD_KIND,
    CARD_NAMES,
    CASTLING,
    GROUPS,
    P_CASTLE,
    P_DRAW,
    P_SPY,
    P_VETO,
    PLACE,
    PLACED,
    SCOUT,
    SEATS,
    SPY,
    START,
    VETO,
    WRATH,
    card_code,
    card_list,
)
from .moves import A_VETO, Action, action_to_move
from .state import State


def play_action_card(state: State, seat: int, action: Action, events: list[Event] | None) -> None:
    """Play an action card (legal: in hand, with its target)."""
    card = action[1]
    state.hand[seat].remove(card)
    state.discard[seat].append(card)
    state.action_played = True
    if state.step == START:
        state.step = PLACE
    opponent = 1 - seat
    if events is not None:
        event = action_to_move(action)
        event["type"] = "action"
        event["player"] = SEATS[seat]
        events.append(event)
    veto = card_code(opponent, VETO)
    if state.discard[opponent].count(veto) < 2:
        # Ruling: asked while one of their Vetos is not in their discard
        # pile, whether or not they hold one (asking only the holder would
        # tell the hand).
        state.pending = (P_VETO, opponent, action)
        if events is not None:
            events.append(
                {"type": "veto_question", "player": SEATS[opponent], "card": CARD_NAMES[card]}
            )
        return
    carry_out(state, seat, action, events)


def answer_veto(state: State, action: Action, events: list[Event] | None) -> None:
    assert state.pending is not None  # the Veto question being answered
    _, opponent, played = state.pending
    if action[0] == A_VETO:
        veto = card_code(opponent, VETO)
        state.hand[opponent].remove(veto)
        state.discard[opponent].append(veto)
        # The vetoed card stays in the discard pile and still counts as the
        # turn's action card; the vetoing player draws one card at once.
        state.pending = (P_DRAW, opponent, 1)
        if events is not None:
            events.append(
                {
                    "type": "veto",
                    "player": SEATS[opponent],
                    "card": CARD_NAMES[veto],
                    "vetoed": CARD_NAMES[played[1]],
                }
            )
        return
    state.pending = None
    if events is not None:
        events.append({"type": "no_veto", "player": SEATS[opponent], "card": CARD_NAMES[played[1]]})
    carry_out(state, 1 - opponent, played, events)


def carry_out(state: State, seat: int, action: Action, events: list[Event] | None) -> None:
    """The effect of an action card that was not vetoed."""
    _, card, group, arg = action
    kind = CARD_KIND[card]
    opponent = 1 - seat
    if kind == ASSASSINATION:
        state.up[group * 2 + opponent].remove(arg)
        state.discard[opponent].append(arg)
        if events is not None:
            events.append(
                {
                    "type": "assassination",
                    "player": SEATS[seat],
                    "owner": SEATS[opponent],
                    "group": GROUPS[group],
                    "card": CARD_NAMES[arg],
                }
            )
    elif kind == SPY:
        state.pending = (P_SPY, seat)
        if events is not None:
            hand = state.hand[opponent]
            events.append(
                {
                    "type": "spy_look",
                    "player": SEATS[seat],
                    "opponent": SEATS[opponent],
                    "count": len(hand),
                    "secret": {SEATS[seat]: {"hand": card_list(hand)}},
                }
            )
        return
    elif kind == CASTLING:
        state.pending = (P_CASTLE, seat, group, arg)
        if events is not None:
            events.append(
                {
                    "type": "castling",
                    "player": SEATS[seat],
                    "groups": [GROUPS[group], GROUPS[arg]],
                    "count": state.own_count(group, seat) + state.own_count(arg, seat),
                }
            )
        return
    elif kind == SCOUT:
        index = group * 2 + opponent
        revealed = state.down[index]
        state.up[index].extend(revealed)
        state.down[index] = []
        if events is not None:
            events.append(
                {
                    "type": "scout",
                    "player": SEATS[seat],
                    "opponent": SEATS[opponent],
                    "group": GROUPS[group],
                    "cards": card_list(revealed),
                }
            )
    elif kind == WRATH:
        removed = {}
        for side in (0, 1):
            index = group * 2 + side
            cards = state.down[index] + state.up[index]
            state.discard[side].extend(cards)
            state.down[index] = []
            state.up[index] = []
            removed[SEATS[side]] = card_list(cards)
        if events is not None:
            events.append(
                {"type": "wrath", "player": SEATS[seat], "group": GROUPS[group], "removed": removed}
            )
    resume(state, events)


def spy_choice(state: State, action: Action, events: list[Event] | None) -> None:
    seat = state.current
    assert seat is not None  # only an ended game has nobody to move
    opponent = 1 - seat
    card = action[1]
    state.hand[opponent].remove(card)
    state.discard[opponent].append(card)
    state.pending = (P_DRAW, opponent, 1)
    if events is not None:
        events.append(
            {
                "type": "spy",
                "player": SEATS[seat],
                "opponent": SEATS[opponent],
                "card": CARD_NAMES[card],
            }
        )


def castle(state: State, action: Action, events: list[Event] | None) -> None:
    """Ruling: every card taken goes face down to one of the two groups."""
    seat = state.current
    assert seat is not None  # only an ended game has nobody to move
    _, g1, first, g2, second = action
    for group, cards in ((g1, first), (g2, second)):
        index = group * 2 + seat
        state.down[index] = list(cards)
        state.up[index] = []
    state.pending = None
    if events is not None:
        events.append(
            {
                "type": "castle",
                "player": SEATS[seat],
                "groups": {GROUPS[g1]: len(first), GROUPS[g2]: len(second)},
                "secret": {
                    SEATS[seat]: {
                        "cards": {GROUPS[g1]: card_list(first), GROUPS[g2]: card_list(second)}
                    }
                },
            }
        )
    resume(state, events)


def resume(state: State, events: list[Event] | None) -> None:
    """Back in the turn after an action: a placement that is due but cannot
    be made any more is skipped (section 3, ruling on order)."""
    if state.pending is None and state.step == PLACE:
        current = state.current
        assert current is not None  # a turn at step place has its player
        if not state.can_place(current):
            state.step = PLACED
            if events is not None:
                events.append({"type": "placement_skipped", "player": SEATS[current]})
