"""Puzzles: a decision where one move is decisively best whatever the hidden cards.

The check plays every legal move of the mover on many deals of the cards the
mover has not seen, each deal fitting everything the mover observed (the exact
deals of ``knowledge``, which need the first view in the history; without it
there is no puzzle, since a deal might show what the mover could rule out).
Two kinds are claimed, each only when every deal agrees:

- ``win``: one move wins the game on the spot in every deal, and no other move
  wins in any deal;
- ``save``: after one move the opponent has no waltz that wins at once in any
  deal, and after every other move the game is lost at once (by the move
  itself or by an opponent's waltz) in every deal.

The hidden cards cannot be listed one deal at a time (a draw pile alone has
millions of orders), so the claim rests on ``DEALS`` sampled deals that must
all agree; ``moves_outcomes`` lets a test replay the claim deal by deal.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.base import SECRET_KEY
from games.rules.druidenwalzer.constants import OVER, PLAY
from games.rules.druidenwalzer.engine import play
from games.rules.druidenwalzer.moves import Action, action_to_move, move_to_action
from games.rules.druidenwalzer.state import State

from ..puzzles import Found, movers_turn
from .determinize import Observation
from .tactics import exposed, wins_at_once

DEALS = 200
EVENT_DEALS = 32
WIN, LOSS, OPEN = "win", "loss", "open"


def outcome(state: State, action: Action, seat: int) -> str:
    """``action`` played on one full state: the mover wins at once, loses at once (the
    move itself, or any waltz of the opponent right after), or neither."""
    child = state.copy()
    play(child, action)
    if child.phase == OVER:
        return WIN if child.winner == seat else LOSS
    if exposed(child, seat) and wins_at_once(child):
        return LOSS
    return OPEN


def deals_of(view: dict[str, Any], history: list[dict[str, Any]]) -> Observation | None:
    """The mover's exact deals, or ``None`` when the log does not pin them down."""
    observation = Observation(view, history)
    return observation if observation.exact is not None else None


def moves_outcomes(observation: Observation, actions: list[Action], rng: random.Random,
                   deals: int = DEALS) -> list[list[str]]:
    """Per action, its outcome in each of ``deals`` deals."""
    table: list[list[str]] = [[] for _ in actions]
    for _ in range(deals):
        state = observation.sample(rng)
        for index, action in enumerate(actions):
            table[index].append(outcome(state, action, observation.seat))
    return table


def find(view: dict[str, Any], legal: list[dict[str, Any]], history: list[dict[str, Any]],
         rng: random.Random, deals: int = DEALS) -> Found | None:
    """The puzzle at this decision of the mover (``view['viewer']``, whose ``legal``
    moves these are), or ``None``."""
    if not movers_turn(view):
        return None
    observation = deals_of(view, history)
    if observation is None or observation.template.phase != PLAY:
        return None
    actions = [move_to_action(move, observation.seat) for move in legal]
    if len(actions) < 2:
        return None
    # A cheap first look on a few deals: most decisions fail here.
    if _claim(moves_outcomes(observation, actions, rng, 4)) is None:
        return None
    table = moves_outcomes(observation, actions, rng, deals)
    kind = _claim(table)
    if kind is None:
        return None
    action = actions[_solution_index(kind, table)]
    return Found(kind, action_to_move(action), deals, certain_events(observation, action, rng))


def certain_events(observation: Observation, action: Action, rng: random.Random,
                   deals: int = EVENT_DEALS) -> list[dict[str, Any]]:
    """The longest run of public events of ``action`` that every deal shows alike."""
    common: list[dict[str, Any]] | None = None
    for _ in range(deals):
        events: list[dict[str, Any]] = []
        play(observation.sample(rng), action, events)
        public = [{k: v for k, v in event.items() if k != SECRET_KEY} for event in events]
        if common is None:
            common = public
            continue
        same = 0
        while same < min(len(common), len(public)) and common[same] == public[same]:
            same += 1
        common = common[:same]
    return common or []


def _claim(table: list[list[str]]) -> str | None:
    winners = [i for i, row in enumerate(table) if all(o == WIN for o in row)]
    if len(winners) == 1 and all(WIN not in row for i, row in enumerate(table)
                                 if i != winners[0]):
        return WIN
    if any(WIN in row for row in table):
        return None
    safe = [i for i, row in enumerate(table) if all(o == OPEN for o in row)]
    if len(safe) == 1 and all(all(o == LOSS for o in row) for i, row in enumerate(table)
                              if i != safe[0]):
        return "save"
    return None


def _solution_index(kind: str, table: list[list[str]]) -> int:
    wanted = WIN if kind == WIN else OPEN
    return next(i for i, row in enumerate(table) if all(o == wanted for o in row))


__all__ = ["DEALS", "Found", "deals_of", "find", "moves_outcomes", "outcome"]
