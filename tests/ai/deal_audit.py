"""An independent check that a dealt Druidenwalzer state fits what a seat observed.

Written apart from the bots' dealing (``games.ai.druidenwalzer.knowledge``)
and in another way: the bots replay the log forwards into branches; this
check starts from the dealt state and walks the log backwards, trying every
way the opponent's draws could have gone, and it takes the cards that lie
face up from the true game (every face-up card was public when it got there).

``play_audited`` plays a game and records, per position, the true state, each
seat's history (its first view and the redacted events) and, per reshuffle
event, the cards that were reshuffled (the cult board at that moment, public).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from games.ai.base import start_record
from games.rules import get_rules
from games.rules.druidenwalzer.constants import (
    CARD_CULT,
    CARD_INDEX,
    CARD_VALUE,
    CULT_POSITION,
    POSITION_NAMES,
    SEAT_INDEX,
    SEATS,
    full_deck,
)
from games.rules.druidenwalzer.state import State

RULES = get_rules("druidenwalzer")
BOARDS = {POSITION_NAMES[CULT_POSITION[side]]: side for side in (0, 1)}


@dataclass
class Position:
    state: State
    histories: dict[str, list[dict[str, Any]]]
    reshuffled: dict[int, Counter[int]]  # event index in the history -> the cards


@dataclass
class _Game:
    histories: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    reshuffled: dict[int, Counter[int]] = field(default_factory=dict)


def play_audited(choose: Callable[[str, dict, list, list, random.Random], dict], seed: int,
                 options: dict | None = None, turn_limit: int = 400) -> Iterator[Position]:
    """The positions of one game (each before a move, the last after the end)."""
    state = RULES.new_game(seed, options)
    game = _Game({seat: [start_record(RULES.view(state, seat))] for seat in SEATS})
    rng = random.Random(seed)
    moves = 0
    while True:
        yield Position(state, {seat: list(h) for seat, h in game.histories.items()},
                       dict(game.reshuffled))
        if RULES.is_over(state) or moves >= turn_limit:
            return
        seat = RULES.to_move(state)
        move = choose(seat, RULES.view(state, seat), RULES.legal_moves(state),
                      game.histories[seat], rng)
        boards = {side: Counter(state.up[CULT_POSITION[side]]) for side in (0, 1)}
        applied = RULES.apply(state, move, seat=seat)
        offset = len(game.histories["moon"])  # both histories have equal lengths
        for index, event in enumerate(applied.events):
            kind = event["type"]
            if kind in ("withdraw", "collect", "dance") and event["to"] in BOARDS:
                # A dance may end on a cult board: boards count as ring positions.
                boards[BOARDS[event["to"]]][CARD_INDEX[event["card"]]] += 1
            elif kind == "flip":
                for moved in event["cards"]:
                    card = CARD_INDEX[moved["card"]]
                    boards[CARD_CULT[card]][card] += 1
            elif kind == "reshuffle":
                side = SEAT_INDEX[event["player"]]
                game.reshuffled[offset + index] = boards[side]
                boards[side] = Counter()
        for viewer, history in game.histories.items():
            history.extend(RULES.redact_events(applied.events, viewer))
        state = applied.state
        moves += 1


def problems(position: Position, seat: str, dealt: State) -> list[str]:
    """Why ``dealt`` does not fit what ``seat`` observed at ``position`` (empty: it fits)."""
    found: list[str] = []
    truth = position.state
    side = SEAT_INDEX[seat]
    opponent = 1 - side
    if RULES.view(dealt, seat) != RULES.view(truth, seat):
        found.append("the deal shows another view")
    if dealt.up != truth.up:
        found.append("a face-up pile differs from what the log showed")
    for cult in (0, 1):
        present = Counter(card for card in _all_cards(dealt) if CARD_CULT[card] == cult)
        missing = Counter(full_deck(cult))
        missing.subtract(present)
        if min(missing.values()) < 0:
            found.append(f"too many copies of a card of cult {cult}")
        elif sorted(CARD_VALUE[c] for c in missing.elements()) != sorted(dealt.removed[cult]):
            found.append(f"the cards missing from cult {cult} are not the handicap's values")
    for place, stack in enumerate(dealt.down):
        if any(CARD_CULT[card] != (0 if place >= 5 else 1) for card in stack):
            found.append("a face-down card of the other cult")
    history = position.histories[seat]
    own_reshuffles = [i for i, e in enumerate(history)
                      if e.get("type") == "reshuffle" and e["player"] == seat]
    if own_reshuffles:
        if Counter(dealt.draw[side]) != Counter(truth.draw[side]):
            found.append("the own draw pile differs from the cards the seat knows it holds")
    elif any(CARD_CULT[card] != side for card in dealt.draw[side]):
        found.append("the own draw pile holds a card it never had")
    if not _opponent_explained(position, history, SEATS[opponent], dealt.hand[opponent],
                               dealt.draw[opponent]):
        found.append("no sequence of the opponent's draws leads to its dealt hand and pile")
    return found


def _all_cards(state: State) -> Iterator[int]:
    for stack in state.down:
        yield from stack
    for pile in state.up:
        yield from pile
    for side in (0, 1):
        yield from state.hand[side]
        yield from state.draw[side]


Hand = tuple[int, ...]


def _opponent_explained(position: Position, history: list[dict[str, Any]], name: str,
                        hand: list[int], pile: list[int]) -> bool:
    """Walk the log backwards from the dealt hand and pile: is there a way back
    to the start in which every reshuffle refilled the pile with exactly the
    cards reshuffled and the start held only the opponent's own cards?"""
    cult = SEAT_INDEX[name]
    states: set[tuple[Hand, Hand]] = {(tuple(sorted(hand)), tuple(sorted(pile)))}
    for index in range(len(history) - 1, 0, -1):
        event = history[index]
        kind = event.get("type")
        if event.get("player") != name:
            continue
        if kind == "waltz" or (kind == "withdraw" and event["from"] == "hand"):
            card = CARD_INDEX[event["card"]]
            states = {(tuple(sorted((*h, card))), p) for h, p in states}
        elif kind == "draw":
            count = event["count"]
            back: set[tuple[Hand, Hand]] = set()
            for h, p in states:
                for drawn in set(combinations(h, count)):
                    rest = list(h)
                    for card in drawn:
                        rest.remove(card)
                    back.add((tuple(rest), tuple(sorted((*p, *drawn)))))
            states = back
        elif kind == "reshuffle":
            cards = tuple(sorted(position.reshuffled[index].elements()))
            states = {(h, ()) for h, p in states if p == cards}
        if not states:
            return False
    start = history[0]["view"]["players"][name]
    return any(
        len(h) == start["hand_size"] and len(p) == start["draw_pile_size"]
        and all(CARD_CULT[card] == cult for card in (*h, *p))
        for h, p in states
    )


__all__ = ["Position", "play_audited", "problems"]
