"""The oracle of the leak tests: what one client may know of a game, version by version.

``Truth`` replays a game with the engine alongside the server, from the stored
starting state (seed included) and the moves the clients made, so it knows
every hidden card at every version. ``Reader`` checks each message one client
received (an API body or a socket message) against that client's rightful
knowledge:

- position by position: each tree's top and each cult board's top are the
  true visible tops, face-down and covered cards are counts only, the
  client's own hand is its true hand and every other hand is null; a draw
  event names cards only in the drawer's copy, and exactly the drawn ones;
- as multisets (card names repeat, so a name alone proves nothing): the card
  names of a view never exceed those of the true hand and visible tops, and
  the names of a log entry never exceed those of its public events plus the
  client's own drawn cards;
- anywhere in the message, any card name (free text included) is one the
  client could know by then; no ``secret``, ``state`` or ``draw_pile`` key;
  the seed, as a key or as a number in the text, only once the game is over.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from games.rules import get_rules

RULES = get_rules("druidenwalzer")
CARD = re.compile(r"(?<![A-Za-z0-9])[MS][1-5][LR](?![A-Za-z0-9])")
FORBIDDEN_KEYS = frozenset({"secret", "state", "draw_pile"})


def card_names(data: Any) -> list[str]:
    """Every card name in ``data``, from any string in it (free text included)."""
    return CARD.findall(json.dumps(data))


def public_part(events: list[dict]) -> list[dict]:
    return [{k: v for k, v in event.items() if k != "secret"} for event in events]


def own_secret_cards(events: list[dict], seat: str | None) -> list[str]:
    cards: list[str] = []
    for event in events:
        cards += event.get("secret", {}).get(seat, {}).get("cards", []) if seat else []
    return cards


class Truth:
    """The whole of one game as the server holds it, rebuilt version by version."""

    def __init__(self, match_id: int, seed: int, stored_state: dict, version: int = 0) -> None:
        self.match_id, self.seed = match_id, seed
        self.version = version
        self.states = {version: RULES.from_json(stored_state)}
        self.json = {version: RULES.to_json(self.states[version])}
        self.records: dict[int, tuple[dict | None, list[dict]]] = {}
        self.over_at: int | None = None
        self._known: dict[str | None, tuple[int, set[str]]] = {}

    @property
    def state(self):
        return self.states[self.version]

    def owed(self) -> tuple[str, ...]:
        return () if self.over_at is not None else tuple(RULES.owed_by(self.state))

    def legal_moves(self) -> list[dict]:
        return RULES.legal_moves(self.state)

    def play(self, seat: str, move: dict) -> None:
        applied = RULES.apply(self.state, move, seat=seat)
        self._next(applied.state, move, applied.events)
        if RULES.is_over(applied.state):
            self.over_at = self.version

    def other_record(self, events: list[dict], ends: bool = False) -> None:
        """A resignation, a draw offer or answer: a new version, the same position."""
        self._next(self.state, None, events)
        if ends:
            self.over_at = self.version

    def _next(self, state, move, events) -> None:
        self.version += 1
        self.states[self.version] = state
        self.json[self.version] = RULES.to_json(state)
        self.records[self.version] = (move, events)

    def view_cards(self, version: int, seat: str | None) -> list[str]:
        """The card names ``seat`` rightly sees on the board at ``version``."""
        cards: list[str] = []
        for name, player in self.json[version]["players"].items():
            cards += [tree["up"][-1] for tree in player["trees"] if tree["up"]]
            cards += player["cult_board"][-1:]
            if name == seat:
                cards += player["hand"]
        return cards

    def record_cards(self, version: int, seat: str | None) -> list[str]:
        """The card names of log entry ``version`` that ``seat`` may read."""
        move, events = self.records[version]
        return card_names(move) + card_names(public_part(events)) + own_secret_cards(events, seat)

    def known_names(self, seat: str | None, upto: int) -> set[str]:
        """Every card name ``seat`` could rightly have seen up to version ``upto``."""
        done, names = self._known.get(seat, (-1, set()))
        for version in range(done + 1, upto + 1):
            names.update(self.view_cards(version, seat))
            if version in self.records:
                names.update(self.record_cards(version, seat))
        self._known[seat] = (max(done, upto), names)
        return names


class Reader:
    """One client of one game (a seat's player, or a spectator): checks what it got."""

    def __init__(self, truth: Truth, seat: str | None, name: str) -> None:
        self.truth, self.seat, self.name = truth, seat, name
        self.problems: list[str] = []
        self.messages = 0
        self.cards_checked = 0

    def fail(self, where: str, text: str) -> None:
        self.problems.append(f"game {self.truth.match_id}, {self.name}, {where}: {text}")

    def check(self, message: Any, where: str) -> None:
        self.messages += 1
        versions: list[int] = []
        self._walk(message, where, versions)
        upto = max(versions, default=self.truth.version)
        over = self.truth.over_at is not None and upto >= self.truth.over_at
        text = json.dumps(message)
        if not over and (str(self.truth.seed) in text or '"seed"' in text):
            self.fail(where, f"the seed before the end (version {upto})")
        known = self.truth.known_names(self.seat, upto)
        names = CARD.findall(text)
        self.cards_checked += len(names)
        unknown = sorted(set(names) - known)
        if unknown:
            self.fail(where, f"card names it cannot know by version {upto}: {unknown}")

    def _walk(self, node: Any, where: str, versions: list[int]) -> None:
        if isinstance(node, list):
            for item in node:
                self._walk(item, where, versions)
            return
        if not isinstance(node, dict):
            return
        for key in FORBIDDEN_KEYS & set(node):
            self.fail(where, f"a {key!r} key")
        if "view" in node and "version" in node and isinstance(node["view"], dict):
            versions.append(node["version"])
            self._payload(node, where)
        if "moves" in node and "viewer" in node and "version" in node:
            versions.append(node["version"])
            self._legal(node["moves"], node["version"], where)
        if "events" in node and "version" in node and "kind" in node:
            versions.append(node["version"])
            self._record(node, where)
        for value in node.values():
            if isinstance(value, (dict, list)):
                self._walk(value, where, versions)

    def _payload(self, payload: dict, where: str) -> None:
        version, truth = payload["version"], self.truth
        if version not in truth.json:
            self.fail(where, f"a view of unknown version {version}")
            return
        if payload.get("viewer") != self.seat:
            self.fail(where, f"the view of {payload.get('viewer')!r}, not of {self.seat!r}")
        players = truth.json[version]["players"]
        for name, seen in payload["view"]["players"].items():
            real = players[name]
            for tree, shown in zip(real["trees"], seen["trees"], strict=True):
                top = tree["up"][-1] if tree["up"] else None
                if shown["top"] != top:
                    self.fail(where, f"{name} tree {shown['tree']} top {shown['top']} != {top}")
                if shown["down"] != len(tree["down"]) or shown["covered"] != max(
                        len(tree["up"]) - 1, 0):
                    self.fail(where, f"{name} tree {shown['tree']}: hidden cards not counts")
            if seen["cult_board"]["top"] != (real["cult_board"][-1:] or [None])[0]:
                self.fail(where, f"{name} cult board top {seen['cult_board']['top']}")
            hand = real["hand"] if name == self.seat else None
            if seen["hand"] != hand:
                self.fail(where, f"{name}'s hand is {seen['hand']}, expected {hand}")
        rightful = Counter(truth.view_cards(version, self.seat))
        excess = Counter(card_names(payload["view"])) - rightful
        if excess:
            self.fail(where, f"view cards beyond hand and tops at {version}: {dict(excess)}")
        self._legal(payload.get("legal_moves") or [], version, where)
        if "seed" in payload and (truth.over_at is None or version < truth.over_at
                                  or payload["seed"] != truth.seed):
            self.fail(where, f"a seed at version {version}")

    def _legal(self, moves: list, version: int, where: str) -> None:
        """Legal moves go to the seat that owes one, and name its hand or visible tops."""
        if not moves or version not in self.truth.json:
            return
        hand = self.truth.json[version]["players"][self.seat]["hand"] if self.seat else []
        stray = set(card_names(moves)) - set(hand) - set(self.truth.view_cards(version, None))
        if self.seat is None or stray:
            self.fail(where, f"legal moves for {self.seat!r} naming {sorted(stray)}")

    def _record(self, record: dict, where: str) -> None:
        version = record["version"]
        if version not in self.truth.records:
            self.fail(where, f"a log entry of unknown version {version}")
            return
        _move, events = self.truth.records[version]
        for got, real in zip(record["events"], events, strict=False):
            if got.get("type") != "draw":
                continue
            mine = real.get("secret", {}).get(self.seat, {}).get("cards") if self.seat else None
            if got.get("cards") != mine:
                self.fail(where, f"draw at {version} shows {got.get('cards')}, expected {mine}")
        rightful = Counter(self.truth.record_cards(version, self.seat))
        excess = Counter(card_names(record)) - rightful
        if excess:
            self.fail(where, f"log entry {version} names more than is public: {dict(excess)}")
