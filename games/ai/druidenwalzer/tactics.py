"""One move deep, before any search: a win on the spot, a loss at once.

A search scores every move of a won position 1.0 and then picks among them
by visits, so it may play a slow win where a waltz wins at once; and a few
thousand iterations spread over many replies may miss the one reply that
ends the game. So the strong level first plays each of its moves on a few
deals of the unseen cards:

- a move that wins the game in every deal is played at once;
- a move after which the opponent has a waltz that wins at once in most
  deals is left out of the search when another move keeps that chance
  clearly lower, and a move that loses in every deal whenever another
  move does not.

Certainty: with the first view in the history every deal fits everything
the seat observed (``knowledge``), so a move that wins (or loses) in every
deal that fits wins (or loses) in every sampled deal and is always found.
The check runs on 8 deals; when a move wins or loses in all of them it is
confirmed on 56 more (64 in all), so a move that wins in only some of the
deals that fit passes for certain with a chance of at most p**64 (0.1 %
when it wins in 90 % of them).

Only a waltz can win at once (the sixth sign comes from a measuring, and an
empty tree flips at the end of its owner's own turn), and only against a
side with one tree flipped or at five signs and another at five signs, so
most positions skip the opponent's replies entirely.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.rules.druidenwalzer.constants import OVER, SIGNS_TO_CONQUER, TREE_POSITIONS
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import WALTZ, Action, legal_actions
from games.rules.druidenwalzer.state import State

from .determinize import Observation

DEALS = 8
CONFIRM_DEALS = 56  # more deals when a move looks certain (64 in all)
MOST = 0.5  # a move is "losing" above this share of deals...
MARGIN = 0.25  # ...when another move allows the win this much less often


@dataclass
class OneMoveCheck:
    winning: Action | None  # a move that wins at once in every deal
    allowed: set[Action] | None  # the moves worth searching (None: all)
    win_share: list[float]
    loss_share: list[float]
    deals: int = DEALS  # how many deals the shares count (8, or 64 when confirmed)


def exposed(state: State, seat: int) -> bool:
    """Could one waltz of the opponent end the game against ``seat``?"""
    flipped, signs = state.flipped, state.signs
    close = 0
    for position in TREE_POSITIONS[seat]:
        if flipped[position] or signs[position] >= SIGNS_TO_CONQUER - 1:
            close += 1
    return close >= 2


def wins_at_once(state: State) -> bool:
    """Has the player to move a waltz that wins the game now?"""
    mover = state.to_move
    for action in legal_actions(state):
        if action[0] != WALTZ:
            continue
        child = state.copy()
        play(child, action)
        if child.phase == OVER and child.winner == mover:
            return True
    return False


def check_one_move(observation: Observation, actions: list[Action], rng: random.Random,
                   deals: int = DEALS, confirm: int = CONFIRM_DEALS) -> OneMoveCheck:
    """Each move's share of deals in which it wins at once, and in which it
    loses at once (the move itself, or an opponent's waltz right after)."""
    wins = [0] * len(actions)
    losses = [0] * len(actions)
    _count(observation, actions, rng, deals, wins, losses)
    total = deals
    if confirm and (deals in wins or (deals in losses and min(losses) < deals)):
        _count(observation, actions, rng, confirm, wins, losses)
        total += confirm
    win_share = [count / total for count in wins]
    loss_share = [count / total for count in losses]
    winning = None
    for index, share in enumerate(win_share):
        if share == 1.0:
            winning = actions[index]
            break
    least = min(loss_share)
    allowed = {
        action
        for action, share in zip(actions, loss_share)
        if (share <= MOST or share - least < MARGIN) and not (share == 1.0 and least < 1.0)
    }
    return OneMoveCheck(winning, allowed if len(allowed) < len(actions) else None,
                        win_share, loss_share, total)


def _count(observation: Observation, actions: list[Action], rng: random.Random, deals: int,
           wins: list[int], losses: list[int]) -> None:
    seat = observation.seat
    for _ in range(deals):
        state = observation.sample(rng)
        for index, action in enumerate(actions):
            child = state.copy()
            play(child, action)
            if child.phase == OVER:
                if child.winner == seat:
                    wins[index] += 1
                else:
                    losses[index] += 1
            elif exposed(child, seat) and wins_at_once(child):
                losses[index] += 1
