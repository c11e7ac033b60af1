"""What the public move log tells a seat about cards it no longer sees.

Every card that lies face up was public when it got there: played in a
waltz, danced, turned up, collected, withdrawn, flipped onto a cult board.
Replaying the log's events as the seat saw them rebuilds every face-up
pile (the trees' covered cards and the cult-board piles below their tops)
card by card. Only the trees' first tops and the cult boards' first 1 are
missing (the setup emits no events): they stay unknown (``None``) until
they move and the log names them.

The draw piles: a pile is only ever refilled by a reshuffle of its owner's
cult board, whose cards the log has shown, so after a reshuffle the pile
holds cards of that known set. The seat's own draws name their cards (its
own secret part of the ``draw`` event), so its own pile is then known
exactly; the opponent's is known to lie within the reshuffled set.

A log that does not fit the view (missing or foreign events) is not
trusted: each pile is checked against the view's counts and top, and
anything that does not match is forgotten, so the bot falls back to
dealing those cards as unseen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rules.druidenwalzer.constants import (
    CARD_INDEX,
    CULT_POSITION,
    POSITION_INDEX,
    RING_SIZE,
    SEAT_INDEX,
)

Pile = list[int | None]  # card codes bottom to top, None for unknown


class Memory:
    """The face-up piles and draw-pile contents the log reveals.

    ``covered[p]``: the cards under the top of the face-up pile at position
    ``p`` (a tree, or a cult board's pile below its top), bottom first, with
    ``None`` for a card never named; missing when the log did not fit.
    ``own_draw``: the seat's own draw pile as a multiset (a list, ``None``
    for a card never named), when it is known; ``opponent_draw_from``: the
    set the opponent's pile was dealt from at its last reshuffle, when known
    (``None`` entries: cards never named, which may be any unseen card).
    """

    def __init__(self) -> None:
        self.covered: dict[int, Pile] = {}
        self.own_draw: Pile | None = None
        self.opponent_draw_from: Pile | None = None


class _Broken(Exception):
    """The log does not fit: a card taken from a pile that cannot hold it."""


def _take(pile: Pile, card: int) -> None:
    """Remove ``card`` from ``pile``: its known copy nearest the top, else an unknown card."""
    for index in range(len(pile) - 1, -1, -1):
        if pile[index] == card:
            del pile[index]
            return
    for index in range(len(pile) - 1, -1, -1):
        if pile[index] is None:
            del pile[index]
            return
    raise _Broken


def _replay(events: list[dict[str, Any]], seat: int) -> tuple[list[Pile], list[Pile | None]]:
    """The face-up piles after ``events``, and per seat the cards its draw pile
    holds since its last reshuffle (``None`` before any, or when unknown)."""
    piles: list[Pile] = [[None] for _ in range(RING_SIZE)]
    draw_sets: list[Pile | None] = [None, None]
    for event in events:
        kind = event.get("type")
        if kind == "waltz":
            piles[POSITION_INDEX[event["position"]]].append(CARD_INDEX[event["card"]])
        elif kind in ("dance", "collect"):
            card = CARD_INDEX[event["card"]]
            _take(piles[POSITION_INDEX[event["from"]]], card)
            piles[POSITION_INDEX[event["to"]]].append(card)
        elif kind == "turn_up":
            piles[POSITION_INDEX[event["position"]]].append(CARD_INDEX[event["card"]])
        elif kind == "withdraw":
            card = CARD_INDEX[event["card"]]
            if event["from"] != "hand":
                _take(piles[POSITION_INDEX[event["from"]]], card)
            piles[POSITION_INDEX[event["to"]]].append(card)
        elif kind == "flip":
            piles[POSITION_INDEX[event["position"]]] = []
            for moved in event["cards"]:
                piles[POSITION_INDEX[moved["to"]]].append(CARD_INDEX[moved["card"]])
        elif kind == "reshuffle":
            player = SEAT_INDEX[event["player"]]
            board = CULT_POSITION[player]
            cards = piles[board]
            # Its unknown cards (the setup's first 1, if never moved) stay
            # unknown in the pile: None.
            draw_sets[player] = list(cards)
            piles[board] = []
        elif kind == "draw":
            player = SEAT_INDEX[event["player"]]
            pool = draw_sets[player]
            if pool is not None and player == seat:
                names = event.get("cards")
                if names is None:
                    draw_sets[player] = None
                    continue
                for name in names:
                    _take(pool, CARD_INDEX[name])
    return piles, draw_sets


def remember(view: dict[str, Any], history: list[dict[str, Any]] | None) -> Memory:
    """What ``history`` (the seat's redacted event log) tells beyond ``view``."""
    memory = Memory()
    if not history:
        return memory
    seat = SEAT_INDEX[view.get("viewer") or view["to_move"]]
    try:
        piles, draw_sets = _replay(history, seat)
    except (_Broken, KeyError, TypeError, ValueError):
        return memory
    for name, side in SEAT_INDEX.items():
        player = view["players"][name]
        for tree in player["trees"]:
            position = POSITION_INDEX[tree["position"]]
            _check(memory, piles[position], position, tree["top"], tree["covered"] + (
                1 if tree["top"] is not None else 0))
        board = player["cult_board"]
        _check(memory, piles[CULT_POSITION[side]], CULT_POSITION[side], board["top"],
               board["count"])
        drawn = draw_sets[side]
        if drawn is None:
            continue
        if side == seat:
            if len(drawn) == player["draw_pile_size"]:
                memory.own_draw = drawn
        elif len(drawn) >= player["draw_pile_size"]:
            memory.opponent_draw_from = drawn
    return memory


def _check(memory: Memory, pile: Pile, position: int, top: str | None, count: int) -> None:
    """Keep ``pile``'s covered part if it fits the view's top and count."""
    if len(pile) != count:
        return
    if top is None:
        if pile:
            return
        memory.covered[position] = []
        return
    if pile[-1] is not None and pile[-1] != CARD_INDEX[top]:
        return
    memory.covered[position] = pile[:-1]


def known_cards(memory: Memory) -> Counter[int]:
    """The cards the memory places (the view's tops and the own hand excluded)."""
    known: Counter[int] = Counter()
    for pile in memory.covered.values():
        known.update(card for card in pile if card is not None)
    if memory.own_draw is not None:
        known.update(card for card in memory.own_draw if card is not None)
    return known
