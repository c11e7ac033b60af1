"""Everything a seat has observed, kept exactly: its first view and the log.

The first view (the ``start`` record that opens the history) shows every
tree's first card and each cult board's first 1, which no event names; the
log then names every card that goes face up. So every face-up pile is known
card by card, and so is every cult board. What stays hidden:

- the face-down cards, each of its owner's cult, never seen;
- the cards the handicap removed (one of each removed value, never seen);
- each side's draw pile and the opponent's hand. A draw pile holds cards of
  its owner's cult never seen until the owner's first reshuffle, afterwards
  the reshuffled cult board's cards (all known) less those drawn since. The
  seat's own draws name their cards; the opponent's do not, so when it
  plays a card from its hand the log does not say whether that card came
  from a reshuffle or was never seen before. Each possible answer is kept as
  a *branch*: how many never-seen cards the opponent's hand holds, the known
  cards it holds for sure (from reshuffles before the last) and the known
  cards of its last reshuffle not yet played (in hand or still in the pile).

A card seen once is therefore known until it moves unseen (drawn by the
opponent), and then only the branches say where it can be. ``Knowledge.sample``
deals states that fit all of it: every count, every card seen, every
handicap. ``replay`` returns ``None`` when the log does not fit the view.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.rules.druidenwalzer.constants import (
    CARD_CULT,
    CARD_INDEX,
    CARD_STEP,
    CARD_VALUE,
    CULT_POSITION,
    IS_CULT_BOARD,
    POSITION_INDEX,
    RING_SIZE,
    SEAT_INDEX,
    TREE_POSITIONS,
    full_deck,
)
from games.rules.druidenwalzer.state import State

Cards = tuple[int, ...]  # a sorted multiset of card codes


@dataclass(frozen=True)
class Branch:
    """One way the opponent's hand and draw pile can hold its cards.

    ``unknown_in_hand``: never-seen cards of its cult in its hand; ``held``:
    known cards in its hand for sure; ``last``: the known cards of its last
    reshuffle not yet played, in its hand or its draw pile.
    """

    unknown_in_hand: int
    held: Cards
    last: Cards


class _Misfit(Exception):
    """The log does not fit what the replay knows."""


def _without(cards: Cards, card: int) -> Cards | None:
    if card not in cards:
        return None
    rest = list(cards)
    rest.remove(card)
    return tuple(rest)


class Knowledge:
    """The replayed game: exact piles, hidden counts, the opponent's branches."""

    def __init__(self, start: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.opponent = 1 - seat
        self.piles: list[list[int]] = [[] for _ in range(RING_SIZE)]
        self.down: list[int] = [0] * RING_SIZE
        self.draw_size = [0, 0]
        self.reshuffled = [False, False]
        self.own_draw: list[int] = []  # after the own reshuffle: its cards
        self.branches: set[Branch] = {Branch(0, (), ())}
        self.pending: list[tuple[int, int]] = []  # a dance's movers (position, index)
        self.removed: list[tuple[int, ...]] = [(), ()]
        for name, side in SEAT_INDEX.items():
            player = start["players"][name]
            for tree in player["trees"]:
                position = POSITION_INDEX[tree["position"]]
                if tree["covered"]:
                    raise _Misfit
                if tree["top"] is not None:
                    self.piles[position].append(CARD_INDEX[tree["top"]])
                self.down[position] = tree["down"]
            board = player["cult_board"]
            if board["count"] != (board["top"] is not None):
                raise _Misfit
            if board["top"] is not None:
                self.piles[CULT_POSITION[side]].append(CARD_INDEX[board["top"]])
            self.draw_size[side] = player["draw_pile_size"]
            self.removed[side] = tuple(player["removed"])
            if side == self.opponent:
                self.branches = {Branch(player["hand_size"], (), ())}

    # -- the events --------------------------------------------------------------
    def apply(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        handler = _HANDLERS.get(kind)  # type: ignore[arg-type]
        if handler is not None:
            handler(self, event)

    def _waltz(self, event: dict[str, Any]) -> None:
        card = CARD_INDEX[event["card"]]
        position = POSITION_INDEX[event["position"]]
        if SEAT_INDEX[event["player"]] == self.opponent:
            self._opponent_plays(card)
        self.piles[position].append(card)
        # The dance's movers, fixed before anything moves (as the engine does).
        value, step = CARD_VALUE[card], CARD_STEP[card]
        movers = []
        scan = position
        for _ in range(RING_SIZE - 1):
            scan = (scan + step) % RING_SIZE
            pile = self.piles[scan]
            if pile and not IS_CULT_BOARD[scan] and CARD_VALUE[pile[-1]] == value:
                movers.append((scan, len(pile) - 1))
        self.pending = movers

    def _dance(self, event: dict[str, Any]) -> None:
        if not self.pending:
            raise _Misfit
        source, index = self.pending.pop(0)
        card = CARD_INDEX[event["card"]]
        if POSITION_INDEX[event["from"]] != source or self.piles[source][index] != card:
            raise _Misfit
        del self.piles[source][index]
        self.piles[POSITION_INDEX[event["to"]]].append(card)

    def _take_top(self, position: int, card: int) -> None:
        pile = self.piles[position]
        if not pile or pile[-1] != card:
            raise _Misfit
        pile.pop()

    def _collect(self, event: dict[str, Any]) -> None:
        card = CARD_INDEX[event["card"]]
        self._take_top(POSITION_INDEX[event["from"]], card)
        self.piles[POSITION_INDEX[event["to"]]].append(card)

    def _withdraw(self, event: dict[str, Any]) -> None:
        card = CARD_INDEX[event["card"]]
        if event["from"] == "hand":
            if SEAT_INDEX[event["player"]] == self.opponent:
                self._opponent_plays(card)
        else:
            self._take_top(POSITION_INDEX[event["from"]], card)
        self.piles[POSITION_INDEX[event["to"]]].append(card)

    def _turn_up(self, event: dict[str, Any]) -> None:
        position = POSITION_INDEX[event["position"]]
        if self.down[position] < 1 or self.piles[position]:
            raise _Misfit
        self.down[position] -= 1
        self.piles[position].append(CARD_INDEX[event["card"]])

    def _flip(self, event: dict[str, Any]) -> None:
        position = POSITION_INDEX[event["position"]]
        cards = [CARD_INDEX[moved["card"]] for moved in event["cards"]]
        hidden = self.down[position]
        up = self.piles[position]
        if len(cards) != hidden + len(up) or cards[hidden:] != up:
            raise _Misfit
        self.piles[position] = []
        self.down[position] = 0
        for moved, card in zip(event["cards"], cards):
            self.piles[POSITION_INDEX[moved["to"]]].append(card)

    def _reshuffle(self, event: dict[str, Any]) -> None:
        side = SEAT_INDEX[event["player"]]
        board = CULT_POSITION[side]
        cards = tuple(sorted(self.piles[board]))
        if self.draw_size[side] or len(cards) != event["count"]:
            raise _Misfit
        self.piles[board] = []
        self.draw_size[side] = len(cards)
        self.reshuffled[side] = True
        if side == self.seat:
            self.own_draw = list(cards)
        else:
            self.branches = {
                Branch(b.unknown_in_hand, tuple(sorted(b.held + b.last)), cards)
                for b in self.branches
            }

    def _draw(self, event: dict[str, Any]) -> None:
        side = SEAT_INDEX[event["player"]]
        count = event["count"]
        if count > self.draw_size[side]:
            raise _Misfit
        self.draw_size[side] -= count
        if side == self.seat:
            if self.reshuffled[side]:
                for name in event.get("cards") or ():
                    self.own_draw.remove(CARD_INDEX[name])  # ValueError: a misfit
        elif not self.reshuffled[side]:
            self.branches = {
                Branch(b.unknown_in_hand + count, b.held, b.last) for b in self.branches
            }

    def _opponent_plays(self, card: int) -> None:
        """The opponent plays ``card`` from its hand: each branch it can come from."""
        in_pile = self.draw_size[self.opponent]
        branches: set[Branch] = set()
        for b in self.branches:
            if b.unknown_in_hand and CARD_CULT[card] == self.opponent:
                branches.add(Branch(b.unknown_in_hand - 1, b.held, b.last))
            held = _without(b.held, card)
            if held is not None:
                branches.add(Branch(b.unknown_in_hand, held, b.last))
            if len(b.last) > in_pile:  # some card of the last reshuffle is in hand
                last = _without(b.last, card)
                if last is not None:
                    branches.add(Branch(b.unknown_in_hand, b.held, last))
        if not branches:
            raise _Misfit
        self.branches = branches

    # -- what is left hidden -------------------------------------------------------
    def known(self, branch: Branch) -> Counter[int]:
        """Every card whose place is known in ``branch`` (the own hand excluded)."""
        cards: Counter[int] = Counter()
        for pile in self.piles:
            cards.update(pile)
        cards.update(self.own_draw)
        cards.update(branch.held)
        cards.update(branch.last)
        return cards


_HANDLERS = {
    "waltz": Knowledge._waltz,
    "dance": Knowledge._dance,
    "collect": Knowledge._collect,
    "withdraw": Knowledge._withdraw,
    "turn_up": Knowledge._turn_up,
    "flip": Knowledge._flip,
    "reshuffle": Knowledge._reshuffle,
    "draw": Knowledge._draw,
}


@dataclass
class _Plan:
    """A branch that fits, with the never-seen cards of each cult."""

    branch: Branch
    unseen: list[list[int]]


class ExactDeals:
    """Deals that fit everything the seat observed (see the module)."""

    def __init__(self, knowledge: Knowledge, view: dict[str, Any]) -> None:
        self.knowledge = knowledge
        self.seat = knowledge.seat
        self.opponent = knowledge.opponent
        own_hand = [CARD_INDEX[name] for name in view["players"][_name(self.seat)]["hand"] or []]
        self.opponent_hand_size = view["players"][_name(self.opponent)]["hand_size"]
        self.down_slots = [
            [(p, knowledge.down[p]) for p in TREE_POSITIONS[side] if knowledge.down[p]]
            for side in (0, 1)
        ]
        self.plans: list[_Plan] = []
        for branch in sorted(knowledge.branches, key=lambda b: (b.unknown_in_hand, b.held, b.last)):
            plan = self._plan(branch, own_hand)
            if plan is not None:
                self.plans.append(plan)

    def _slots(self, side: int, branch: Branch) -> int:
        """How many never-seen cards of ``side``'s cult the deal places."""
        k = self.knowledge
        count = sum(n for _p, n in self.down_slots[side])
        if not k.reshuffled[side]:
            count += k.draw_size[side]
        if side == self.opponent:
            count += branch.unknown_in_hand
        return count

    def _plan(self, branch: Branch, own_hand: list[int]) -> _Plan | None:
        k = self.knowledge
        in_hand = branch.unknown_in_hand + len(branch.held)
        if k.reshuffled[self.opponent]:
            if len(branch.last) < k.draw_size[self.opponent]:
                return None
            in_hand += len(branch.last) - k.draw_size[self.opponent]
        if in_hand != self.opponent_hand_size:
            return None
        known = k.known(branch)
        known.update(own_hand)
        unseen: list[list[int]] = []
        for cult in (0, 1):
            pool = Counter(full_deck(cult))
            pool.subtract(card for card in known.elements() if CARD_CULT[card] == cult)
            if min(pool.values(), default=0) < 0:
                return None
            cards = sorted(pool.elements())
            values = Counter(CARD_VALUE[card] for card in cards)
            removed = Counter(k.removed[cult])
            if any(values[value] < n for value, n in removed.items()):
                return None
            if len(cards) - len(k.removed[cult]) != self._slots(cult, branch):
                return None
            unseen.append(cards)
        return _Plan(branch, unseen)

    def count_branches(self) -> int:
        return len(self.plans)

    def sample(self, template: State, rng: random.Random) -> State:
        """One full state that fits everything observed (``template``: the view's)."""
        k = self.knowledge
        plan = self.plans[rng.randrange(len(self.plans))] if len(self.plans) > 1 else self.plans[0]
        state = template.copy()
        draw = rng.random
        for position, pile in enumerate(k.piles):
            state.up[position] = list(pile)
        pools = []
        for cult in (0, 1):
            pool = sorted(plan.unseen[cult], key=lambda _card: draw())
            for value in k.removed[cult]:
                for index, card in enumerate(pool):
                    if CARD_VALUE[card] == value:
                        del pool[index]
                        break
            pools.append(pool)
        for side in (0, 1):
            pool = pools[side]
            for position, count in self.down_slots[side]:
                state.down[position] = tuple(pool[len(pool) - count:])
                del pool[len(pool) - count:]
        own, opponent = self.seat, self.opponent
        if k.reshuffled[own]:
            state.draw[own] = sorted(k.own_draw, key=lambda _card: draw())
        else:
            state.draw[own] = pools[own][: k.draw_size[own]]
        branch = plan.branch
        pool = pools[opponent]
        hand = pool[: branch.unknown_in_hand] + list(branch.held)
        if k.reshuffled[opponent]:
            last = sorted(branch.last, key=lambda _card: draw())
            size = k.draw_size[opponent]
            state.draw[opponent] = last[:size]
            hand += last[size:]
        else:
            state.draw[opponent] = pool[branch.unknown_in_hand:]
        hand.sort(key=lambda _card: draw())
        state.hand[opponent] = hand
        state.seed = rng.getrandbits(32)
        return state


def _name(seat: int) -> str:
    return "moon" if seat == 0 else "sun"


def replay(start: dict[str, Any], events: list[dict[str, Any]], view: dict[str, Any]
           ) -> ExactDeals | None:
    """The exact deals for ``view`` after ``events`` from ``start``, or ``None``
    when the log does not fit the view (or no deal fits at all)."""
    seat = SEAT_INDEX[view.get("viewer") or view["to_move"]]
    try:
        knowledge = Knowledge(start, seat)
        for event in events:
            knowledge.apply(event)
    except (_Misfit, KeyError, TypeError, ValueError, IndexError):
        return None
    if not _fits(knowledge, view):
        return None
    deals = ExactDeals(knowledge, view)
    return deals if deals.plans else None


def _fits(knowledge: Knowledge, view: dict[str, Any]) -> bool:
    """Do the replayed piles and counts show exactly what ``view`` shows?"""
    for name, side in SEAT_INDEX.items():
        player = view["players"][name]
        for tree in player["trees"]:
            position = POSITION_INDEX[tree["position"]]
            pile = knowledge.piles[position]
            top = CARD_INDEX[tree["top"]] if tree["top"] is not None else None
            if (pile[-1] if pile else None) != top or len(pile) != tree["covered"] + (
                    top is not None) or knowledge.down[position] != tree["down"]:
                return False
        board = player["cult_board"]
        pile = knowledge.piles[CULT_POSITION[side]]
        top = CARD_INDEX[board["top"]] if board["top"] is not None else None
        if (pile[-1] if pile else None) != top or len(pile) != board["count"]:
            return False
        if knowledge.draw_size[side] != player["draw_pile_size"]:
            return False
        if side == knowledge.seat and knowledge.reshuffled[side] and (
                len(knowledge.own_draw) != player["draw_pile_size"]):
            return False
    return True


__all__ = ["Branch", "ExactDeals", "Knowledge", "replay"]
