"""Puzzles: a decision after which one move alone makes the end of the turn certain.

No single decision of Caesar & Cleopatra wins on the spot: a turn is several
decisions (an action card, one or two cards placed, the refill) and the votes
come at its end. So a puzzle looks ahead to the end of the turn in progress,
the mover's own later decisions at best and the opponent's answers (the Veto
question, the card drawn after it) at worst, and claims one of three goals,
the first that holds:

- ``win``: the mover wins the game by the end of the turn;
- ``vote``: the mover wins more patricians than the opponent by the end of the
  turn (an extraordinary vote: a regular vote is never certain, since the
  vote deck's order is hidden and the reshuffle card is always in it), the
  game not lost;
- ``save``: the opponent wins no patrician by the end of the turn, the game
  not lost.

The claim: exactly one legal move reaches the goal *for certain*, and every
other move does not. Certain means over every one of ``DEALS`` deals of the
cards the mover has not seen, each a story of its own that fits everything
the mover observed (``knowledge``; without the first view in the log there
are no exact deals and no puzzle), with one plan for the rest of the turn
that decides only on what the mover sees (a later decision may differ only
where the log shown to the mover differs: a Scout's cards, a Spy's look, the
Veto answer), whatever the opponent answers. A move is shown not to be
certain by one deal where even a mover who knew the whole deal cannot reach
the goal against the worst answers (``tactics.move_outcome``), or by the plan
search finding no plan over the deals.

The claim rests on sampled deals that must all agree (the deals that fit are
far too many to list: the vote deck's order alone); ``certain`` and
``reachable`` let a test replay it deal by deal. A search that grows past its
budget makes no claim.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from games.rules.base import SECRET_KEY
from games.rules.caesar_cleopatra.constants import (
    CARD_KIND,
    CASTLING,
    EXTRAORDINARY,
    MAX_OWN_AT_GROUP,
    N_GROUPS,
    OVER,
    P_CASTLE,
    P_VETO,
    PASSIVE,
    PLACE,
    PLAY,
    SEATS,
    SECOND,
    START,
)
from games.rules.caesar_cleopatra.legality import pass_actions
from games.rules.caesar_cleopatra.moves import Action, action_to_move, move_to_action
from games.rules.caesar_cleopatra.state import State
from games.rules.caesar_cleopatra.turn import play

from ..puzzles import Found, agreed, movers_turn
from .determinize import Observation
from .knowledge import NoStory
from .tactics import LOSS, UNKNOWN, WIN, Judge, can_end_this_turn, move_outcome, turn_actions

DEALS = 200
QUICK_DEALS = 4  # a first look on a few deals: most decisions fail here
MORE_DEALS = 24  # a second look, before telling all the deals
#: Deals the solution is tried on alone (each known whole) after its plan holds on
#: ``DEALS``: a move that fails in one deal of 200 fitting ones (a philosopher
#: face down, say) passes 200 deals one time in three, 1,000 one time in 150.
CONFIRM_DEALS = 800
SCREEN_DEALS = 3  # deals a plan's move is tried on alone before all of them
PLAYS = 60_000  # moves played by one plan search, at most (claims took 33,000 at most)
GOALS = ("win", "vote", "save")
#: The events of a plan's line an explanation may tell, and only when every deal
#: shows them alike: the mover's own moves and, in the mover's own turn, the
#: extraordinary votes and the patricians won. Never one that shows a card the
#: mover could not see (a vote's totals, a reveal, a Spy's look, a Scout's or a
#: Wrath's cards, the cards drawn, the final score with both bonus cards), nor a
#: choice of the opponent's (the line lets them answer anything).
OWN_TOLD = frozenset({"pass", "place", "action", "assassination", "spy", "castling", "castle",
                      "placement_skipped", "veto", "no_veto"})
RESULTS_TOLD = frozenset({"extraordinary_vote", "patrician"})


class TooBig(Exception):
    """A plan search grew past ``PLAYS`` moves: it tells nothing."""


@dataclass
class Plan:
    """The rest of a turn for certain: the mover's action here (``None`` where the
    opponent decides), then a plan for each thing the mover may see next."""

    action: Action | None
    next: dict[str, Plan] = field(default_factory=dict)


def judge(kind: str, seat: int, start: State) -> Judge:
    """``WIN`` when the end of the turn reaches the goal ``kind`` for ``seat``
    (patricians counted from ``start``), else ``LOSS``."""
    mine, theirs = sum(start.won[seat]), sum(start.won[1 - seat])

    def value(state: State) -> int:
        if state.phase == OVER and state.winner == seat:
            return WIN
        if kind == "win" or state.phase == OVER and state.winner == 1 - seat:
            return LOSS
        gained, conceded = sum(state.won[seat]) - mine, sum(state.won[1 - seat]) - theirs
        reached = gained > conceded if kind == "vote" else conceded == 0
        return WIN if reached else LOSS

    return value


def crowd_possible(state: State) -> bool:
    """Could a group with patricians hold 8 cards (an extraordinary vote) at the
    end of this turn? Cards come only from the player on turn: one or two
    placed, and a castling's cards gathered from another group."""
    seat = state.current
    if seat is None or state.step == PASSIVE:
        return False
    step = state.step
    placed = 2 if step in (START, PLACE) else 1 if step == SECOND else 0
    pending = state.pending
    castling = (not state.action_played and any(CARD_KIND[c] == CASTLING for c in state.hand[seat])
                or pending is not None and (pending[0] == P_CASTLE or pending[0] == P_VETO
                                            and CARD_KIND[pending[2][1]] == CASTLING))
    for group in range(N_GROUPS):
        if not state.patricians[group]:
            continue
        gathered = 0
        if castling:
            others = max((state.own_count(g, seat) for g in range(N_GROUPS) if g != group),
                         default=0)
            gathered = min(others, MAX_OWN_AT_GROUP - state.own_count(group, seat))
        if state.group_count(group) + placed + gathered >= EXTRAORDINARY:
            return True
    return False


def goals_open(state: State, seat: int) -> list[str]:
    """The goals a move could reach for certain here (a cheap test on one deal:
    a goal out of reach in one deal that fits is certain for no move)."""
    goals = []
    if can_end_this_turn(state):
        goals.append("win")
    if crowd_possible(state):
        goals.append("vote")
    # Passing holds no vote: with two ways to pass, no save is the only one.
    if state.step != PASSIVE and not (
            state.current == seat and state.step == START and state.pending is None
            and len(pass_actions(state.hand[seat])) > 1):
        goals.append("save")
    return goals


def deals_of(view: dict[str, Any], history: list[dict[str, Any]]) -> Observation | None:
    """The mover's exact deals, or ``None`` when the log does not pin them down."""
    observation = Observation(view, history)
    observation.fall_back = False  # a claim stands on exact deals only
    return observation if observation.exact is not None else None


def sample(observation: Observation, rng: random.Random, count: int) -> list[State]:
    """``count`` deals, each a story of its own (``knowledge.NoStory`` when one could
    not be told)."""
    assert observation.exact is not None  # deals_of made sure
    observation.exact.fresh = max(observation.exact.fresh, len(observation.exact.stories) + count)
    return [observation.sample(rng) for _ in range(count)]


def reachable(state: State, action: Action, seat: int, goal: Judge) -> int:
    """In one deal, known whole: ``WIN`` when the mover can reach the goal after
    ``action`` whatever the opponent answers, ``LOSS`` when not, ``UNKNOWN``
    when the search grew too big (``tactics.move_outcome``)."""
    return move_outcome(state, action, seat, goal)


def certain(states: list[State], action: Action, seat: int, goal: Judge) -> Plan | None:
    """A plan that reaches the goal after ``action`` in every one of ``states``
    (all alike to the mover), or ``None`` when there is none. Raises ``TooBig``
    past ``PLAYS`` moves."""
    with _no_collector():
        return _certain(states, action, seat, goal, [0])


def _certain(states: list[State], action: Action, seat: int, goal: Judge,
             counter: list[int]) -> Plan | None:
    # Deal by deal first: a deal where even a mover who knew it fails is the cheap
    # way to find that a plan fails (a joint search over all deals is not).
    for state in states:
        outcome = reachable(state, action, seat, goal)
        if outcome == UNKNOWN:
            raise TooBig
        if outcome == LOSS:
            return None
    return _after(states, action, seat, states[0].turn, goal, counter)


def _key(events: list[dict[str, Any]], seat: int) -> str:
    """What the mover sees of a move: its events as the mover's log holds them."""
    return repr(_seen(events, seat))


def _seen(events: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    name = SEATS[seat]
    seen = []
    for event in events:
        copy = {key: value for key, value in event.items() if key != SECRET_KEY}
        copy.update((event.get(SECRET_KEY) or {}).get(name, {}))
        seen.append(copy)
    return seen


def _after(states: list[State], action: Action, seat: int, turn: int, goal: Judge,
           plays: list[int]) -> Plan | None:
    children: dict[str, list[State]] = {}
    for state in states:
        _step(state, action, seat, plays, children)
    return _each(Plan(action), children, seat, turn, goal, plays)


def _step(state: State, action: Action, seat: int, plays: list[int],
          children: dict[str, list[State]]) -> None:
    """``action`` played on a copy of ``state``, filed under what the mover sees."""
    plays[0] += 1
    if plays[0] > PLAYS:
        raise TooBig
    child = state.copy()
    events: list[dict[str, Any]] = []
    play(child, action, events)
    children.setdefault(_key(events, seat), []).append(child)


def _each(plan: Plan, children: dict[str, list[State]], seat: int, turn: int, goal: Judge,
          plays: list[int]) -> Plan | None:
    """``plan`` with a plan for each group of deals alike to the mover, if all have one."""
    for key, group in children.items():
        rest = _plan(group, seat, turn, goal, plays)
        if rest is None:
            return None
        plan.next[key] = rest
    return plan


def _plan(states: list[State], seat: int, turn: int, goal: Judge,
          plays: list[int]) -> Plan | None:
    live = []
    for state in states:
        if state.phase == OVER or state.turn != turn:
            if goal(state) != WIN:
                return None
        else:
            live.append(state)
    if not live:
        return Plan(None)
    if live[0].to_move == seat:
        for action in turn_actions(live[0]):
            if any(reachable(state, action, seat, goal) == LOSS
                   for state in live[:SCREEN_DEALS]):
                continue
            plan = _after(live, action, seat, turn, goal, plays)
            if plan is not None:
                return plan
        return None
    # The opponent decides: every answer, in every deal.
    children: dict[str, list[State]] = {}
    for state in live:
        for action in turn_actions(state):
            _step(state, action, seat, plays, children)
    return _each(Plan(None), children, seat, turn, goal, plays)


def find(view: dict[str, Any], legal: list[dict[str, Any]], history: list[dict[str, Any]],
         rng: random.Random, deals: int = DEALS) -> Found | None:
    """The puzzle at this decision of the mover (``view['viewer']``, whose ``legal``
    moves these are), or ``None``."""
    if not movers_turn(view):
        return None
    if len(legal) < 2 or all(move.get("type") == "draw" for move in legal) and view[
            "players"][view["viewer"]]["influence_pile_size"]:
        return None  # every way to refill is the same by the end of the turn
    observation = deals_of(view, history)
    if observation is None or observation.template.phase != PLAY:
        return None
    with _no_collector():
        try:
            return _find(observation, [move_to_action(move) for move in legal], rng, deals)
        except NoStory:
            return None  # the deals could not all be told anew: no claim


@contextmanager
def _no_collector() -> Iterator[None]:
    """The deals and plans hold no reference cycles; the cyclic collector would only
    stop the search again and again to walk the thousands of states it keeps (in a
    process with Django loaded, that took seven times the search itself)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _find(observation: Observation, actions: list[Action], rng: random.Random,
          deals: int) -> Found | None:
    seat = observation.seat
    quick = sample(observation, rng, QUICK_DEALS)
    pool: list[State] = []
    for kind in goals_open(quick[0], seat):
        goal = judge(kind, seat, quick[0])
        claim = _claim(observation, actions, seat, goal, quick, pool, rng, deals)
        if claim is None:
            continue
        index, plan, states = claim
        events = certain_events(states, actions[index], plan, seat)
        return Found(kind, action_to_move(actions[index]), len(states), events)
    return None


def _claim(observation: Observation, actions: list[Action], seat: int, goal: Judge,
           quick: list[State], pool: list[State], rng: random.Random,
           deals: int) -> tuple[int, Plan, list[State]] | None:
    """The one move certain to reach ``goal``, its plan and the deals; ``None``
    unless every other move is shown not to be. ``pool`` keeps the deals drawn
    for one goal for the next."""
    candidates = []
    for index, action in enumerate(actions):
        outcomes = [reachable(state, action, seat, goal) for state in quick]
        if LOSS in outcomes:
            continue  # not certain: a deal that fits where it cannot reach the goal
        if UNKNOWN in outcomes:
            return None  # neither shown certain nor shown not to be
        candidates.append(index)
    if not candidates:
        return None
    if not pool:
        pool.extend(quick + sample(observation, rng, min(deals, MORE_DEALS) - len(quick)))
    candidates = [index for index in candidates
                  if all(reachable(state, actions[index], seat, goal) != LOSS
                         for state in pool[len(quick):])]
    if not candidates:
        return None
    if len(pool) < deals:
        pool.extend(sample(observation, rng, deals - len(pool)))
    found: list[tuple[int, Plan]] = []
    for index in candidates:
        try:
            plan = certain(pool, actions[index], seat, goal)
        except TooBig:
            return None
        if plan is not None:
            found.append((index, plan))
            if len(found) > 1:
                return None
    if len(found) != 1 or not _confirmed(observation, actions[found[0][0]], seat, goal, rng):
        return None
    return found[0][0], found[0][1], pool


def _confirmed(observation: Observation, action: Action, seat: int, goal: Judge,
               rng: random.Random, deals: int = CONFIRM_DEALS) -> bool:
    """Whether ``action`` reaches the goal in each of ``deals`` more deals, each known
    whole (told a few at a time: a failure usually shows early)."""
    while deals > 0:
        batch = sample(observation, rng, min(deals, 50))
        if any(reachable(state, action, seat, goal) != WIN for state in batch):
            return False
        deals -= len(batch)
    return True


def line(state: State, action: Action, plan: Plan, seat: int) -> list[dict[str, Any]]:
    """The events, as the mover sees them, of ``action`` and the plan after it in
    one deal, the opponent letting everything happen (no Veto, the first refill)."""
    state = state.copy()
    turn = state.turn
    seen: list[dict[str, Any]] = []
    while True:
        events: list[dict[str, Any]] = []
        play(state, action, events)
        step = _seen(events, seat)
        seen.extend(step)
        plan = plan.next[repr(step)]
        if state.phase == OVER or state.turn != turn:
            return seen
        if plan.action is not None:
            action = plan.action
        else:
            answers = turn_actions(state)
            action = next((a for a in answers if action_to_move(a)["type"] == "no_veto"),
                          answers[0])


def certain_events(states: list[State], action: Action, plan: Plan,
                   seat: int) -> list[dict[str, Any]]:
    """The events of the solution's line that every deal shows alike, of the kinds
    an explanation may tell (``OWN_TOLD``, ``RESULTS_TOLD``), in their order."""
    own_turn = states[0].current == seat

    def told(event: dict[str, Any]) -> bool:
        kind = event.get("type")
        if kind in RESULTS_TOLD:
            return own_turn
        return kind in OWN_TOLD and event.get("player") == SEATS[seat]

    return agreed([line(state, action, plan, seat) for state in states], told)


__all__ = ["DEALS", "GOALS", "Found", "Plan", "TooBig", "certain", "certain_events",
           "crowd_possible", "deals_of", "find", "goals_open", "judge", "line", "reachable",
           "sample"]
