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
setup cards aside), with ``placement`` by how likely each card it has placed
was among the hand it had then (``placement``), and the deals after the first
``STORIES`` are drawn again from the stories by that weight. ``stories.Story``
tells one story.

The log is read into ops by ``log_ops.parse``. ``replay(view, history)``
returns ``None`` when the log does not fit the view (counts, face-up
cards), which the site never sends.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import accumulate
from typing import Any

from games.ai.base import split_start
from games.rules.caesar_cleopatra.constants import (
    GROUPS,
    SEAT_INDEX,
    SEATS,
)

from .log_ops import (
    Op,
    codes,
    parse,
)
from .placement import Placement
from .setup_prior import SetupPrior
from .stories import Dead, Deal, Story

STORIES = 64  # stories told per decision; later deals draw again from them
TRIES = 20  # stories told before giving up on one deal
PLAIN_FAILURES = 3  # plain stories failed in a row before backtracking


class NoStory(Dead):
    """No story told in ``TRIES`` attempts explained the log (rare: the first deal is
    drawn when the deals are set up, later ones may also come from stories told)."""


class ExactDeals:
    """The opponent's hidden cards in every way the log allows (see the module)."""

    def __init__(self, opponent: int, ops: list[Op], prior: SetupPrior | None = None,
                 habits: tuple[float, ...] | None = None,
                 placement: Placement | None = None) -> None:
        self.opponent = opponent
        self.ops = ops
        #: How much likelier than its share of the hand each kind of influence card
        #: (philosopher, 1..5) is to be placed face down (None: all alike). Stories
        #: told are drawn again by the product over the cards placed face down.
        self.habits = habits
        #: How players choose the card they put face down from their hand (None:
        #: any alike). Stories told are drawn again by how likely their choices were.
        self.placement = placement
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
            if self.habits is None and self.placement is None:
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
                story = Story(self.opponent, rng, self.dead_orders, self.prior, self.habits,
                               self.placement)
                deal = story.tell(self.ops, self.backtrack)
                self.order = story.order
                self.weight = story.weight
                return deal
            except Dead:
                self.failures += 1
                failed += 1
                if failed >= PLAIN_FAILURES:
                    self.backtrack = True
        raise NoStory


def replay(view: dict[str, Any], history: list[dict[str, Any]] | None,
           rng: random.Random | None = None,
           prior: SetupPrior | None = None,
           habits: tuple[float, ...] | None = None,
           placement: Placement | None = None) -> ExactDeals | None:
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
        deals = ExactDeals(1 - seat, ops, prior, habits, placement)
        hand, down, pile, actions = deals.sample(rng or random.Random(0))
    except (Dead, KeyError, TypeError, ValueError, AttributeError, IndexError):
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
