"""What the public move log tells a seat about the opponent's hidden cards.

The view shows every face-up card and both discard piles; what it hides is
the opponent's hand and face-down cards. The log (the seat's redacted
events) tells more about those:

- **The hand.** After its setup placement the opponent holds exactly one
  card of each value 1..5 (its two setup sets less the five it placed). A
  Spy shows the whole hand to the spying seat. From then on every card the
  opponent plays by name (a face-up card, an action card, a Veto, a
  discard when passing, the card the Spy made it discard) leaves that known
  part; a card placed face down leaves it too, unnamed, so one card of the
  known part may be gone; drawn cards join unknown. The memory keeps, per
  kind (influence, action), a *pool* of cards and how many of them the hand
  still holds at least: ``m`` cards of ``pool``. Cards held for sure are
  those no choice of ``m`` from the pool can miss.
- **The setup's face-down cards** are one of each value 1..5, one per
  group. While a group still holds its setup card face down (no vote,
  Scout, Wrath or castling has turned it up or moved it), that card is one
  of the values not yet shown to be a setup card elsewhere: ``k`` setup
  cards from ``setup_pool`` lie at the groups of ``setup_groups``.
- **Castling** puts the opponent's cards of two groups face down again:
  those that were face up (the log showed them) are now among its face-down
  cards of those two groups (``castled``: groups, cards), until a vote, a
  Scout or a Wrath turns them up there.

Everything is a lower bound: where the log cannot tell which card went
where (a card placed face down from a partly known hand), the memory
forgets rather than guesses. A log that does not fit the view (the
opponent's face-up cards, hand size, or cards the view shows elsewhere) is
not trusted: ``remember`` then returns an empty memory and the bot deals
from the view alone.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.ai.base import split_start
from games.rules.caesar_cleopatra.constants import (
    CARD_INDEX,
    GROUP_INDEX,
    GROUPS,
    IS_ACTION,
    N_GROUPS,
    SEAT_INDEX,
    card_code,
)


class Memory:
    """Lower bounds on where the opponent's unseen cards are (see the module).

    ``hand``: per kind (0 influence, 1 action) a pair ``(pool, m)``: the hand
    holds at least ``m`` cards of ``pool``; ``setup_pool`` and
    ``setup_groups``: the setup cards still face down at those groups come
    from the pool; ``castled``: pairs ``(groups, cards)``, the opponent's
    face-down cards at ``groups`` include ``cards``.
    """

    def __init__(self) -> None:
        self.hand: list[tuple[Counter[int], int]] = [(Counter(), 0), (Counter(), 0)]
        self.setup_pool: Counter[int] = Counter()
        self.setup_groups: list[int] = []
        self.castled: list[tuple[tuple[int, ...], Counter[int]]] = []

    def empty(self) -> bool:
        return not (self.hand[0][1] or self.hand[1][1] or self.setup_groups or self.castled)

    def sure_hand(self) -> Counter[int]:
        """The cards the opponent's hand holds for sure."""
        sure: Counter[int] = Counter()
        for pool, m in self.hand:
            sure.update(sure_part(pool, m))
        return sure


def sure_part(pool: Counter[int], m: int) -> Counter[int]:
    """The cards every choice of ``m`` cards from ``pool`` contains."""
    spare = sum(pool.values()) - m
    return Counter({card: n - spare for card, n in pool.items() if n > spare})


class _Broken(Exception):
    """The log does not fit: a card leaves a place that cannot hold it."""


class _Replay:
    """The opponent's side of the log, event by event."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.opponent = 1 - seat
        self.memory = Memory()
        self.hand_size = 0
        self.up: list[Counter[int]] = [Counter() for _ in range(N_GROUPS)]
        self.down = [0] * N_GROUPS

    # -- the hand ------------------------------------------------------------
    def named_leaves_hand(self, card: int) -> None:
        kind = 1 if IS_ACTION[card] else 0
        pool, m = self.memory.hand[kind]
        if pool[card] > 0:
            pool[card] -= 1
            if not pool[card]:
                del pool[card]
            m = max(0, m - 1)
        self.hand_size -= 1
        if self.hand_size < 0:
            raise _Broken
        self.memory.hand[kind] = (pool, min(m, sum(pool.values())))

    def unnamed_influence_leaves_hand(self) -> None:
        pool, m = self.memory.hand[0]
        self.memory.hand[0] = (pool, max(0, m - 1))
        self.hand_size -= 1
        if self.hand_size < 0:
            raise _Broken

    def hand_seen(self, cards: list[int]) -> None:
        influence = Counter(card for card in cards if not IS_ACTION[card])
        actions = Counter(card for card in cards if IS_ACTION[card])
        self.memory.hand = [(influence, sum(influence.values())), (actions, sum(actions.values()))]
        if len(cards) != self.hand_size:
            raise _Broken

    # -- the groups ------------------------------------------------------------
    def turned_up(self, group: int, cards: list[int]) -> None:
        """The opponent's face-down cards at ``group`` are shown (``cards``)."""
        memory = self.memory
        if len(cards) != self.down[group]:
            raise _Broken
        if group in memory.setup_groups:
            memory.setup_groups.remove(group)
            if len(cards) == 1:  # the setup card alone: its value is known
                card = cards[0]
                if memory.setup_pool[card] <= 0:
                    raise _Broken
                memory.setup_pool[card] -= 1
        shown = Counter(cards)
        kept = []
        for groups, known in memory.castled:
            if group in groups:
                groups = tuple(g for g in groups if g != group)
                known = known - shown
            if groups and known:
                kept.append((groups, known))
        memory.castled = kept
        self.down[group] = 0

    def castling(self, g1: int, g2: int) -> None:
        """The opponent takes all its cards at two groups to place them face down."""
        memory = self.memory
        known = self.up[g1] + self.up[g2]
        kept = []
        for groups, cards in memory.castled:
            if set(groups) <= {g1, g2}:
                known += cards  # still among the castled cards
            elif not set(groups) & {g1, g2}:
                kept.append((groups, cards))
            # partly over: which of its cards moved is unknown; forget it
        memory.castled = kept
        memory.setup_groups = [g for g in memory.setup_groups if g not in (g1, g2)]
        if known:
            memory.castled.append(((g1, g2), known))
        self.up[g1] = Counter()
        self.up[g2] = Counter()

    def event(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        opponent = self.opponent
        player = SEAT_INDEX.get(event.get("player", ""))
        mine = player == opponent
        if kind == "setup" and mine:
            values = [card_code(opponent, value) for value in (1, 2, 3, 4, 5)]
            self.memory.hand[0] = (Counter(values), 5)
            self.memory.setup_pool = Counter(values)
            self.memory.setup_groups = list(range(N_GROUPS))
            self.hand_size = 5
            self.down = [1] * N_GROUPS
        elif kind == "place" and mine:
            group = GROUP_INDEX[event["group"]]
            if event["face"] == "up":
                card = CARD_INDEX[event["card"]]
                self.named_leaves_hand(card)
                self.up[group][card] += 1
            else:
                self.unnamed_influence_leaves_hand()
                self.down[group] += 1
        elif kind == "pass" and mine:
            for name in event["discard"]:
                self.named_leaves_hand(CARD_INDEX[name])
        elif kind in ("action", "veto") and mine:
            self.named_leaves_hand(CARD_INDEX[event["card"]])
        elif kind == "draw" and mine:
            self.hand_size += event["influence"] + event["action"]
        elif kind == "spy_look" and player == self.seat:
            if "hand" not in event:
                raise _Broken
            self.hand_seen([CARD_INDEX[name] for name in event["hand"]])
        elif kind == "spy" and player == self.seat:
            self.named_leaves_hand(CARD_INDEX[event["card"]])
        elif kind == "castling" and mine:
            g1, g2 = (GROUP_INDEX[name] for name in event["groups"])
            self.castling(g1, g2)
        elif kind == "castle" and mine:
            for name, count in event["groups"].items():
                self.down[GROUP_INDEX[name]] = count
        elif kind == "scout" and player == self.seat:
            group = GROUP_INDEX[event["group"]]
            cards = [CARD_INDEX[name] for name in event["cards"]]
            self.turned_up(group, cards)
            self.up[group].update(cards)
        elif kind == "reveal":
            group = GROUP_INDEX[event["group"]]
            cards = [CARD_INDEX[name] for name in event["cards"][_name(opponent)]]
            self.turned_up(group, cards)
            self.up[group].update(cards)
        elif kind == "remove" and mine:
            self._off_up(GROUP_INDEX[event["group"]], event["cards"])
        elif kind == "assassination" and SEAT_INDEX.get(event.get("owner", "")) == opponent:
            self._off_up(GROUP_INDEX[event["group"]], [event["card"]])
        elif kind == "wrath":
            group = GROUP_INDEX[event["group"]]
            removed = Counter(CARD_INDEX[name] for name in event["removed"][_name(opponent)])
            if removed & self.up[group] != self.up[group]:
                raise _Broken
            self.turned_up(group, list((removed - self.up[group]).elements()))
            self.up[group] = Counter()

    def _off_up(self, group: int, names: list[str]) -> None:
        pile = self.up[group]
        for name in names:
            card = CARD_INDEX[name]
            if pile[card] <= 0:
                raise _Broken
            pile[card] -= 1


def _name(seat: int) -> str:
    return "cleopatra" if seat == 0 else "caesar"


def remember(view: dict[str, Any], history: list[dict[str, Any]] | None) -> Memory:
    """What ``history`` (the seat's redacted event log) tells beyond ``view``."""
    _start, history = split_start(history)
    if not history or view.get("phase") != "play":
        return Memory()
    seat = SEAT_INDEX[view.get("viewer") or view["to_move"]]
    replay = _Replay(seat)
    try:
        for event in history:
            replay.event(event)
        if _fits(replay, view):
            return replay.memory
    except (_Broken, KeyError, TypeError, ValueError, AttributeError):
        pass
    return Memory()


def _fits(replay: _Replay, view: dict[str, Any]) -> bool:
    """Whether the replayed log agrees with the view."""
    opponent = replay.opponent
    name = _name(opponent)
    player = view["players"][name]
    if player["hand_size"] != replay.hand_size:
        return False
    memory = replay.memory
    for group, group_name in enumerate(GROUPS):
        entry = view["groups"][group_name][name]
        if Counter(CARD_INDEX[card] for card in entry["up"]) != +replay.up[group]:
            return False
        if entry["down_count"] != replay.down[group]:
            return False
    if memory.hand[0][1] + memory.hand[1][1] > player["hand_size"]:
        return False
    if len(memory.setup_groups) > sum(memory.setup_pool.values()):
        return False
    for groups, cards in memory.castled:
        if sum(cards.values()) > sum(replay.down[g] for g in groups):
            return False
    return True
