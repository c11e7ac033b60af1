"""A static evaluation of a full Druidenwalzer state, in "points".

The scale: losing a first tree costs about ``TREE`` points, losing the game
``WIN``. Everything else is an estimate of how likely a tree is to be lost
soon, times what that tree is worth, plus small terms for the cards at hand.
``evaluate(state, seat)`` is from ``seat``'s point of view; it is
antisymmetric (``evaluate(s, 0) == -evaluate(s, 1)``) so a search can use
one number for both players.

The terms, and why:

- **Flipped trees.** Two lose the game, so a side that has lost one tree
  values each remaining tree far more (``TREE_AFTER_FLIP``).
- **Signs.** A sixth sign conquers a tree; ``SIGN_RISK[k]`` is the share of
  a tree's worth already lost with ``k`` signs on it (convex: the fifth sign
  is much worse than the first).
- **Empty trees.** An unflipped tree without cards that is still empty at
  the end of its owner's next turn is flipped. One waltz fills one tree, so
  two empty trees mean a flip next turn unless a dance happens to fill one;
  one empty tree costs the owner's next move (a forced waltz).
- **Fragile trees.** A tree with a single card becomes empty if that card
  dances away, is withdrawn or wins a measuring.
- **Pending measurings.** After the next waltz every druid colour not banned
  compares its two tops again: the higher top puts a sign on the lower
  tree. The side to move wins its pending comparisons almost surely and can
  save one losing colour (by banning it with a waltz there).
- **Hand.** Cards in hand are the only way to fill an empty tree or raise a
  top, and high values win measurings.
"""

from __future__ import annotations

from games.rules.druidenwalzer.constants import CARD_VALUE, OVER, TREE_POSITIONS
from games.rules.druidenwalzer.state import State

WIN = 1000.0
TREE = 100.0
TREE_AFTER_FLIP = 400.0  # one more flip loses the game
# Share of a tree's worth lost with k signs on it; index 6 is a conquest.
SIGN_RISK = (0.0, 0.04, 0.09, 0.16, 0.27, 0.45, 1.0)
EMPTY_TEMPO = 6.0  # one empty tree: the next move is forced
TWO_EMPTY_FLIP = 0.8  # chance that one of two empty trees is flipped
EMPTY_FLIP_WAITING = 0.08  # one empty tree while the opponent moves first
FRAGILE = 2.0
# Likelihood that a pending measuring is resolved as it stands now.
PENDING_MOVER_WINS = 0.75
PENDING_MOVER_LOSES = 0.7
PENDING_SAVED = 0.25
HAND_CARD = 2.0
HAND_VALUE = 0.6
DRUID_TOP = 0.5


def evaluate(state: State, seat: int) -> float:
    """The value of ``state`` for ``seat`` (0 moon, 1 sun), in points."""
    if state.phase == OVER:
        return WIN if state.winner == seat else -WIN
    score = _side(state, seat) - _side(state, 1 - seat)
    score += _pending(state, seat)
    return score


def tree_worth(state: State, side: int) -> float:
    flipped = state.flipped
    return TREE_AFTER_FLIP if any(flipped[p] for p in TREE_POSITIONS[side]) else TREE


def _side(state: State, side: int) -> float:
    """The side's own safety and material, without the measurings."""
    flipped = state.flipped
    up = state.up
    down = state.down
    signs = state.signs
    druid = state.druid
    lost = 0
    empty = 0
    fragile = 0
    risk = 0.0
    strength = 0
    for position in TREE_POSITIONS[side]:
        if flipped[position]:
            lost += 1
            continue
        risk += SIGN_RISK[signs[position]]
        stack = up[position]
        if not stack:
            empty += 1
        else:
            if len(stack) + len(down[position]) == 1:
                fragile += 1
            if druid[position] >= 0:
                strength += CARD_VALUE[stack[-1]]
    worth = TREE_AFTER_FLIP if lost else TREE
    score = -TREE * lost - worth * risk - FRAGILE * fragile + DRUID_TOP * strength
    hand = state.hand[side]
    if empty:
        to_move = state.to_move == side
        if empty >= 2 or not hand:
            expected_flips = TWO_EMPTY_FLIP * (empty - 1 if hand else empty)
        else:
            expected_flips = 0.0
        if not to_move:
            expected_flips += EMPTY_FLIP_WAITING * empty
        score -= worth * expected_flips + EMPTY_TEMPO * empty
    score += HAND_CARD * len(hand) + HAND_VALUE * sum(CARD_VALUE[card] for card in hand)
    return score


def _pending(state: State, seat: int) -> float:
    """The measurings the next waltz would resolve, for ``seat``."""
    druid = state.druid
    up = state.up
    signs = state.signs
    where = [[-1, -1, -1], [-1, -1, -1]]
    for side in (0, 1):
        for position in TREE_POSITIONS[side]:
            colour = druid[position]
            if colour >= 0:
                where[side][colour] = position
    mover = state.to_move
    worth = (tree_worth(state, 0), tree_worth(state, 1))
    total = 0.0
    mover_losses: list[float] = []
    for colour in (0, 1, 2):
        moon_position = where[0][colour]
        sun_position = where[1][colour]
        if moon_position < 0 or sun_position < 0:
            continue
        moon_stack = up[moon_position]
        sun_stack = up[sun_position]
        moon_value = CARD_VALUE[moon_stack[-1]] if moon_stack else 0
        sun_value = CARD_VALUE[sun_stack[-1]] if sun_stack else 0
        if moon_value == sun_value:
            continue
        if moon_value > sun_value:
            winner, loser_position = 0, sun_position
        else:
            winner, loser_position = 1, moon_position
        k = signs[loser_position]
        stake = worth[1 - winner] * (SIGN_RISK[k + 1] - SIGN_RISK[k])
        if winner == mover:
            total += PENDING_MOVER_WINS * (stake if winner == seat else -stake)
        else:
            mover_losses.append(stake)
    if mover_losses:
        # The mover can save one losing colour (a waltz on that tree bans
        # it), the worst one; the others it loses more often than not.
        mover_losses.sort(reverse=True)
        lost = PENDING_SAVED * mover_losses[0] + PENDING_MOVER_LOSES * sum(mover_losses[1:])
        total += -lost if mover == seat else lost
    return total
