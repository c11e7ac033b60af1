"""From a player's view to plausible full states (determinizations).

A bot sees only the view: visible tops, counts, druids, signs and its own
hand. To search, it deals the cards it has not seen into the hidden places
(the opponent's hand, face-down cards, covered cards, the cult-board piles
below their tops, both draw piles) and gets a complete ``State`` the
engine's fast path can play on. Every such state shows the bot exactly the
view it was built from, and holds each cult's 30 cards minus the handicap.

The unseen cards of a cult are its 30 cards minus the ones visible in the
view (tops and the bot's own hand). A handicap removed cards of known value
but unknown arrow, so each deal removes, per removed value, a random unseen
card of that value.

Where cards lie is not uniform: face-down cards always come from their
owner's deck (only the setup puts cards face-down), and cards mostly stay on
their owner's side (hands and draw piles hold the owner's cult until a
reshuffle mixes in collected cards). So a deal gives each side's hidden
places its own cult's cards first, and only the rest at random.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.rules.druidenwalzer.constants import (
    CARD_CULT,
    CARD_INDEX,
    CARD_VALUE,
    COLOUR_INDEX,
    CULT_POSITION,
    NO_DRUID,
    PHASE_INDEX,
    POSITION_INDEX,
    SEAT_INDEX,
    full_deck,
)
from games.rules.druidenwalzer.state import State

from ..base import split_start
from .knowledge import ExactDeals, replay
from .memory import Pile, known_cards, remember

SIDES = (0, 1)


class Observation:
    """What one view tells, parsed once per decision into engine terms.

    ``template`` is a ``State`` with everything the view shows filled in
    (hidden places empty); ``sample`` copies it and deals the unseen cards.
    """

    def __init__(self, view: dict[str, Any], history: list[dict[str, Any]] | None = None) -> None:
        viewer = view.get("viewer") or view["to_move"]
        start, events = split_start(history)
        # With the first view the log is replayed exactly (``knowledge``);
        # without it, or when it does not fit, the older lower bounds apply.
        self.exact: ExactDeals | None = (
            replay(start, events, view) if start is not None else None)
        memory = remember(view, events if self.exact is None else None)
        self.seat: int = SEAT_INDEX[viewer]
        template = State()
        template.phase = PHASE_INDEX[view["phase"]]
        template.to_move = SEAT_INDEX[view["to_move"]] if view["to_move"] else None
        template.winner = SEAT_INDEX[view["winner"]] if view["winner"] else None
        template.turn = view["turn"]
        # Hidden places, per side: (position, count) of face-down cards;
        # (position, count of unknown cards, the remembered pile or None) of
        # the covered cards and of the cult-board pile below its top.
        self.down_slots: list[list[tuple[int, int]]] = [[], []]
        self.covered_slots: list[list[tuple[int, int, Pile | None]]] = [[], []]
        self.draw_size: list[int] = [0, 0]
        self.hand_size: list[int] = [0, 0]
        seen: list[Counter[int]] = [Counter(), Counter()]  # per cult
        for name, seat in SEAT_INDEX.items():
            player = view["players"][name]
            for tree in player["trees"]:
                position = POSITION_INDEX[tree["position"]]
                template.druid[position] = (
                    COLOUR_INDEX[tree["druid"]] if tree["druid"] else NO_DRUID
                )
                template.signs[position] = tree["signs"]
                template.flipped[position] = tree["flipped"]
                if tree["top"] is not None:
                    card = CARD_INDEX[tree["top"]]
                    template.up[position] = [card]
                    seen[CARD_CULT[card]][card] += 1
                if tree["down"]:
                    self.down_slots[seat].append((position, tree["down"]))
                if tree["covered"]:
                    self.covered_slots[seat].append(
                        _slot(position, tree["covered"], memory.covered.get(position)))
            board = player["cult_board"]
            if board["top"] is not None:
                card = CARD_INDEX[board["top"]]
                template.up[CULT_POSITION[seat]] = [card]
                seen[CARD_CULT[card]][card] += 1
            below = max(board["count"] - 1, 0)
            self.covered_slots[seat].append(
                _slot(CULT_POSITION[seat], below, memory.covered.get(CULT_POSITION[seat])))
            self.draw_size[seat] = player["draw_pile_size"]
            self.hand_size[seat] = player["hand_size"]
            template.removed[seat] = tuple(player["removed"])
        hand = [CARD_INDEX[name] for name in view["players"][viewer]["hand"] or []]
        template.hand[self.seat] = hand
        for card in hand:
            seen[CARD_CULT[card]][card] += 1
        for card in known_cards(memory).elements():
            seen[CARD_CULT[card]][card] += 1
        # The own draw pile: its remembered cards, and how many are unknown.
        self.own_draw: list[int] | None = None
        self.own_draw_unknown = 0
        if memory.own_draw is not None:
            self.own_draw = [card for card in memory.own_draw if card is not None]
            self.own_draw_unknown = len(memory.own_draw) - len(self.own_draw)
        self.opponent_draw_from = (
            Counter(card for card in memory.opponent_draw_from if card is not None)
            if memory.opponent_draw_from is not None else None
        )
        self.template = template
        self.removed = template.removed
        # The unseen cards of each cult, before the handicap is taken out.
        self.unseen: list[list[int]] = []
        for cult in SIDES:
            pool = Counter(full_deck(cult))
            pool.subtract(seen[cult])
            self.unseen.append(sorted(pool.elements()))

    def _deal_opponent_draw(self, state: State, pools: list[list[int]], opponent: int,
                            rng: random.Random) -> None:
        """The opponent's draw pile, from the unseen cards of its last reshuffle
        (pools are shuffled, so their first fitting cards are random ones)."""
        assert self.opponent_draw_from is not None  # sample calls this only when known
        limit = self.opponent_draw_from.copy()
        candidates: list[tuple[float, int]] = []
        for cult in SIDES:
            for card in pools[cult]:
                if limit[card] > 0:
                    limit[card] -= 1
                    candidates.append((rng.random(), card))
        candidates.sort()
        size = self.draw_size[opponent]
        pile = state.draw[opponent]
        for _key, card in candidates[:size]:
            pools[CARD_CULT[card]].remove(card)
            pile.append(card)
        for _ in range(size - len(pile)):  # only if the log misled us
            cult = 0 if len(pools[0]) >= len(pools[1]) else 1
            pile.append(pools[cult].pop())

    def sample(self, rng: random.Random) -> State:
        """One plausible full state consistent with the view (and, with a
        first view in the history, with everything the seat observed)."""
        if self.exact is not None:
            return self.exact.sample(self.template, rng)
        state = self.template.copy()
        draw = rng.random
        pools: list[list[int]] = []
        for cult in SIDES:
            # Sorting by random keys is a uniform shuffle, and several
            # times faster than random.shuffle in CPython.
            pool = sorted(self.unseen[cult], key=lambda _card: draw())
            for value in self.removed[cult]:
                # The pool is shuffled: its first card of this value is a
                # random one, as the setup's "first of that value" is.
                for index, card in enumerate(pool):
                    if CARD_VALUE[card] == value:
                        del pool[index]
                        break
            pools.append(pool)

        # 1. Face-down cards: always the owner's cult.
        for side in SIDES:
            pool = pools[side]
            for position, count in self.down_slots[side]:
                state.down[position] = tuple(pool[len(pool) - count :])
                del pool[len(pool) - count :]

        # 2. The draw piles the log pins down: the own pile exactly after a
        #    reshuffle, the opponent's within the set it reshuffled.
        opponent = 1 - self.seat
        dealt_draw = [False, False]
        if self.own_draw is not None:
            dealt_draw[self.seat] = True
        if self.opponent_draw_from is not None:
            self._deal_opponent_draw(state, pools, opponent, rng)
            dealt_draw[opponent] = True

        # 3. The other hidden places, each side's from its own cult first;
        #    a place left short takes from the mixed rest afterwards.
        short: list[tuple[list[int], int]] = []
        fills: list[tuple[int, list[int], Pile | None]] = []
        for side in SIDES:
            pool = pools[side]
            places: list[tuple[list[int], int]] = []
            if side == opponent:
                places.append((state.hand[side], self.hand_size[side]))
            if not dealt_draw[side]:
                places.append((state.draw[side], self.draw_size[side]))
            elif side == self.seat and self.own_draw_unknown:
                places.append((state.draw[side], self.own_draw_unknown))
            for position, count, remembered in self.covered_slots[side]:
                fill: list[int] = []
                fills.append((position, fill, remembered))
                places.append((fill, count))
            for target, count in places:
                take = min(count, len(pool))
                if take:
                    target.extend(pool[len(pool) - take :])
                    del pool[len(pool) - take :]
                if take < count:
                    short.append((target, count - take))
        if short:
            rest = sorted(pools[0] + pools[1], key=lambda _card: draw())
            for target, count in short:
                target.extend(rest[len(rest) - count :])
                del rest[len(rest) - count :]
        if self.own_draw is not None:
            own = state.draw[self.seat]
            own.extend(self.own_draw)
            own.sort(key=lambda _card: draw())
        # 4. The covered piles: remembered cards where they lay, dealt cards
        #    in the unknown places; the visible top goes back on top.
        template_up = self.template.up
        for position, fill, remembered in fills:
            if remembered is None:
                pile = fill
            else:
                pile = [card if card is not None else fill.pop() for card in remembered]
            if template_up[position]:
                pile.append(template_up[position][0])
            state.up[position] = pile
        state.seed = rng.getrandbits(32)  # reshuffles in a search are random
        return state


def _slot(position: int, count: int, remembered: Pile | None) -> tuple[int, int, Pile | None]:
    """A covered place: how many of its ``count`` cards are unknown, and the
    remembered pile (``None`` entries unknown) when the log gave one."""
    if remembered is None or len(remembered) != count:
        return (position, count, None)
    return (position, sum(1 for card in remembered if card is None), remembered)


def determinize(view: dict[str, Any], rng: random.Random) -> State:
    """One plausible full state for ``view`` (see ``Observation.sample``)."""
    return Observation(view).sample(rng)
