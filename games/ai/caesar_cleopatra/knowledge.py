"""Everything a seat has observed of the opponent's cards, kept exactly.

The opponent's hidden cards (its hand, its face-down cards, its two piles)
move only along the log: the setup puts one of each value 1..5 face down,
one per group, and leaves the other five in hand; draws take cards from a
pile unseen; the hand loses cards by name (a face-up card, an action card, a
Veto, a pass's discards, the card a Spy made it discard) or unnamed (a card
placed face down at a named group); a vote, a Scout or a Wrath names a
group's face-down cards; a castling gathers two groups' cards and puts them
face down again, so many at each; a Spy shows the whole hand. Cards never go
back to a pile.

So a deal that fits everything is the end of one *story*: which card each
unnamed move took. ``ExactDeals.sample`` tells one at random, lazily: a card
drawn unseen is a *token* of its pile (``PILE`` for influence, ``ACTIONS``),
a setup card a token of the setup (``SETUP``), and a token gets its card
only when the log names it (played by name, shown by a Spy, turned up at a
vote), from what its source still holds. A card placed face down is any
influence card of the hand, the known ones only when the group's next reveal
(before any castling there) can show them. A story that meets a name it
cannot explain is dropped and told anew; the tokens left at the end get
random cards of their sources, and what a pile's source still holds is the
pile. Every deal is therefore one the log allows, and every deal the log
allows can come out. With a ``setup_prior`` the order of the setup cards is
drawn by how likely players' habits make it (the first one tried; a story that
cannot follow it tries others at random), not evenly. With ``habits`` each
story is weighed by how likely its cards placed face down in play are (the
setup cards aside), and the deals after the first ``STORIES`` are drawn again
from the stories by that weight.

The log is read into ops by ``log_ops.parse``. ``replay(view, history)``
returns ``None`` when the log does not fit the view (counts, face-up
cards), which the site never sends.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import accumulate, combinations
from typing import Any

from games.ai.base import split_start
from games.rules.caesar_cleopatra.constants import (
    CARD_KIND,
    GROUPS,
    IS_ACTION,
    N_CARDS,
    N_GROUPS,
    SEAT_INDEX,
    SEATS,
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
    codes,
    parse,
)
from .setup_prior import SetupPrior

PILE, ACTIONS = -1, -2  # tokens: a card not yet named, by its source
STORIES = 64  # stories told per decision; later deals draw again from them
TRIES = 20  # stories told before giving up on one deal
PLAIN_FAILURES = 3  # plain stories failed in a row before backtracking
STEPS = 400  # choices tried in one story before it is told anew
SETUP_TRIES = 4  # orders of the setup cards tried in turn (each with STEPS of its own)
# An order whose whole story was searched without a way through (no step limit
# met, no castling split left untried) is dead for every later story of the
# decision: the setup comes first, so nothing told before it differs.
NEEDED_WEIGHT = 0.2  # see _Story._down_options
CASTLE_SPLITS = 64  # ways a castling's cards can have gone, tried in turn (at most)

Cards = tuple[int, ...]  # cards and tokens (PILE, ACTIONS), sorted
Deal = tuple[list[int], list[list[int]], list[int], list[int]]  # hand, down, piles


class _Dead(Exception):
    """The story told so far cannot explain the log."""


class NoStory(_Dead):
    """No story told in ``TRIES`` attempts explained the log (rare: the first deal is
    drawn when the deals are set up, later ones may also come from stories told)."""


class ExactDeals:
    """The opponent's hidden cards in every way the log allows (see the module)."""

    def __init__(self, opponent: int, ops: list[Op], prior: SetupPrior | None = None,
                 habits: tuple[float, ...] | None = None) -> None:
        self.opponent = opponent
        self.ops = ops
        #: How much likelier than its share of the hand each kind of influence card
        #: (philosopher, 1..5) is to be placed face down (None: all alike). Stories
        #: told are drawn again by the product over the cards placed face down.
        self.habits = habits
        self.weight = 1.0  # the story told last's
        self.weights: list[float] = []
        self.cumulative: list[float] | None = None
        #: How likely each order of the setup cards is (None: all alike).
        self.prior = prior
        #: The setup order of the deal sampled last (a card code per group; None
        #: before the first), so the bonus card can be drawn to fit it.
        self.order: tuple[int, ...] | None = None
        self.orders: list[tuple[int, ...] | None] = []  # each story's, as ``stories``
        self.failures = 0  # stories dropped (for the tests and the bench)
        self.backtrack = False  # set once plain stories keep failing here
        self.stories: list[Deal] = []
        #: The setup orders no story can follow (see ``SETUP_TRIES``).
        self.dead_orders: set[tuple[int, ...]] = set()
        #: How many deals are told anew before later ones draw from them: a
        #: puzzle's claim wants every one of its deals a story of its own.
        self.fresh = STORIES

    def sample(self, rng: random.Random) -> Deal:
        """One deal: the hand, the face-down cards per group, the influence and
        action piles. The first ``fresh`` deals (``STORIES``) are told anew, later ones
        drawn again from those (a story costs a few hundred microseconds, a
        search deals hundreds of times a decision); the hand's order is
        shuffled every time, and the caller shuffles the piles."""
        stories = self.stories
        if len(stories) >= self.fresh:
            if self.habits is None:
                index = int(rng.random() * len(stories))
            else:
                if self.cumulative is None:
                    self.cumulative = list(accumulate(self.weights))
                index = rng.choices(range(len(stories)), cum_weights=self.cumulative)[0]
            hand, down, pile, actions = stories[index]
            self.order = self.orders[index]
            draw = rng.random
            return (sorted(hand, key=lambda _card: draw()), [d[:] for d in down], pile[:],
                    actions[:])
        deal = self._tell(rng)
        hand, down, pile, actions = deal
        stories.append((hand[:], [d[:] for d in down], pile[:], actions[:]))
        self.orders.append(self.order)
        self.weights.append(self.weight)
        self.cumulative = None
        return deal

    def _tell(self, rng: random.Random) -> Deal:
        """A new story. Told plainly until stories fail ``PLAIN_FAILURES``
        times in a row here, then with backtracking."""
        failed = 0
        for _ in range(TRIES):
            try:
                story = _Story(self.opponent, rng, self.dead_orders, self.prior, self.habits)
                deal = story.tell(self.ops, self.backtrack)
                self.order = story.order
                self.weight = story.weight
                return deal
            except _Dead:
                self.failures += 1
                failed += 1
                if failed >= PLAIN_FAILURES:
                    self.backtrack = True
        raise NoStory


class _Story:
    """One telling of the log: tokens and known cards, where they are."""

    def __init__(self, opponent: int, rng: random.Random,
                 dead_orders: set[tuple[int, ...]] | None = None,
                 prior: SetupPrior | None = None,
                 habits: tuple[float, ...] | None = None) -> None:
        self.rng = rng
        self.prior = prior
        self.habits = habits
        self.weight = 1.0  # the product of ``habits`` over the cards placed face down
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

    def named_options(self, card: int) -> list[bool]:
        """Where ``card``, leaving the hand by name, can come from: ``True`` a
        known copy, ``False`` a token named now (the likelier first)."""
        hand = self.hand
        known = hand.count(card)
        source = self._source_of(card)
        pool = self.sources[source]
        token_weight = hand.count(source) * pool[card] / max(1, sum(pool))
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
            self.hand.remove(self._source_of(card))
            self.sources[self._source_of(card)][card] -= 1

    def name_all(self, items: list[int], cards: Counter[int]) -> None:
        """The ``items`` (known cards and tokens) are exactly ``cards``: name the tokens."""
        rest = Counter(cards)
        tokens = []
        for item in items:
            if item >= 0:
                if rest[item] <= 0:
                    raise _Dead
                rest[item] -= 1
            else:
                tokens.append(item)
        names = list((+rest).elements())
        if len(names) != len(tokens):
            raise _Dead
        if not self._assign(tokens, names):
            raise _Dead

    def _assign(self, tokens: list[int], names: list[int]) -> bool:
        """Give each token one of ``names`` its source still holds (backtracking)."""
        if not tokens:
            return True
        token = tokens[0]
        pool = self.sources[token]
        options = sorted(set(names), key=lambda _card: self.rng.random())
        for card in options:
            if pool[card] > 0:
                pool[card] -= 1
                rest = list(names)
                rest.remove(card)
                if self._assign(tokens[1:], rest):
                    return True
                pool[card] += 1
        return False

    def snapshot(self) -> tuple[Any, ...]:
        return (self.hand[:], [d[:] for d in self.down], [u[:] for u in self.up],
                {source: pool[:] for source, pool in self.sources.items()}, self.setup_left[:])

    def restore(self, saved: tuple[Any, ...]) -> None:
        hand, down, up, sources, setup_left = saved
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
                    raise _Dead
            return self._finish()
        deal = self._tell(ops, 0)
        if deal is None:
            raise _Dead
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
                    raise _Dead
                try:
                    self._choose(op, option)
                    deal = self._tell(ops, index + 1)
                    if deal is not None:
                        return deal
                except _Dead:
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
            self.take_named(op[1], option)
            if code == UP:
                self.up[op[2]].append(op[1])
        elif code == DOWN:
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

    def _castle_options(self, g1: int, n1: int, g2: int, n2: int) -> list[tuple[Cards, Cards]]:
        """The ways a castling can have split the two groups' cards (and tokens): each
        distinct pair of face-down piles once, in random order, at most
        ``CASTLE_SPLITS``. (Four random shuffles were tried before; when one split
        only fits the log's later reveals, most stories never met it.)"""
        items = self.up[g1] + self.down[g1] + self.up[g2] + self.down[g2]
        if len(items) != n1 + n2:
            return []
        splits: dict[Cards, tuple[Cards, Cards]] = {}
        for chosen in combinations(range(len(items)), n1):
            first = tuple(sorted(items[index] for index in chosen))
            if first not in splits:
                picked = set(chosen)
                splits[first] = (first, tuple(item for index, item in enumerate(items)
                                              if index not in picked))
        options = list(splits.values())
        options.sort(key=lambda _split: self.rng.random())
        if len(options) > CASTLE_SPLITS:
            self.cut = True  # a story that fails now has not tried every split
        return options[:CASTLE_SPLITS]

    def _apply(self, op: Op) -> None:
        code = op[0]
        if code == DRAW:
            self.hand += [PILE] * op[1] + [ACTIONS] * op[2]
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
                raise _Dead
            self.name_all(self.down[group], cards - up)
            self.down[group] = []
            self.setup_left[group] = False
            self.up[group] = []
        elif code == OFF:
            group, cards = op[1], op[2]
            for card in cards:
                if card not in self.up[group]:
                    raise _Dead
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
            item for item in self.hand
            if item == PILE or (item >= 0 and not IS_ACTION[item]
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

        def named(items: list[int]) -> list[int]:
            return [drawn[item].pop() if item < 0 else item for item in items]

        hand = named(self.hand)
        hand.sort(key=lambda _card: rng.random())
        down = [named(items) for items in self.down]
        if self.habits is not None:
            habits, weight = self.habits, 1.0
            for group, cards in enumerate(down):
                for card in cards[1 if self.setup_left[group] else 0:]:
                    weight *= habits[CARD_KIND[card]]
            self.weight = weight
        return hand, down, drawn[PILE], drawn[ACTIONS]


def replay(view: dict[str, Any], history: list[dict[str, Any]] | None,
           rng: random.Random | None = None,
           prior: SetupPrior | None = None,
           habits: tuple[float, ...] | None = None) -> ExactDeals | None:
    """The exact deals of the opponent's hidden cards for ``view`` after
    ``history`` (the seat's redacted log), or ``None`` when the log has no
    setup or does not fit the view."""
    _start, events = split_start(history)
    if not events or view.get("phase") != "play":
        return None
    seat = SEAT_INDEX[view.get("viewer") or view["to_move"]]
    try:
        ops = parse(events, seat)
        if ops is None:
            return None
        deals = ExactDeals(1 - seat, ops, prior, habits)
        hand, down, pile, actions = deals.sample(rng or random.Random(0))
    except (_Dead, KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None
    them = view["players"][SEATS[1 - seat]]
    if (len(hand) != them["hand_size"] or len(pile) != them["influence_pile_size"]
            or len(actions) != them["action_pile_size"]):
        return None
    if them["hand"] is not None and Counter(hand) != codes(them["hand"]):
        return None
    for group, name in enumerate(GROUPS):
        entry = view["groups"][name][SEATS[1 - seat]]
        if len(down[group]) != entry["down_count"]:
            return None
    return deals


__all__ = ["ExactDeals", "NoStory", "parse", "replay"]
