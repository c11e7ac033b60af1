"""The vote check at the end of an active turn, and the vote (sections 3-4).

``vote_check`` holds an extraordinary vote at every group with 8 or more
cards (group order), or else turns vote cards: a group's card with
patricians left holds a vote there (the card goes to the vote discard
pile), one of a finished group is put aside for good and the next card is
turned, an Orgy goes to the discard pile, and "Orgy / reshuffle" shuffles
deck and discard pile (itself included) into a new deck with
``derive_rng(seed, turn, "vote")``.

``hold_vote`` is section 4 with the philosopher ruling as one rule:
philosophers cancel in pairs; if the players have different numbers at the
group the lower total wins, otherwise the higher. After a decided vote the
higher total removes its highest ordinary card, the lower total its lowest,
then every philosopher there is discarded; when the last patrician of the
group is won, every card there goes to its owner's discard pile.
"""

from __future__ import annotations

from typing import Any

from ..base import Event
from ..rng import derive_rng
from .constants import (
    CARD_VALUE,
    EXTRAORDINARY,
    GROUPS,
    IS_PHILOSOPHER,
    N_GROUPS,
    SEATS,
    V_ORGY,
    V_RESHUFFLE,
    VOTE_NAMES,
    card_list,
)
from .state import State


def vote_check(state: State, turn: int, events: list[Event] | None) -> bool:
    """Step 2 of the end of an active turn; True when the last patrician
    has been won (the game ends at once)."""
    extraordinary = [
        group for group in range(N_GROUPS) if state.group_count(group) >= EXTRAORDINARY
    ]
    if extraordinary:
        for group in extraordinary:
            if events is not None:
                events.append({"type": "extraordinary_vote", "group": GROUPS[group]})
            hold_vote(state, group, True, events)
            if not any(state.patricians):
                return True
        return False
    deck = state.vote_deck
    while True:
        card = deck.pop()
        if card < N_GROUPS:
            if not state.patricians[card]:
                state.vote_aside.append(card)
                if events is not None:
                    events.append(
                        {"type": "vote_card", "card": VOTE_NAMES[card], "effect": "aside"}
                    )
                continue
            state.vote_discard.append(card)
            if events is not None:
                events.append({"type": "vote_card", "card": VOTE_NAMES[card], "effect": "vote"})
            hold_vote(state, card, False, events)
            return not any(state.patricians)
        if card == V_ORGY:
            state.vote_discard.append(card)
            if events is not None:
                events.append({"type": "vote_card", "card": VOTE_NAMES[card], "effect": "orgy"})
            return False
        # V_RESHUFFLE: every vote card not put aside forms a new deck.
        cards = sorted(deck + state.vote_discard + [V_RESHUFFLE])
        derive_rng(state.seed, turn, "vote").shuffle(cards)
        cards.reverse()  # internal order: top at the end
        state.vote_deck = cards
        state.vote_discard = []
        if events is not None:
            events.append({"type": "vote_card", "card": VOTE_NAMES[card], "effect": "reshuffle"})
            events.append({"type": "vote_reshuffle", "count": len(cards)})
        return False


def hold_vote(state: State, group: int, extraordinary: bool, events: list[Event] | None) -> None:
    base = group * 2
    down, up = state.down, state.up
    if events is not None and (down[base] or down[base + 1]):
        events.append(
            {
                "type": "reveal",
                "group": GROUPS[group],
                "cards": {SEATS[side]: card_list(down[base + side]) for side in (0, 1)},
            }
        )
    for side in (0, 1):
        if down[base + side]:
            up[base + side].extend(down[base + side])
            down[base + side] = []
    cards = (up[base], up[base + 1])
    totals = [sum(CARD_VALUE[card] for card in cards[side]) for side in (0, 1)]
    philosophers = [sum(1 for card in cards[side] if IS_PHILOSOPHER[card]) for side in (0, 1)]
    reverse = philosophers[0] != philosophers[1]
    if totals[0] == totals[1]:
        if events is not None:
            events.append(_vote_event(group, extraordinary, totals, philosophers, reverse, None))
        return
    higher = 0 if totals[0] > totals[1] else 1
    lower = 1 - higher
    winner = lower if reverse else higher
    state.patricians[group] -= 1
    state.won[winner][group] += 1
    if events is not None:
        events.append(_vote_event(group, extraordinary, totals, philosophers, reverse, winner))
        events.append(
            {
                "type": "patrician",
                "player": SEATS[winner],
                "group": GROUPS[group],
                "won": state.won[winner][group],
                "remaining": state.patricians[group],
            }
        )
    for side, reason in ((higher, "highest"), (lower, "lowest")):
        ordinary = [card for card in cards[side] if not IS_PHILOSOPHER[card]]
        if ordinary:
            # Within one player's cards the codes grow with the value.
            card = max(ordinary) if reason == "highest" else min(ordinary)
            _remove(state, group, side, [card], reason, events)
    for side in (0, 1):
        wise = [card for card in cards[side] if IS_PHILOSOPHER[card]]
        if wise:
            _remove(state, group, side, wise, "philosophers", events)
    if not state.patricians[group]:
        for side in (0, 1):
            if cards[side]:
                _remove(state, group, side, list(cards[side]), "group_complete", events)


def _remove(
    state: State, group: int, side: int, cards: list[int], reason: str, events: list[Event] | None
) -> None:
    pile = state.up[group * 2 + side]
    for card in cards:
        pile.remove(card)
    state.discard[side].extend(cards)
    if events is not None:
        events.append(
            {
                "type": "remove",
                "player": SEATS[side],
                "group": GROUPS[group],
                "cards": card_list(cards),
                "reason": reason,
            }
        )


def _vote_event(
    group: int,
    extraordinary: bool,
    totals: list[int],
    philosophers: list[int],
    reverse: bool,
    winner: int | None,
) -> dict[str, Any]:
    return {
        "type": "vote",
        "group": GROUPS[group],
        "extraordinary": extraordinary,
        "totals": {SEATS[side]: totals[side] for side in (0, 1)},
        "philosophers": {SEATS[side]: philosophers[side] for side in (0, 1)},
        "reversed": reverse,
        "result": "tie" if winner is None else "win",
        "winner": SEATS[winner] if winner is not None else None,
    }


