"""A ladder's order as a pure function of its record: the fold of its events.

The rule (docs/ladders.md, "Derived data"): a ladder's order is its start order
(empty, or the previous season's final order) with its events applied in the
order they happened: joins (at the bottom), admins adding a player (at a place)
or moving one, players leaving or removed, and each game's result at the moment
it was applied, with the game's *current* outcome. An admin's decision changes
the outcome of the game it decides, never the moment it is applied, so after an
annulment the order is as if the game had never been played, and every later
result is applied again to that order. Nothing moves after the ladder closes.

The result rules are those of ladders.services: a challenger who wins from
below takes the defender's place (everyone between moves down one); a
defender's win, a draw or an annulment moves nobody; a game lost on time drops
the loser to the bottom, as long as the player who ran out of time still lost.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

CHALLENGER_WON = "challenger"
DEFENDER_WON = "defender"


@dataclass(frozen=True)
class Event:
    """One thing that changed a ladder's order.

    kind: "join", "add" (at ``position``), "remove", "move" (to ``position``),
    "result" (``challenger``, ``defender``, ``outcome`` now; ``timed_out``: the
    player who lost on time when the game ended, if so), or "close"."""

    kind: str
    user: int | None = None
    position: int | None = None
    challenger: int | None = None
    defender: int | None = None
    outcome: str = ""
    timed_out: int | None = None


def _move_to(order: list[int], user: int, position: int) -> None:
    order.remove(user)
    index = min(max(position, 1), len(order) + 1) - 1
    order.insert(index, user)


def _result(order: list[int], event: Event) -> None:
    challenger, defender = event.challenger, event.defender
    if challenger not in order or defender not in order:
        return  # a player had left: the game moves nobody
    if event.outcome == CHALLENGER_WON and order.index(challenger) > order.index(defender):
        _move_to(order, challenger, order.index(defender) + 1)
    loser = {CHALLENGER_WON: defender, DEFENDER_WON: challenger}.get(event.outcome)
    if event.timed_out is not None and loser == event.timed_out:
        _move_to(order, loser, len(order))


def apply(order: list[int], event: Event) -> None:
    """Apply one event to ``order`` (a list of user ids, first place first), in place."""
    if event.kind == "join":
        if event.user not in order:
            order.append(event.user)
    elif event.kind == "add":
        if event.user not in order:
            order.append(event.user)
        if event.position is not None:
            _move_to(order, event.user, event.position)
    elif event.kind == "remove":
        if event.user in order:
            order.remove(event.user)
    elif event.kind == "move":
        if event.user in order and event.position is not None:
            _move_to(order, event.user, event.position)
    elif event.kind == "result":
        _result(order, event)


def fold(start: Iterable[int], events: Iterable[Event]) -> list[int]:
    """The order after ``events`` from ``start``; after a "close" results move nobody."""
    order = list(start)
    closed = False
    for event in events:
        closed = closed or event.kind == "close"
        if not (closed and event.kind == "result"):
            apply(order, event)
    return order
