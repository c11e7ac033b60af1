"""What the opponent's face-down setup cards and bonus card likely are.

At setup each player puts one card of each value 1..5 face down, one per group,
after drawing a bonus card in secret. Players do not put them at random: the
bonus card's group gets a 4 or a 5 four times in five, the two small groups
(Aediles, Censors: three patricians) mostly a 1 or a 3. So an order of the
setup cards is not equally likely, and it tells something of the bonus card.

``COUNTS[bonus][group][value - 1]`` counts where the heuristic level put each
value, by the bonus card it drew (``bench/cc_fit_setup.py``, 1,000 games, both
seats). The chance of a whole order given the bonus card is the product of the
groups' shares (each smoothed by ``SMOOTHING`` counts), normalised over the 120
orders. ``SetupPrior`` weighs the orders the log still allows
(``knowledge.ExactDeals``) by that chance summed over the bonus cards the
opponent can hold, and then draws the bonus card given the order.

Not every player sets up so (the strong level's own setups are near even), so
the chance is a mixture: ``trust`` of the counted habits, the rest even
chances. Weighing only the orders the log still allows makes the mixture learn
from the setup cards the votes have shown: an opponent whose revealed cards the
habits did not expect leaves those orders dead, and the even part takes over.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import permutations

from games.rules.caesar_cleopatra.constants import CARD_VALUE, N_GROUPS

# heuristic, 1000 games (both seats), seed 1 (bench/cc_fit_setup.py)
COUNTS = (
    ((0, 79, 67, 230, 267), (108, 175, 58, 143, 159), (107, 186, 61, 137, 152),
     (223, 101, 213, 78, 28), (205, 102, 244, 55, 37)),
    ((115, 211, 63, 159, 150), (0, 83, 64, 244, 307), (93, 185, 98, 154, 168),
     (241, 110, 236, 73, 38), (249, 109, 237, 68, 35)),
    ((128, 196, 73, 119, 143), (94, 176, 69, 162, 158), (0, 80, 63, 236, 280),
     (243, 105, 217, 62, 32), (194, 102, 237, 80, 46)),
)
#: Counts added to every cell: a value never seen at a group stays possible.
SMOOTHING = 5.0
BONUS_GROUPS = len(COUNTS)

Values = tuple[int, ...]  # the value (1..5) at each group, in group order
Counts = tuple[tuple[tuple[float, ...], ...], ...]  # [bonus][group][value - 1]


@cache
def chances(trust: float = 1.0, counts: Counts = COUNTS) -> tuple[dict[Values, float], ...]:
    """Per bonus group, the chance of each order of the values 1..5 under ``counts``:
    ``trust`` of the counted habits, the rest even chances (1 in 120)."""
    tables = []
    for bonus in counts:
        shares = []
        for row in bonus:
            total = sum(row) + SMOOTHING * len(row)
            shares.append([(count + SMOOTHING) / total for count in row])
        raw: dict[Values, float] = {}
        for order in permutations(range(1, 6)):
            chance = 1.0
            for group in range(N_GROUPS):
                chance *= shares[group][order[group] - 1]
            raw[order] = chance
        norm = sum(raw.values())
        even = (1.0 - trust) / len(raw)
        tables.append({order: trust * chance / norm + even for order, chance in raw.items()})
    return tuple(tables)


class SetupPrior:
    """The chances of the opponent's setup orders and bonus card, for a seat whose
    own bonus card leaves ``pool`` (the five others, as groups) to the opponent;
    ``trust``: the share of the counted habits against even chances; ``counts``:
    the habits (the heuristic level's, or an opponent's learned by
    ``setup_habits.fit``)."""

    def __init__(self, pool: list[int], trust: float = 1.0, counts: Counts = COUNTS) -> None:
        self.counts = [pool.count(group) for group in range(BONUS_GROUPS)]
        self.tables = chances(trust, counts)

    def weight(self, order: tuple[int, ...]) -> float:
        """How likely the setup ``order`` (a card code per group) is, up to a factor."""
        values = tuple(CARD_VALUE[card] for card in order)
        return sum(count * table[values] for count, table in zip(self.counts, self.tables))

    def pick(self, orders: list[tuple[int, ...]], rng: random.Random) -> int:
        """The index of one of ``orders``, drawn by weight."""
        return rng.choices(range(len(orders)), [self.weight(order) for order in orders])[0]

    def bonus(self, order: tuple[int, ...] | None, rng: random.Random) -> int:
        """The opponent's bonus group, drawn given its setup ``order`` (None: by the
        pool alone)."""
        if order is None:
            weights = [float(count) for count in self.counts]
        else:
            values = tuple(CARD_VALUE[card] for card in order)
            weights = [count * table[values] for count, table in zip(self.counts, self.tables)]
        return rng.choices(range(BONUS_GROUPS), weights)[0]
