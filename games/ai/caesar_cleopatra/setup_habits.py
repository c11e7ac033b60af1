"""An opponent's setup habits, learned from the games a seat played against it.

A player may set up by habits of its seat: the heuristic level puts its cards
otherwise as Cleopatra than as Caesar (a 3 only ever at a small group as
Cleopatra; a 1 there four times in ten as Caesar). Each observation names the
opponent's seat, and ``fit_by_seat`` learns each seat's habits apart; the
strong level fits both seats together (``fit``), as habits apart did no better
against the heuristic (docs/ai.md, 2026-12-07).

A player never sees the opponent's setup whole: at the end of a game the
opponent's bonus card is shown, and each group's first reveal (a vote, a Scout,
a Wrath, before any castling there) names the face-down cards among which its
setup card was. So one finished game allows a set of setup orders
(``log_ops.parse``), all alike as far as the log tells, and one bonus card.

``observe(view, history)`` reads that from a seat's view at the end and its log,
with the opponent's seat.
``fit(observations)`` turns many of them into counts of the values (1..5) put at
each group, by the bonus card (the shape of ``setup_prior.COUNTS``), by
expectation-maximisation: the chance of each allowed order under the counts so
far, summed over the games, gives the next counts. A game that pinned the
setup counts as one whole setup; one that allowed many orders spreads its one
count over them by what the other games showed. The counts only describe
setups that were seen: with few games they stay near even
(``setup_prior.SMOOTHING``), which is the mixture's safe side.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.ai.base import split_start
from games.rules.caesar_cleopatra.constants import (
    BONUS_NAMES,
    CARD_VALUE,
    N_GROUPS,
    SEAT_INDEX,
    SEATS,
)

from .log_ops import SETUP_OP, parse
from .setup_prior import SMOOTHING, Counts, chances

Values = tuple[int, ...]
#: One finished game's evidence: the opponent's bonus group, the setup orders
#: (values per group) its log allows and the opponent's seat (0 Cleopatra, 1
#: Caesar; None: not recorded, as in observations of before the seat was).
SetupEvidence = tuple[int, tuple[Values, ...], int | None]

ROUNDS = 30  # expectation-maximisation rounds: the counts settle well before


def observe(view: dict[str, Any], history: list[dict[str, Any]] | None) -> SetupEvidence | None:
    """What a seat learned of the opponent's setup in a finished game: its final
    ``view`` (the opponent's bonus card is shown at the end) and its log. ``None``
    when the game is not over or its log holds no setup."""
    if view.get("phase") != "over":
        return None
    seat = SEAT_INDEX.get(view.get("viewer") or "")
    if seat is None:
        return None
    bonus_name = view["players"][SEATS[1 - seat]].get("bonus")
    if bonus_name not in BONUS_NAMES:
        return None
    _start, events = split_start(history)
    ops = parse(events, seat) if events else None
    if ops is None:
        return None
    orders = next((op[1] for op in ops if op[0] == SETUP_OP), None)
    if not orders:
        return None
    values = tuple(sorted({tuple(CARD_VALUE[card] for card in order) for order in orders}))
    return BONUS_NAMES.index(bonus_name), values, 1 - seat


def checked(item: Any) -> SetupEvidence | None:
    """An observation read back from JSON data (``[bonus, [[v, ...], ...], seat]``,
    the seat's name, or without it), or ``None`` when it has another shape: a bonus
    group, orders of the values 1..5, a seat of the game."""
    try:
        bonus, orders, *rest = item
        values = tuple(tuple(int(v) for v in order) for order in orders)
    except (TypeError, ValueError):
        return None
    if bonus not in range(len(BONUS_NAMES)) or not values or len(rest) > 1:
        return None
    seat = SEAT_INDEX.get(rest[0]) if rest and isinstance(rest[0], str) else None
    if rest and seat is None:
        return None
    if any(sorted(order) != [1, 2, 3, 4, 5] for order in values):
        return None
    return bonus, values, seat


def fit_by_seat(observations: Iterable[SetupEvidence]) -> tuple[Counts, Counts]:
    """The habits of the opponent as Cleopatra and as Caesar, each fitted to the
    games it played in that seat (and to those whose seat is not recorded)."""
    seen = list(observations)
    return fit(item for item in seen if item[2] != 1), fit(item for item in seen if item[2] != 0)


def fit(observations: Iterable[SetupEvidence], rounds: int = ROUNDS) -> Counts:
    """Counts ``[bonus][group][value - 1]`` that explain ``observations`` best."""
    seen = list(observations)
    counts = empty_counts()
    for _ in range(rounds):
        tables = chances(counts=counts)
        after = _zeros()
        for bonus, orders, *_seat in seen:
            weights = [tables[bonus][order] for order in orders]
            total = sum(weights)
            for order, weight in zip(orders, weights):
                for group, value in enumerate(order):
                    after[bonus][group][value - 1] += weight / total
        counts = freeze(after)
    return counts


def empty_counts() -> Counts:
    return freeze(_zeros())


def _zeros() -> list[list[list[float]]]:
    return [[[0.0] * 5 for _ in range(N_GROUPS)] for _ in range(len(BONUS_NAMES))]


def freeze(counts: Sequence[Sequence[Sequence[float]]]) -> Counts:
    """Counts as nested tuples, rounded (hashable, so their chances are computed once)."""
    return tuple(tuple(tuple(round(float(n), 3) for n in row) for row in bonus)
                 for bonus in counts)


__all__ = ["SetupEvidence", "SMOOTHING", "checked", "empty_counts", "fit", "fit_by_seat",
           "freeze", "observe"]
