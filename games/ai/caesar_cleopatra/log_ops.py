"""The opponent's moves in a seat's redacted log, as the operations the
exact deals replay (``knowledge``).

``parse(history, seat)`` turns each event that moves one of the opponent's
cards, or names them, into an op (code, arguments): a card played or
discarded by name, a card placed face down at a group (with the cards the
group's next reveal shows, and the cards the hand plays by name later), a
draw, the hand a Spy showed, a castling, a face-up card, cards taken off a
group, a Wrath's removal, and the setup (with the orders of its five cards
that the groups' first reveals allow).
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from typing import Any

from games.rules.caesar_cleopatra.constants import (
    CARD_INDEX,
    GROUP_INDEX,
    N_GROUPS,
    SEATS,
    card_code,
)

SETUP_CARDS = (1, 2, 3, 4, 5)
# The op codes.
NAMED, DOWN, DRAW, SHOWN, HAND, CASTLE, UP, OFF, WRATH, SETUP_OP = range(10)

Op = tuple[Any, ...]


def codes(names: list[str]) -> Counter[int]:
    """Card names as a multiset of card codes."""
    return Counter(CARD_INDEX[name] for name in names)


def parse(history: list[dict[str, Any]], seat: int) -> list[Op] | None:
    """The opponent's moves as ops (``None``: no setup placement in the log)."""
    opponent = 1 - seat
    me, them = SEATS[seat], SEATS[opponent]
    ops: list[Op] = []
    downs: list[list[int]] = [[] for _ in range(N_GROUPS)]  # ops placing face down, per group
    setup = False

    def settle(group: int, cards: Counter[int] | None) -> None:
        """The face-down placements at ``group`` since its last reveal: next shown as ``cards``."""
        for index in downs[group]:
            ops[index] = (DOWN, group, cards)
        downs[group] = []

    for event in history:
        kind = event.get("type")
        player = event.get("player")
        if kind == "setup" and player == them:
            ops.append((SETUP_OP, opponent))
            setup = True
        elif kind == "place" and player == them:
            group = GROUP_INDEX[event["group"]]
            if event["face"] == "up":
                ops.append((UP, CARD_INDEX[event["card"]], group))
            else:
                downs[group].append(len(ops))
                ops.append((DOWN, group, None))
        elif kind == "pass" and player == them:
            ops += [(NAMED, CARD_INDEX[name]) for name in event["discard"]]
        elif kind in ("action", "veto") and player == them:
            ops.append((NAMED, CARD_INDEX[event["card"]]))
        elif kind == "draw" and player == them:
            ops.append((DRAW, event["influence"], event["action"]))
        elif kind == "spy_look" and player == me:
            ops.append((HAND, codes(event["hand"])))
        elif kind == "spy" and player == me:
            ops.append((NAMED, CARD_INDEX[event["card"]]))
        elif kind == "castle" and player == them:
            (g1, n1), (g2, n2) = ((GROUP_INDEX[g], n) for g, n in event["groups"].items())
            settle(g1, None)
            settle(g2, None)
            ops.append((CASTLE, g1, n1, g2, n2))
        elif kind == "scout" and player == me:
            group = GROUP_INDEX[event["group"]]
            settle(group, codes(event["cards"]))
            ops.append((SHOWN, group, codes(event["cards"])))
        elif kind == "reveal":
            group = GROUP_INDEX[event["group"]]
            cards = codes(event["cards"][them])
            settle(group, cards)
            ops.append((SHOWN, group, cards))
        elif kind == "wrath":
            group = GROUP_INDEX[event["group"]]
            settle(group, codes(event["removed"][them]))
            ops.append((WRATH, group, codes(event["removed"][them])))
        elif kind == "remove" and player == them:
            ops.append((OFF, GROUP_INDEX[event["group"]], [CARD_INDEX[n] for n in event["cards"]]))
        elif kind == "assassination" and event.get("owner") == them:
            ops.append((OFF, GROUP_INDEX[event["group"]], [CARD_INDEX[event["card"]]]))
    if not setup:
        return None
    return _with_lookahead(ops)


def _with_lookahead(ops: list[Op]) -> list[Op]:
    """Each face-down placement with the cards the hand plays by name later
    (until a Spy shows it), and the setup with the orders of its five cards
    that the groups' first reveals allow."""
    named: Counter[int] = Counter()
    done: list[Op] = []
    for op in reversed(ops):
        if op[0] == HAND:
            named = Counter()
        elif op[0] in (NAMED, UP):
            named[op[1]] += 1
        elif op[0] == DOWN:
            op = (*op, Counter(named))
        done.append(op)
    done.reverse()
    for index, op in enumerate(done):
        if op[0] == SETUP_OP:
            done[index] = (SETUP_OP, _setup_orders(done[index + 1:], op[1]))
    return done


def _setup_orders(ops: list[Op], opponent: int) -> list[tuple[int, ...]]:
    """The orders of the setup cards (one of each value, one per group) whose
    card at each group is among the group's first reveal (before a castling
    there moved it)."""
    allowed: list[set[int] | None] = [None] * N_GROUPS
    settled = [False] * N_GROUPS
    for op in ops:
        if op[0] in (SHOWN, WRATH) and not settled[op[1]]:
            settled[op[1]] = True
            allowed[op[1]] = set(op[2])
        elif op[0] == CASTLE:
            settled[op[1]] = settled[op[3]] = True
    cards = [card_code(opponent, value) for value in SETUP_CARDS]
    return [order for order in permutations(cards)
            if all(bound is None or card in bound for card, bound in zip(order, allowed))]


__all__ = ["CASTLE", "DOWN", "DRAW", "HAND", "NAMED", "OFF", "SETUP_CARDS", "SETUP_OP", "SHOWN",
           "UP", "WRATH", "Op", "codes", "parse"]
