"""A static evaluation of a full Caesar & Cleopatra state, in points.

``evaluate(state, seat)`` estimates ``seat``'s final points minus the
opponent's; it is antisymmetric (``evaluate(s, 0) == -evaluate(s, 1)``) so a
search can use one number for both players. A finished game is worth
``±WIN`` (0 for a draw).

The terms, and why:

- **Groups.** For each group with patricians left, the vote as it would go
  now (totals, philosophers reversing it) gives a margin, squashed into the
  chance of winning the next patrician there. How much that chance counts
  depends on how soon a vote comes: a group at 8 cards votes at the end of
  the turn; a group whose vote card is still in the deck may come any turn
  (more likely with a small deck); one whose card is discarded waits for a
  reshuffle. Later patricians of the group lean the same way, less. The
  patricians still to win are then spread binomially and scored exactly as
  section 5 does (the patrician, the majority, the whole group, the bonus
  card at 3), so the majority thresholds and one's bonus group count.
- **Face-down cards** are worth a little to their owner: the other side
  does not know them and cannot assassinate them.
- **Hand.** Influence cards (higher values more), philosophers, action
  cards (the best two count fully: one action card a turn), and a penalty
  without influence cards to place.
- **A refill that is due** counts about a card per card to draw, so that
  positions before and after the refill compare.
- **Piles.** Influence cards left to draw; the game ends for a player who
  has none.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.rules.caesar_cleopatra.constants import (
    CARD_KIND,
    CARD_VALUE,
    EXTRAORDINARY,
    GROUP_SIZE,
    HAND_SIZE,
    OVER,
    P_DRAW,
    PASSIVE,
    PLACED,
)
from games.rules.caesar_cleopatra.state import State

from .group_model import features, hand_summary, next_patrician

WIN = 40.0
MARGIN_SCALE = 2.5  # value points of margin per unit of the logistic
SOON_BASE = 0.45  # weight of the current margin when no vote is near
SOON_WEIGHT = 0.55  # extra weight when a vote is near
LATER = 0.3  # how much later patricians lean like the next one
DOWN_CARD = 0.12
# What a face-down card the evaluating player cannot see counts for, when the
# evaluation is blind (``Weights.blind``): the mean of a setup's one of each 1..5.
BLIND_DOWN = 3.0
# Hand values by card kind: philosopher, 1..5, then the action cards
# (assassination, spy, castling, scout, wrath, veto).
HAND = (0.35, 0.10, 0.13, 0.17, 0.21, 0.25, 0.40, 0.22, 0.18, 0.15, 0.55, 0.45)
EXTRA_ACTION = 0.3  # share of the value of a third action card and beyond
NO_INFLUENCE = 0.9
ONE_INFLUENCE = 0.25
PILE_CARD = 0.02
SHORT = 0.15  # per influence card (hand and pile) below SHORT_LIMIT
SHORT_LIMIT = 4
DRAW_CARD = 0.18  # a card still to draw in a refill that is due


@dataclass(frozen=True)
class Weights:
    """The evaluation's tunable terms. ``HAND_SET`` (the constants above) is the
    heuristic's judgement and its rollouts'; ``FITTED`` was fitted to the
    outcomes of 2,000 games between heuristic players (``bench/cc_fit_evaluation.py``:
    the log-loss of the winner over 125,000 other games' positions fell from
    0.513 to 0.507), for the strong level's leaves. The hand's card values stay
    hand-set: fitted, they learned which cards the heuristic leaves in its
    hand, not what they are worth."""

    margin_scale: float = MARGIN_SCALE
    soon_base: float = SOON_BASE
    soon_weight: float = SOON_WEIGHT
    later: float = LATER
    down_card: float = DOWN_CARD
    pile_card: float = PILE_CARD
    draw_card: float = DRAW_CARD
    # The chance of each group's next patrician from ``group_model`` with these
    # weights, instead of the lean of the margin above (None: the lean).
    groups: tuple[float, ...] | None = None
    # Blind to the other side's face-down cards: each counts ``BLIND_DOWN`` and is
    # never a philosopher, as for a player who cannot see them (the search's
    # opponent judges its moves so; ``search.BLIND_OPPONENT``).
    blind: bool = False


HAND_SET = Weights()
#: The hand-set judgement of a player who cannot see the other side's face-down cards.
BLIND = Weights(blind=True)
# A vote's lean follows the margin more steeply and later patricians do not
# lean with the next; cards left in the pile count more, a face-down card and
# a due refill less.
FITTED = Weights(margin_scale=1.5, soon_base=0.3, later=0.0, down_card=0.078,
                 pile_card=0.068, draw_card=0.097)

_TABLE: dict[tuple[int, ...], float] = {}
_STEPS = 20


def _points(won: int, size: int, bonus: bool) -> int:
    points = won + (2 * won > size) + (won == size)
    return points + 2 if bonus and won >= 3 else points


def group_value(size: int, w0: int, w1: int, left: int, b0: bool, b1: bool, step: int) -> float:
    """Expected points of seat 0 minus seat 1 from one group, when each of
    the ``left`` patricians goes to seat 0 with chance ``step / _STEPS``."""
    key = (size, w0, w1, left, b0, b1, step)
    value = _TABLE.get(key)
    if value is not None:
        return value
    p = step / _STEPS
    value = 0.0
    for k in range(left + 1):
        chance = math.comb(left, k) * p**k * (1 - p) ** (left - k)
        value += chance * (_points(w0 + k, size, b0) - _points(w1 + left - k, size, b1))
    _TABLE[key] = value
    return value


def _logistic(x: float) -> float:
    if x > 20:
        return 1.0
    if x < -20:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def groups_value(state: State, weights: Weights = HAND_SET, hidden: int | None = None) -> float:
    """The groups' part, for seat 0; ``hidden``: the side whose face-down cards
    count ``BLIND_DOWN`` each (None: every card as it is)."""
    if weights.groups is not None:
        return learned_groups_value(state, weights)
    margin_scale, soon_base, soon_weight = (
        weights.margin_scale, weights.soon_base, weights.soon_weight)
    later, down_card = weights.later, weights.down_card
    deck = state.vote_deck
    deck_size = len(deck)
    down, up, patricians, won, bonus = (
        state.down,
        state.up,
        state.patricians,
        state.won,
        state.bonus,
    )
    total = 0.0
    for group in range(5):
        left = patricians[group]
        size = GROUP_SIZE[group]
        b0, b1 = bonus[0] == group, bonus[1] == group
        w0, w1 = won[0][group], won[1][group]
        if not left:
            total += group_value(size, w0, w1, 0, b0, b1, 0)
            continue
        base = group * 2
        d0, d1 = down[base], down[base + 1]
        c0 = d0 + up[base]
        c1 = d1 + up[base + 1]
        t0 = t1 = 0.0
        p0 = p1 = 0
        count = len(c0) + len(c1)
        if hidden is not None:
            if hidden == 0:
                c0, t0 = up[base], BLIND_DOWN * len(d0)
            else:
                c1, t1 = up[base + 1], BLIND_DOWN * len(d1)
        for card in c0:
            value = CARD_VALUE[card]
            t0 += value
            if not CARD_KIND[card]:
                p0 += 1
        for card in c1:
            value = CARD_VALUE[card]
            t1 += value
            if not CARD_KIND[card]:
                p1 += 1
        margin = t1 - t0 if p0 != p1 else t0 - t1
        if count >= EXTRAORDINARY:
            soon = 1.0
        elif group in deck:
            soon = min(1.0, 2.0 / deck_size)
        else:
            soon = 0.0
        lean = (_logistic(margin / margin_scale) - 0.5) * (soon_base + soon_weight * soon)
        share = 0.5 + lean * (1 + later * (left - 1)) / left
        step = int(share * _STEPS + 0.5)
        total += group_value(size, w0, w1, left, b0, b1, step)
        total += down_card * (len(d0) - len(d1))
    return total


def learned_groups_value(state: State, weights: Weights) -> float:
    """``groups_value`` with each group's next patrician from ``group_model``
    (its loop written out again, so the levels' hand-set path stays as fast)."""
    group_weights = weights.groups
    assert group_weights is not None  # called only with a model
    later, down_card = weights.later, weights.down_card
    hands = (hand_summary(state, 0), hand_summary(state, 1))
    down, patricians, won, bonus = state.down, state.patricians, state.won, state.bonus
    total = 0.0
    for group in range(5):
        left = patricians[group]
        size = GROUP_SIZE[group]
        b0, b1 = bonus[0] == group, bonus[1] == group
        w0, w1 = won[0][group], won[1][group]
        if not left:
            total += group_value(size, w0, w1, 0, b0, b1, 0)
            continue
        lean = next_patrician(features(state, group, hands), group_weights) - 0.5
        share = 0.5 + lean * (1 + later * (left - 1)) / left
        step = int(share * _STEPS + 0.5)
        total += group_value(size, w0, w1, left, b0, b1, step)
        total += down_card * (len(down[group * 2]) - len(down[group * 2 + 1]))
    return total


def side_value(state: State, side: int, pile_card: float = PILE_CARD) -> float:
    """Hand and piles of one side."""
    value = 0.0
    influence = 0
    actions: list[float] = []
    for card in state.hand[side]:
        kind = CARD_KIND[card]
        if kind < 6:
            influence += 1
            value += HAND[kind]
        else:
            actions.append(HAND[kind])
    if len(actions) > 2:
        actions.sort(reverse=True)
        value += actions[0] + actions[1] + EXTRA_ACTION * sum(actions[2:])
    else:
        value += sum(actions)
    if influence == 0:
        value -= NO_INFLUENCE
    elif influence == 1:
        value -= ONE_INFLUENCE
    pile = len(state.influence[side])
    value += pile_card * pile
    if influence + pile < SHORT_LIMIT:
        value -= SHORT * (SHORT_LIMIT - influence - pile)
    return value


def evaluate(state: State, seat: int, weights: Weights = HAND_SET) -> float:
    """The value of ``state`` for ``seat`` (0 cleopatra, 1 caesar), in points."""
    if state.phase == OVER:
        if state.winner == seat:
            return WIN
        return 0.0 if state.winner == 2 else -WIN
    pile_card, draw_card = weights.pile_card, weights.draw_card
    hidden = 1 - seat if weights.blind else None
    score = (groups_value(state, weights, hidden) + side_value(state, 0, pile_card)
             - side_value(state, 1, pile_card))
    # A refill that is due: the cards to come are worth about a card each.
    pending = state.pending
    if pending is not None:
        if pending[0] == P_DRAW:
            score += draw_card if pending[1] == 0 else -draw_card
    elif state.step == PLACED or state.step == PASSIVE:
        side = state.current
        assert side is not None  # a turn at these steps has its player
        piles = len(state.influence[side]) + len(state.actions[side])
        missing = min(HAND_SIZE - len(state.hand[side]), piles)
        score += draw_card * missing if side == 0 else -draw_card * missing
    return score if seat == 0 else -score
