"""One *story* of the opponent's hidden cards: which card each unnamed move took.

``knowledge`` tells why the exact deals are stories and how they are drawn; this
module tells one. A card drawn unseen is a *token* of its pile, an item of its
own (odd negative numbers the influence pile's, even ones the action pile's), so
that a story can say at the end which card each token became: the placement
habits (``placement``) weigh the hand each card was placed from. A token gets
its card when the log names it, or at the end from what its pile still holds.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

from games.rules.caesar_cleopatra.constants import (
    CARD_KIND,
    IS_ACTION,
    N_CARDS,
    N_GROUPS,
    action_deck,
    card_code,
    influence_deck,
)

from .log_ops import (
    CASTLE,
    DOWN,
    DRAW,
    HAND,
    NAMED,
    OFF,
    SETUP_CARDS,
    SETUP_OP,
    SHOWN,
    UP,
    WRATH,
    Op,
)
from .placement import Placement
from .setup_prior import SetupPrior

PILE, ACTIONS = -1, -2  # a token's source: a card not yet named, by its pile
STEPS = 400  # choices tried in one story before it is told anew
SETUP_TRIES = 4  # orders of the setup cards tried in turn (each with STEPS of its own)
# An order whose whole story was searched without a way through (no step limit
# met, no castling split left untried) is dead for every later story of the
# decision: the setup comes first, so nothing told before it differs.
NEEDED_WEIGHT = 0.2  # see Story._down_options
CASTLE_SPLITS = 64  # ways a castling's cards can have gone, tried in turn (at most)

Cards = tuple[int, ...]  # cards and tokens (PILE, ACTIONS), sorted
Deal = tuple[list[int], list[list[int]], list[int], list[int]]  # hand, down, piles


def pile_of(item: int) -> int:
    """The pile a token (a negative item) was drawn from: odd ones the influence pile.
    Each token drawn is an item of its own, so a story can tell which card a token
    became (the placement habits weigh the hand a card went face down from)."""
    return PILE if item % 2 else ACTIONS


class Dead(Exception):
    """The story told so far cannot explain the log."""


class Story:
    """One telling of the log: tokens and known cards, where they are."""

    def __init__(self, opponent: int, rng: random.Random,
                 dead_orders: set[tuple[int, ...]] | None = None,
                 prior: SetupPrior | None = None,
                 habits: tuple[float, ...] | None = None,
                 placement: Placement | None = None) -> None:
        self.rng = rng
        self.prior = prior
        self.habits = habits
        self.placement = placement
        self.weight = 1.0  # the product of ``habits`` and ``placement`` over its placements
        self.tokens = 0  # tokens drawn so far
        #: The card each token became, once named.
        self.names: dict[int, int] = {}
        #: Each card placed in play: face up, the item, and the hand's influence
        #: items it was chosen from.
        self.placed: list[tuple[bool, int, list[int]]] = []
        # Per group: its setup card is still the first of its face-down cards.
        self.setup_left = [False] * N_GROUPS
        self.order: tuple[int, ...] | None = None  # the setup's, once chosen
        self.dead_orders = set() if dead_orders is None else dead_orders
        self.cut = False  # a castling's splits were cut to CASTLE_SPLITS
        pile = Counter(influence_deck(opponent))
        for value in SETUP_CARDS:
            pile[card_code(opponent, value)] -= 2
        # Per source, how many of each card (by code) it still holds.
        self.sources: dict[int, list[int]] = {
            source: [cards[code] for code in range(N_CARDS)]
            for source, cards in ((PILE, pile), (ACTIONS, Counter(action_deck(opponent))))}
        self.hand: list[int] = []
        self.down: list[list[int]] = [[] for _ in range(N_GROUPS)]
        self.up: list[list[int]] = [[] for _ in range(N_GROUPS)]
        self.opponent = opponent

    def _source_of(self, card: int) -> int:
        return ACTIONS if IS_ACTION[card] else PILE

    def _token(self, source: int) -> int:
        """A new token of ``source``'s pile."""
        number = self.tokens
        self.tokens += 1
        return -(2 * number + 3) if source == PILE else -(2 * number + 4)

    def _tokens_of(self, source: int) -> list[int]:
        return [item for item in self.hand if item < 0 and pile_of(item) == source]

    def _any_token(self, source: int) -> int:
        """One of the hand's tokens of ``source``: at random when the placements are
        weighed (the tokens were in hand for different choices), else the first (they
        are alike, and the stories draw as many random numbers as before tokens had
        names of their own)."""
        tokens = self._tokens_of(source)
        if self.placement is None:
            return tokens[0]
        return tokens[int(self.rng.random() * len(tokens))]

    def named_options(self, card: int) -> list[bool]:
        """Where ``card``, leaving the hand by name, can come from: ``True`` a
        known copy, ``False`` a token named now (the likelier first)."""
        hand = self.hand
        known = hand.count(card)
        source = self._source_of(card)
        pool = self.sources[source]
        token_weight = len(self._tokens_of(source)) * pool[card] / max(1, sum(pool))
        if not known:
            return [False] if token_weight else []
        if not token_weight:
            return [True]
        first = self.rng.random() * (known + token_weight) < known
        return [first, not first]

    def take_named(self, card: int, known: bool) -> None:
        if known:
            self.hand.remove(card)
        else:
            token = self._any_token(self._source_of(card))
            self.hand.remove(token)
            self.names[token] = card
            self.sources[self._source_of(card)][card] -= 1

    def name_all(self, items: list[int], cards: Counter[int]) -> None:
        """The ``items`` (known cards and tokens) are exactly ``cards``: name the tokens."""
        rest = Counter(cards)
        tokens = []
        for item in items:
            if item >= 0:
                if rest[item] <= 0:
                    raise Dead
                rest[item] -= 1
            else:
                tokens.append(item)
        names = list((+rest).elements())
        if len(names) != len(tokens):
            raise Dead
        if not self._assign(tokens, names):
            raise Dead

    def _assign(self, tokens: list[int], names: list[int]) -> bool:
        """Give each token one of ``names`` its source still holds (backtracking)."""
        if not tokens:
            return True
        token = tokens[0]
        pool = self.sources[pile_of(token)]
        options = sorted(set(names), key=lambda _card: self.rng.random())
        for card in options:
            if pool[card] > 0:
                pool[card] -= 1
                self.names[token] = card
                rest = list(names)
                rest.remove(card)
                if self._assign(tokens[1:], rest):
                    return True
                pool[card] += 1
        return False

    def snapshot(self) -> tuple[Any, ...]:
        return (self.hand[:], [d[:] for d in self.down], [u[:] for u in self.up],
                {source: pool[:] for source, pool in self.sources.items()}, self.setup_left[:],
                dict(self.names), self.placed[:])

    def restore(self, saved: tuple[Any, ...]) -> None:
        hand, down, up, sources, setup_left, names, placed = saved
        self.names, self.placed = dict(names), placed[:]
        self.setup_left = setup_left[:]
        self.hand, self.down, self.up = hand[:], [d[:] for d in down], [u[:] for u in up]
        self.sources = {source: pool[:] for source, pool in sources.items()}

    def tell(self, ops: list[Op], backtrack: bool) -> Deal:
        """The story to its end, choosing at random; with ``backtrack``, going
        back a choice when the log cannot be explained (at most ``STEPS``
        choices tried), else dropping the story at once (cheaper: no copies)."""
        self.steps = 0
        if not backtrack:
            for op in ops:
                options = self._choices(op)
                if options is None:
                    self._apply(op)
                elif options:
                    self._choose(op, options[0])
                else:
                    raise Dead
            return self._finish()
        deal = self._tell(ops, 0)
        if deal is None:
            raise Dead
        return deal

    def _tell(self, ops: list[Op], start: int) -> Deal | None:
        for index in range(start, len(ops)):
            op = ops[index]
            code = op[0]
            options = self._choices(op)
            if options is None:
                self._apply(op)
                continue
            saved = self.snapshot() if len(options) > 1 else None
            # Each order of the setup cards gets steps of its own: often only one
            # order fits the log, and a wrong one tried first used up the story.
            own_steps = code == SETUP_OP
            for option in options:
                if own_steps:
                    self.steps = 0
                    self.cut = False
                self.steps += 1
                if self.steps > STEPS:
                    raise Dead
                try:
                    self._choose(op, option)
                    deal = self._tell(ops, index + 1)
                    if deal is not None:
                        return deal
                except Dead:
                    if self.steps > STEPS and not own_steps:
                        raise
                if own_steps and self.steps <= STEPS and not self.cut:
                    self.dead_orders.add(option)  # searched through: no story follows it
                if saved is None:
                    return None
                self.restore(saved)
            return None
        return self._finish()

    def _choices(self, op: Op) -> list[Any] | None:
        """The ways an op can go (``None``: one way, no choice)."""
        code = op[0]
        if code in (NAMED, UP):
            return self.named_options(op[1])
        if code == DOWN:
            return self._down_options(op[1], op[2], op[3])
        if code == CASTLE:
            return self._castle_options(*op[1:])
        if code == SETUP_OP:  # distinct orders, in random order (the first by the prior)
            live = [order for order in op[1] if order not in self.dead_orders]
            shuffled = sorted(live, key=lambda _order: self.rng.random())
            if self.prior is not None and len(shuffled) > 1:
                shuffled.insert(0, shuffled.pop(self.prior.pick(shuffled, self.rng)))
            return shuffled[:SETUP_TRIES]
        return None

    def _choose(self, op: Op, option: Any) -> None:
        code = op[0]
        if code in (NAMED, UP):
            if code == UP:
                self._record(True, op[1])
            self.take_named(op[1], option)
            if code == UP:
                self.up[op[2]].append(op[1])
        elif code == DOWN:
            if option == PILE:
                option = self._any_token(PILE)
            self._record(False, option)
            self.hand.remove(option)
            self.down[op[1]].append(option)
        elif code == SETUP_OP:
            self.hand = [card_code(self.opponent, value) for value in SETUP_CARDS]
            self.down = [[card] for card in option]
            self.order = option
            self.setup_left = [True] * N_GROUPS
        else:
            g1, _n1, g2, _n2 = op[1:]
            self.down[g1], self.down[g2] = list(option[0]), list(option[1])
            self.setup_left[g1] = self.setup_left[g2] = False
            self.up[g1], self.up[g2] = [], []

    def _record(self, face_up: bool, item: int) -> None:
        """Keep a card placed in play (face up or down) and the hand's influence
        items it was chosen from, for the placement habits."""
        if self.placement is not None:
            self.placed.append((face_up, item, [
                other for other in self.hand
                if (other >= 0 and not IS_ACTION[other]) or (other < 0 and pile_of(other) == PILE)
            ]))

    def _castle_options(self, g1: int, n1: int, g2: int, n2: int) -> list[tuple[Cards, Cards]]:
        """The ways a castling can have split the two groups' cards (and tokens): each
        distinct pair of face-down piles once, in random order, at most
        ``CASTLE_SPLITS``. (Four random shuffles were tried before; when one split
        only fits the log's later reveals, most stories never met it.)"""
        items = self.up[g1] + self.down[g1] + self.up[g2] + self.down[g2]
        if len(items) != n1 + n2:
            return []
        # Splits that differ only in which tokens of a pile went where are one.
        def kind(item: int) -> int:
            return item if item >= 0 else pile_of(item)

        kinds = [kind(item) for item in items]
        splits: dict[Cards, tuple[Cards, Cards]] = {}
        for chosen in combinations(range(len(items)), n1):
            key = tuple(sorted(kinds[index] for index in chosen))
            if key not in splits:
                picked = set(chosen)
                splits[key] = (tuple(sorted((items[index] for index in chosen), key=kind)),
                               tuple(item for index, item in enumerate(items)
                                     if index not in picked))
        options = list(splits.values())
        options.sort(key=lambda _split: self.rng.random())
        if len(options) > CASTLE_SPLITS:
            self.cut = True  # a story that fails now has not tried every split
        return options[:CASTLE_SPLITS]

    def _apply(self, op: Op) -> None:
        code = op[0]
        if code == DRAW:
            self.hand += ([self._token(PILE) for _ in range(op[1])]
                          + [self._token(ACTIONS) for _ in range(op[2])])
        elif code == HAND:
            self.name_all(self.hand, op[1])
            self.hand = list(op[1].elements())
        elif code == SHOWN:  # a group's face-down cards turned up
            group, cards = op[1], op[2]
            self.name_all(self.down[group], cards)
            self.down[group] = []
            self.setup_left[group] = False
            self.up[group] += list(cards.elements())
        elif code == WRATH:
            group, cards = op[1], op[2]
            up = Counter(self.up[group])
            if up - cards:
                raise Dead
            self.name_all(self.down[group], cards - up)
            self.down[group] = []
            self.setup_left[group] = False
            self.up[group] = []
        elif code == OFF:
            group, cards = op[1], op[2]
            for card in cards:
                if card not in self.up[group]:
                    raise Dead
                self.up[group].remove(card)

    def _down_options(self, group: int, reveal: Counter[int] | None,
                      named: Counter[int]) -> list[int]:
        """The hand's influence cards that can go face down at ``group`` (one
        item per kind, a random one first by count): a known card only if
        the group's next reveal can show it. A known card the hand will play
        by name before the next Spy is picked first less often (often no
        token could stand in for it then)."""
        there = Counter(item for item in self.down[group] if item >= 0)
        options = [
            PILE if item < 0 else item for item in self.hand
            if (item < 0 and pile_of(item) == PILE)
            or (item >= 0 and not IS_ACTION[item]
                and (reveal is None or reveal[item] > there[item]))
        ]
        if not options:
            return []
        weights = [NEEDED_WEIGHT if item >= 0 and named[item] else 1.0 for item in options]
        pick = self.rng.random() * sum(weights)
        first = options[-1]
        for item, weight in zip(options, weights):
            pick -= weight
            if pick < 0:
                first = item
                break
        rest = sorted(set(options) - {first}, key=lambda _item: self.rng.random())
        return [first, *rest]

    def _finish(self) -> Deal:
        """Name the tokens left at random; the sources' rest are the piles."""
        rng = self.rng
        drawn = {source: [code for code, n in enumerate(pool) for _ in range(n)]
                 for source, pool in self.sources.items()}
        for cards in drawn.values():
            cards.sort(key=lambda _card: rng.random())

        names = self.names

        def named(items: list[int]) -> list[int]:
            cards = []
            for item in items:
                if item < 0:
                    card = names[item] = drawn[pile_of(item)].pop()
                    item = card
                cards.append(item)
            return cards

        hand = named(self.hand)
        hand.sort(key=lambda _card: rng.random())
        down = [named(items) for items in self.down]
        if self.habits is not None:
            habits, weight = self.habits, 1.0
            for group, cards in enumerate(down):
                for card in cards[1 if self.setup_left[group] else 0:]:
                    weight *= habits[CARD_KIND[card]]
            self.weight = weight
        if self.placement is not None:
            self.weight *= self.placement.weight(
                [(face_up, names.get(item, item), [names.get(other, other) for other in hand_items])
                 for face_up, item, hand_items in self.placed])
        return hand, down, drawn[PILE], drawn[ACTIONS]


__all__ = ["ACTIONS", "PILE", "Dead", "Deal", "Story", "pile_of"]
