"""An independent check that a dealt Caesar & Cleopatra state fits what a seat observed.

Written apart from the bots' dealing (``games.ai.caesar_cleopatra.knowledge``)
and in another way: the bots tell the log forwards, naming tokens lazily;
this check starts from the dealt state and walks the seat's log backwards
to the setup, trying every way each unnamed move could have gone (which
cards a draw took, which card went face down, how a castling's cards lay
before), and asks whether some way ends at the setup the rules allow. The
face-up cards a castling or a Wrath took come from the true game (they were
public when it happened).

``play_audited`` plays a game and records, per position, the true state,
each seat's history (the redacted events) and, per castling and Wrath
event, the opponent's face-up cards and face-down counts just before.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import (
    CARD_INDEX,
    GROUP_INDEX,
    IS_ACTION,
    N_GROUPS,
    SEATS,
    action_deck,
    card_code,
    influence_deck,
)
from games.rules.caesar_cleopatra.state import State

RULES = get_rules("caesar-cleopatra")
Before = tuple[list[list[int]], list[int]]
SETUP_HAND = tuple(sorted(card_code(s, v) for s in (0, 1) for v in (1, 2, 3, 4, 5)))
# Per player, its cards outside the two setup sets: all its piles ever held.
_PILES = [Counter(influence_deck(side) + action_deck(side))
          - Counter(2 * [card for card in SETUP_HAND if card // 12 == side]) for side in (0, 1)]


@dataclass
class Position:
    state: State
    histories: dict[str, list[dict[str, Any]]]
    before: dict[int, Before]  # event index -> the face-up piles and face-down counts before


@dataclass
class _Game:
    histories: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    before: dict[int, Before] = field(default_factory=dict)


def play_audited(choose: Callable[[str, dict, list, list, random.Random], dict], seed: int,
                 turn_limit: int = 400) -> Iterator[Position]:
    """The positions of one game (each before a move, the last after the end)."""
    state = RULES.new_game(seed)
    game = _Game({seat: [] for seat in SEATS})
    rng = random.Random(seed)
    moves = 0
    while True:
        yield Position(state, {seat: list(h) for seat, h in game.histories.items()},
                       dict(game.before))
        if RULES.is_over(state) or moves >= turn_limit:
            return
        seat = RULES.to_move(state)
        move = choose(seat, RULES.view(state, seat), RULES.legal_moves(state),
                      game.histories[seat], rng)
        public = ([list(pile) for pile in state.up], [len(pile) for pile in state.down])
        applied = RULES.apply(state, move, seat=seat)
        offset = len(game.histories["cleopatra"])  # both histories have equal lengths
        for index, event in enumerate(applied.events):
            if event["type"] in ("castle", "wrath"):
                game.before[offset + index] = public
        for viewer, history in game.histories.items():
            history.extend(RULES.redact_events(applied.events, viewer))
        state = applied.state
        moves += 1


def problems(position: Position, seat: str, dealt: State) -> list[str]:
    """Why ``dealt`` does not fit what ``seat`` observed at ``position`` (empty: it fits)."""
    found: list[str] = []
    truth = position.state
    side = SEATS.index(seat)
    opponent = 1 - side
    if RULES.view(dealt, seat) != RULES.view(truth, seat):
        found.append("the deal shows another view")
    try:
        RULES.from_json(RULES.to_json(dealt))
    except Exception as error:  # noqa: BLE001 - any refusal is a finding
        found.append(f"the engine refuses the deal: {error}")
    if Counter(dealt.influence[side]) != Counter(truth.influence[side]) or Counter(
            dealt.actions[side]) != Counter(truth.actions[side]):
        found.append("the own piles differ from the cards the seat knows they hold")
    if Counter(dealt.vote_deck) != Counter(truth.vote_deck):
        found.append("the vote deck holds other cards")
    hidden = (Counter(dealt.hand[opponent]),
              [Counter(dealt.down[g * 2 + opponent]) for g in range(N_GROUPS)],
              Counter(dealt.influence[opponent]) + Counter(dealt.actions[opponent]))
    if not _explained(position, position.histories[seat], SEATS[opponent], hidden):
        found.append("no way back through the log leads from the dealt cards to the setup")
    return found


Cards = tuple[int, ...]
Story = tuple[Cards, tuple[Cards, ...], Cards]  # hand, face-down per group, piles


def _key(hand: Counter[int], down: list[Counter[int]], piles: Counter[int]) -> Story:
    return (tuple(sorted(hand.elements())), tuple(tuple(sorted(d.elements())) for d in down),
            tuple(sorted(piles.elements())))


def _explained(position: Position, history: list[dict[str, Any]], name: str,
               hidden: tuple[Counter[int], list[Counter[int]], Counter[int]]) -> bool:
    """Walk the log backwards from the dealt hand, face-down cards and piles."""
    side = SEATS.index(name)
    me = SEATS[1 - side]
    states: set[Story] = {_key(*hidden)}
    for index in range(len(history) - 1, -1, -1):
        event = history[index]
        states = _back(event, name, me, states, position.before.get(index), side)
        if not states:
            return False
    everything = Counter(influence_deck(side) + action_deck(side))
    setup = Counter(card for card in SETUP_HAND if card // 12 == side)
    return any(
        Counter(hand) == setup + setup and not any(down)
        and Counter(piles) == everything - setup - setup
        for hand, down, piles in states
    )


def _back(event: dict[str, Any], name: str, me: str, states: set[Story],
          before: Before | None, side: int) -> set[Story]:
    """The stories just before ``event`` that lead to one of ``states``."""
    kind = event.get("type")
    player = event.get("player")
    named: list[int] = []
    face_up = kind == "place" and event["face"] == "up"
    if player == name and (kind in ("action", "veto") or face_up):
        named = [CARD_INDEX[event["card"]]]
    elif player == name and kind == "pass":
        named = [CARD_INDEX[card] for card in event["discard"]]
    elif player == me and kind == "spy":
        named = [CARD_INDEX[event["card"]]]
    if named:
        return {(tuple(sorted((*hand, *named))), down, piles) for hand, down, piles in states}
    out: set[Story] = set()
    if player == name and kind == "place":  # face down, unnamed
        group = GROUP_INDEX[event["group"]]
        for hand, down, piles in states:
            for card in set(down[group]):
                if IS_ACTION[card]:
                    continue
                rest = list(down[group])
                rest.remove(card)
                new_down = (*down[:group], tuple(rest), *down[group + 1:])
                out.add((tuple(sorted((*hand, card))), new_down, piles))
        return out
    if player == name and kind == "draw":
        # The cards drawn go back to the piles, which never held more than
        # the player's cards less its two setup sets.
        limit = _PILES[side]
        for hand, down, piles in states:
            in_piles = Counter(piles)
            influence = [card for card in hand if not IS_ACTION[card]]
            actions = [card for card in hand if IS_ACTION[card]]
            for took in set(combinations(influence, event["influence"])):
                for took_actions in set(combinations(actions, event["action"])):
                    back = took + took_actions
                    if any(in_piles[card] + back.count(card) > limit[card] for card in back):
                        continue
                    rest = list(hand)
                    for card in back:
                        rest.remove(card)
                    out.add((tuple(rest), down, tuple(sorted(piles + back))))
        return out
    if player == me and kind == "spy_look":
        shown = tuple(sorted(CARD_INDEX[card] for card in event["hand"]))
        return {story for story in states if story[0] == shown}
    if kind in ("reveal", "scout", "wrath") and (kind != "scout" or player == me):
        group = GROUP_INDEX[event["group"]]
        if kind == "reveal":
            cards = Counter(CARD_INDEX[c] for c in event["cards"][name])
        elif kind == "scout":
            cards = Counter(CARD_INDEX[c] for c in event["cards"])
        else:
            assert before is not None
            cards = Counter(CARD_INDEX[c] for c in event["removed"][name])
            cards -= Counter(before[0][group * 2 + side])
        face_down = tuple(sorted(cards.elements()))
        return {(hand, (*down[:group], face_down, *down[group + 1:]), piles)
                for hand, down, piles in states if not down[group]}
    if player == name and kind == "castle":
        assert before is not None
        (g1, n1), (g2, n2) = ((GROUP_INDEX[g], n) for g, n in event["groups"].items())
        up_before, down_counts = before
        was_up = Counter(up_before[g1 * 2 + side]) + Counter(up_before[g2 * 2 + side])
        for hand, down, piles in states:
            if len(down[g1]) != n1 or len(down[g2]) != n2:
                continue
            together = Counter(down[g1]) + Counter(down[g2])
            if was_up - together:
                continue
            were_down = list((together - was_up).elements())
            for first in set(combinations(were_down, down_counts[g1 * 2 + side])):
                second = Counter(were_down)
                second.subtract(first)
                new_down = list(down)
                new_down[g1] = tuple(sorted(first))
                new_down[g2] = tuple(sorted(second.elements()))
                out.add((hand, tuple(new_down), piles))
        return out
    if player == name and kind == "setup":
        for hand, down, piles in states:
            if any(len(cards) != 1 for cards in down):
                continue
            placed = sorted(cards[0] for cards in down)
            if placed != [card_code(side, value) for value in (1, 2, 3, 4, 5)]:
                continue
            out.add((tuple(sorted((*hand, *placed))), ((),) * N_GROUPS, piles))
        return out
    return states


__all__ = ["Position", "play_audited", "problems"]
