"""Who wins a group's next patrician: a model learned from games.

The hand-set evaluation (``evaluate.groups_value``) leans a group towards
the side ahead there now, more when a vote is near. That misses what decides
many votes: whose turn ends next (the player on turn places before the vote
card is turned), the cards in each hand that can still reach the group, a
philosopher in hand that reverses a lost vote, an assassination that takes
a face-up card away. ``features`` describes a group by those, for Cleopatra
(seat 0) against Caesar; every feature changes sign when the seats are
swapped, so ``next_patrician`` (a logistic model without intercept) gives
Caesar exactly one minus Cleopatra's chance.

The weights (``WEIGHTS``) are fitted by ``bench/cc_fit_groups.py`` to who
won each group's next patrician in games between heuristic players. The
judgement ``search.GROUPS_JUDGEMENT`` (the variants ``strong-groups`` and
``heuristic-groups``) scores groups with it; the levels keep the hand-set
lean, which this model did not beat in play (docs/ai.md).
"""

from __future__ import annotations

import math

from games.rules.caesar_cleopatra.constants import (
    ASSASSINATION,
    CARD_KIND,
    CARD_VALUE,
    EXTRAORDINARY,
    GROUP_SIZE,
    PHILOSOPHER,
)
from games.rules.caesar_cleopatra.state import State

MAX_AT_GROUP = 5  # a player's cards at one group
NAMES = (
    "lean",  # the hand-set lean: logistic(margin / 2.5) - 1/2
    "lean_soon",  # the same, times how soon a vote comes
    "margin_soon",  # the margin itself (to ±10), times how soon, over 5
    "reach",  # the two best hand cards that can still go there, each side's, over 10
    "reach_soon",
    "mover_near",  # +1 / -1 for the player on turn, times the chance its turn ends with this vote
    "mover_reach_near",  # the mover's reach there, times that chance
    "philosopher",  # a philosopher in hand for the side behind, that can still go there
    "assassin",  # an assassination in hand, each side's
    "assassin_soon",
    "room",  # the opponent's cards there minus one's own, over 5
    "bonus",  # the bonus card of this group, each side's
    "won",  # patricians of this group won so far, each side's, over the group's size
)
N_FEATURES = len(NAMES)


def hand_summary(state: State, side: int) -> tuple[int, bool, bool]:
    """The sum of ``side``'s two best influence values in hand, whether it holds
    a philosopher, and whether it holds an assassination."""
    best = second = 0
    philosopher = assassin = False
    for card in state.hand[side]:
        kind = CARD_KIND[card]
        if kind == PHILOSOPHER:
            philosopher = True
        elif kind < ASSASSINATION:  # an influence card
            value = CARD_VALUE[card]
            if value > best:
                best, second = value, best
            elif value > second:
                second = value
        elif kind == ASSASSINATION:
            assassin = True
    return best + second, philosopher, assassin


def features(state: State, group: int, hands: tuple[tuple[int, bool, bool], ...]) -> list[float]:
    """The features of ``group`` (which has patricians left), for seat 0;
    ``hands`` is ``hand_summary`` of both sides."""
    c0 = state.down[group * 2] + state.up[group * 2]
    c1 = state.down[group * 2 + 1] + state.up[group * 2 + 1]
    t0 = t1 = p0 = p1 = 0
    for card in c0:
        t0 += CARD_VALUE[card]
        if not CARD_KIND[card]:
            p0 += 1
    for card in c1:
        t1 += CARD_VALUE[card]
        if not CARD_KIND[card]:
            p1 += 1
    # With unequal philosophers the lower total wins: more value is worse.
    parity = -1 if p0 != p1 else 1
    margin = parity * (t0 - t1)
    total = len(c0) + len(c1)
    deck = state.vote_deck
    extraordinary = total >= EXTRAORDINARY
    if extraordinary:
        soon = near = 1.0
    elif group in deck:
        soon = min(1.0, 2.0 / len(deck))
        near = deck.count(group) / len(deck)
    else:
        soon = near = 0.0
    lean = 1.0 / (1.0 + math.exp(-margin / 2.5)) - 0.5
    open0 = not extraordinary and len(c0) < MAX_AT_GROUP
    open1 = not extraordinary and len(c1) < MAX_AT_GROUP
    (reach0, philosopher0, assassin0), (reach1, philosopher1, assassin1) = hands
    reach = parity * ((reach0 if open0 else 0) - (reach1 if open1 else 0)) / 10
    mover = state.current
    if mover is None:
        mover_near = mover_reach = 0.0
    else:
        sign = 1.0 if mover == 0 else -1.0
        mover_near = sign * near
        mover_open = open0 if mover == 0 else open1
        mover_reach = sign * parity * hands[mover][0] / 10 * near if mover_open else 0.0
    philosopher = ((1.0 if philosopher0 and open0 and margin < 0 else 0.0)
                   - (1.0 if philosopher1 and open1 and margin > 0 else 0.0))
    assassin = float(assassin0) - float(assassin1)
    clipped = max(-10, min(10, margin))
    bonus = state.bonus
    bonus_diff = (bonus[0] == group) - (bonus[1] == group)
    won = (state.won[0][group] - state.won[1][group]) / GROUP_SIZE[group]
    return [lean, lean * soon, clipped * soon / 5, reach, reach * soon, mover_near,
            mover_reach, philosopher, assassin, assassin * soon,
            (len(c1) - len(c0)) / MAX_AT_GROUP, float(bonus_diff), won]


def next_patrician(x: list[float], weights: tuple[float, ...]) -> float:
    """Seat 0's chance of the group's next patrician, from its ``features``."""
    logit = sum(w * f for w, f in zip(weights, x))
    if logit > 30:
        return 1.0
    if logit < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-logit))


# Fitted on 1,000 games (``python bench/cc_fit_groups.py --games 1000 --seed
# 2001 --features lean,lean_soon,margin_soon,philosopher,assassin,assassin_soon``;
# 251,000 group positions): the held-out log-loss of the next patrician 0.6481,
# the hand-set lean's 0.6515. The other features weigh 0, because a search
# judging with them played worse although they predict better (all of them,
# 0.6388: the strong level won 3 of 26 games where the hand-set judgement won
# 18.5; with the mover's terms, 0.6452: 15 of 38 where it won 27.5). They
# describe what heuristic players happen to do, not what a move changes: a
# card placed costs "room" and "reach", so a search learns to hold its cards.
WEIGHTS = (1.258, 1.033, 1.245, 0.000, 0.000, 0.000, 0.000, 0.501, 0.092, -0.091, 0.000,
           0.000, 0.000)
