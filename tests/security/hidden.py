"""Change only what one viewer may not know of a running game, per game, on the engine's state.

``perturb(match, viewer, rng)`` rewrites the stored match (its engine state,
its seed and its log) into another game that the viewer (a seat, or ``None``
for a spectator) cannot tell apart from the real one: the other seats' hands,
every face-down or covered card and the order of every draw pile are shuffled
among themselves, the seed is replaced, and in the log the other seats'
secret event parts and the parts of their moves that the rules redact are
scrambled. Everything the viewer may know stays exactly as it was, so every
answer the site gives that viewer must stay byte for byte the same
(tests.security.samebytes). The new state is checked by the engine's own
``from_json``; ``restore`` puts the real game back.

This is built on the engine's full state (``to_json``), never on a view: a
view that shows something it should not is exactly what must be caught.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from games.models import Match, MoveRecord
from games.rules import get_rules
from games.rules.base import SECRET_KEY

Slots = list[tuple[list, int]]  # (a list of the state, an index in it)


def _slots(cards: list, start: int = 0, stop: int | None = None) -> Slots:
    return [(cards, index) for index in range(start, len(cards) if stop is None else stop)]


def _shuffle(slots: Slots, rng: random.Random) -> None:
    """Deal the cards of ``slots`` out again among the same slots, at random."""
    cards = [where[index] for where, index in slots]
    rng.shuffle(cards)
    for (where, index), card in zip(slots, cards, strict=True):
        where[index] = card


def _druidenwalzer(state: dict, viewer: str | None, rng: random.Random) -> None:
    """Hands of the others, draw piles, face-down and covered tree cards: per cult."""
    hidden: Slots = []
    for seat, player in state["players"].items():
        if seat != viewer:
            hidden += _slots(player["hand"])
        hidden += _slots(player["draw_pile"])
        for tree in player["trees"]:
            hidden += _slots(tree["down"]) + _slots(tree["up"], 0, max(len(tree["up"]) - 1, 0))
    for cult in "MS":
        _shuffle([slot for slot in hidden if slot[0][slot[1]][0] == cult], rng)


def _caesar_cleopatra(state: dict, viewer: str | None, rng: random.Random) -> None:
    """Per seat: its piles' order; of the other seat also its hand (unless the viewer
    spies on it now), its face-down cards and its bonus card. The vote deck's order.
    During the setup each of these is shuffled on its own (a hand is two of each value,
    a placement one of each)."""
    pending = state.get("pending") or {}
    spying = pending.get("kind") == "spy" and pending.get("player") == viewer
    setup = state["phase"] == "setup"
    for seat, player in state["players"].items():
        pools = [_slots(player["influence_pile"]), _slots(player["action_pile"])]
        if seat != viewer:
            hand = [] if spying else _slots(player["hand"])
            down = [slot for group in state["groups"].values()
                    for slot in _slots(group[seat]["down"])]
            if setup:
                pools += [hand, down]
            else:
                pools[0] += [slot for slot in hand + down if "-" not in slot[0][slot[1]]]
                pools[1] += [slot for slot in hand if "-" in slot[0][slot[1]]]
            player["bonus"] = rng.choice(("B-senators", "B-praetors", "B-quaestors"))
        for pool in pools:
            _shuffle(pool, rng)
    rng.shuffle(state["vote_deck"])


def _kasteel(state: dict, viewer: str | None, rng: random.Random) -> None:
    """The other seats' hands and the deck."""
    hidden = _slots(state["deck"])
    for seat, info in enumerate(state["seats"]):
        if str(seat) != viewer:
            hidden += _slots(info["hand"])
    _shuffle(hidden, rng)


PERTURB_STATE: dict[str, Callable[[dict, str | None, random.Random], None]] = {
    "druidenwalzer": _druidenwalzer,
    "caesar-cleopatra": _caesar_cleopatra,
    "kasteel": _kasteel,
}


def perturb_state(game: str, state: dict, viewer: str | None, rng: random.Random) -> dict:
    """Another valid full state that ``viewer`` cannot tell from ``state``."""
    rules = get_rules(game)
    changed = copy.deepcopy(state)
    PERTURB_STATE[game](changed, viewer, rng)
    changed["seed"] = rng.randrange(1, 2**62)
    return rules.to_json(rules.from_json(changed))


def _scramble(value: Any, names: list[str], rng: random.Random) -> Any:
    """``value`` with every leaf changed: strings to other card names, numbers shifted."""
    if isinstance(value, dict):
        return {key: _scramble(item, names, rng) for key, item in value.items()}
    if isinstance(value, list):
        return [_scramble(item, names, rng) for item in reversed(value)]
    if isinstance(value, str):
        return rng.choice([name for name in names if name != value] or ["?"])
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value + rng.randint(1, 3)
    return value


def card_names(state: dict) -> list[str]:
    """Every string of the full state: the names a scrambled secret is made of."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for item in node.values():
                walk(item)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, str):
            found.add(node)

    walk(state)
    return sorted(found)


def perturb_events(events: list[dict], viewer: str | None, names: list[str],
                   rng: random.Random) -> list[dict]:
    """The events with every seat's secret part but the viewer's scrambled."""
    changed = []
    for event in events:
        event = copy.deepcopy(event)
        for seat, part in (event.get(SECRET_KEY) or {}).items():
            if seat != viewer:
                event[SECRET_KEY][seat] = _scramble(part, names, rng)
        changed.append(event)
    return changed


def perturb_move(rules, move: Any, mover: str | None, viewer: str | None, names: list[str],
                 rng: random.Random) -> Any:
    """``move`` with each part scrambled that the rules redact for ``viewer``."""
    if not isinstance(move, dict):
        return move
    seen = rules.redact_move(move, mover, viewer)
    if seen == move:
        return move
    changed = dict(move)
    for key in move:
        trial = {**changed, key: _scramble(move[key], names, rng)}
        if rules.redact_move(trial, mover, viewer) == seen:
            changed = trial
    return changed


class Perturbation:
    """A match rewritten for one viewer, and the way back (rows updated in place:
    ``updated_at`` and every timestamp stay as they were)."""

    def __init__(self, match: Match, viewer: str | None, rng: random.Random) -> None:
        self.match_id = match.pk
        row = Match.objects.get(pk=match.pk)
        self.state, self.seed = row.state, row.seed
        self.records = list(MoveRecord.objects.filter(match=row).values_list(
            "pk", "seat", "move", "events"))
        rules = get_rules(row.game)
        assert not row.is_over, "a finished game hides nothing"
        self.new_state = perturb_state(row.game, row.state, viewer, rng)
        names = card_names(row.state)
        self.new_records = {
            pk: (perturb_move(rules, move, seat or None, viewer, names, rng),
                 perturb_events(events, viewer, names, rng))
            for pk, seat, move, events in self.records
        }

    def apply(self) -> None:
        Match.objects.filter(pk=self.match_id).update(
            state=self.new_state, seed=self.new_state["seed"])
        for pk, (move, events) in self.new_records.items():
            MoveRecord.objects.filter(pk=pk).update(move=move, events=events)

    def restore(self) -> None:
        Match.objects.filter(pk=self.match_id).update(state=self.state, seed=self.seed)
        for pk, _seat, move, events in self.records:
            MoveRecord.objects.filter(pk=pk).update(move=move, events=events)
