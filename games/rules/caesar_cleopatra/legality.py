"""Which moves are legal now: ``legal_actions`` (the checks with their
messages are in ``checks``).

``legal_actions`` lists every distinct legal action of the player to move
once (identical cards are interchangeable, so a hand with two ``C3`` gives
one placement per group and face). It is the fast path's move generator and
the reference ``checks.check_action`` is tested against.
"""

from __future__ import annotations

from itertools import permutations

from .constants import (
    ASSASSINATION,
    CARD_KIND,
    CASTLING,
    EXTRAORDINARY,
    HAND_SIZE,
    IS_ACTION,
    IS_INFLUENCE,
    MAX_OWN_AT_GROUP,
    N_GROUPS,
    OVER,
    P_CASTLE,
    P_SPY,
    P_VETO,
    PLACE,
    PLACED,
    SCOUT,
    SECOND,
    SETUP,
    SPY,
    START,
    VETO,
    WRATH,
    card_code,
)
from .moves import (
    A_ACTION,
    A_CASTLE,
    A_DRAW,
    A_PASS,
    A_PLACE,
    A_SETUP,
    A_SPY,
    DOWN,
    NO_VETO_ACTION,
    UP,
    VETO_ACTION,
    Action,
)
from .state import State

SETUP_ACTIONS = tuple(
    [
        (A_SETUP, tuple(card_code(seat, value) for value in order))
        for order in permutations(range(1, 6))
    ]
    for seat in (0, 1)
)
VETO_CODES = (card_code(0, VETO), card_code(1, VETO))


# -- generation -------------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    """Every legal action of the player to move, each distinct action once."""
    phase = state.phase
    if phase == OVER:
        return []
    pending = state.pending
    if phase == SETUP:
        assert state.current is not None  # only an ended game has nobody to move
        return list(SETUP_ACTIONS[state.current])
    if pending is not None:
        kind, seat = pending[0], pending[1]
        if kind == P_VETO:
            if VETO_CODES[seat] in state.hand[seat]:
                return [VETO_ACTION, NO_VETO_ACTION]
            return [NO_VETO_ACTION]
        if kind == P_SPY:
            return [(A_SPY, card) for card in sorted(set(state.hand[1 - seat]))]
        if kind == P_CASTLE:
            return castle_actions(state, seat, pending[2], pending[3])
        return draw_actions(state, seat, pending[2])
    assert state.current is not None  # only an ended game has nobody to move
    seat = state.current
    step = state.step
    if step == START:
        actions = placements(state, seat, first=True)
        if actions:
            actions.extend(action_cards(state, seat))
        actions.extend(pass_actions(state.hand[seat]))
        return actions
    if step == PLACE:
        return placements(state, seat, first=True)
    if step == SECOND:
        return placements(state, seat, first=False)
    if step == PLACED and not state.action_played:
        actions = action_cards(state, seat)
        actions.extend(draw_actions(state, seat, HAND_SIZE - len(state.hand[seat])))
        return actions
    return draw_actions(state, seat, HAND_SIZE - len(state.hand[seat]))  # PLACED, PASSIVE


def placements(state: State, seat: int, first: bool) -> list[Action]:
    """Face-down and face-up placements (``first``) or the second face-up card."""
    cards = sorted({card for card in state.hand[seat] if IS_INFLUENCE[card]})
    if not cards:
        return []
    groups = state.open_groups(seat)
    if not groups:
        return []
    if not first:
        return [(A_PLACE, card, group, UP) for card in cards for group in groups]
    actions = [(A_PLACE, card, group, DOWN) for card in cards for group in groups]
    if sum(1 for card in state.hand[seat] if IS_INFLUENCE[card]) >= 2:
        up_groups = [
            group for group in groups if len(groups) > 1 or room_for_two(state, seat, group)
        ]
        actions.extend((A_PLACE, card, group, UP) for card in cards for group in up_groups)
    return actions


def room_for_two(state: State, seat: int, group: int) -> bool:
    return (
        state.own_count(group, seat) + 1 < MAX_OWN_AT_GROUP
        and state.group_count(group) + 1 < EXTRAORDINARY
    )


def action_cards(state: State, seat: int) -> list[Action]:
    """The action cards ``seat`` may play now with each target (section 6)."""
    actions: list[Action] = []
    opponent = 1 - seat
    down, up, patricians = state.down, state.up, state.patricians
    for card in sorted({card for card in state.hand[seat] if IS_ACTION[card]}):
        kind = CARD_KIND[card]
        if kind == ASSASSINATION:
            for group in range(N_GROUPS):
                for target in sorted(set(up[group * 2 + opponent])):
                    actions.append((A_ACTION, card, group, target))
        elif kind == SPY:
            if state.hand[opponent]:
                actions.append((A_ACTION, card, -1, -1))
        elif kind == CASTLING:
            for g1 in range(N_GROUPS):
                if not patricians[g1]:
                    continue
                for g2 in range(g1 + 1, N_GROUPS):
                    if patricians[g2] and state.own_count(g1, seat) + state.own_count(g2, seat):
                        actions.append((A_ACTION, card, g1, g2))
        elif kind == SCOUT:
            for group in range(N_GROUPS):
                if down[group * 2 + opponent]:
                    actions.append((A_ACTION, card, group, -1))
        elif kind == WRATH:
            for group in range(N_GROUPS):
                if state.group_count(group):
                    actions.append((A_ACTION, card, group, -1))
    return actions


_SUBSETS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}


def sub_multisets(cards: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every sub-multiset of the sorted tuple ``cards``, each once, sorted tuples."""
    cached = _SUBSETS.get(cards)
    if cached is not None:
        return cached
    subsets: list[tuple[int, ...]] = [()]
    index = 0
    while index < len(cards):
        card = cards[index]
        count = cards.count(card)
        subsets = [subset + (card,) * k for subset in subsets for k in range(count + 1)]
        index += count
    if len(_SUBSETS) < 50_000:
        _SUBSETS[cards] = subsets
    return subsets


def pass_actions(hand: list[int]) -> list[Action]:
    """Ruling (section 3, passive): discard at least one card; only an empty
    hand passes without discarding."""
    if not hand:
        return [(A_PASS, ())]
    return [(A_PASS, subset) for subset in sub_multisets(tuple(sorted(hand))) if subset]


def castle_actions(state: State, seat: int, g1: int, g2: int) -> list[Action]:
    taken = castle_cards(state, seat, g1, g2)
    total = len(taken)
    low, high = max(0, total - MAX_OWN_AT_GROUP), min(MAX_OWN_AT_GROUP, total)
    actions = []
    for subset in sub_multisets(taken):
        if low <= len(subset) <= high:
            rest = list(taken)
            for card in subset:
                rest.remove(card)
            actions.append((A_CASTLE, g1, subset, g2, tuple(rest)))
    return actions


def castle_cards(state: State, seat: int, g1: int, g2: int) -> tuple[int, ...]:
    """All of ``seat``'s cards at the two groups, sorted."""
    a, b = g1 * 2 + seat, g2 * 2 + seat
    return tuple(sorted(state.down[a] + state.up[a] + state.down[b] + state.up[b]))


def draw_range(state: State, seat: int, needed: int) -> tuple[int, int, int]:
    """``(total, lowest, highest)``: cards to draw and the bounds of the
    influence part; the rest comes from the action pile."""
    influence, action = len(state.influence[seat]), len(state.actions[seat])
    total = min(max(needed, 0), influence + action)
    return total, max(0, total - action), min(total, influence)


def draw_actions(state: State, seat: int, needed: int) -> list[Action]:
    total, low, high = draw_range(state, seat, needed)
    return [(A_DRAW, count, total - count) for count in range(low, high + 1)]
