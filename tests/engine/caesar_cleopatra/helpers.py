"""Building hand-made Caesar & Cleopatra positions for the tests.

``position(...)`` takes only what a test cares about (hands, cards at the
groups, piles, patricians won...) and fills in the rest of each player's 50
cards so that the state passes validation: by default the leftover cards go
to their owner's discard pile (public, and out of every draw), or with
``leftovers="piles"`` to the bottom of the influence and action piles.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from typing import Any

from games.rules import get_rules
from games.rules.caesar_cleopatra.constants import (
    CARD_COUNT,
    CARD_NAMES,
    GROUP_SIZE,
    GROUPS,
    IS_INFLUENCE,
    LETTERS,
    VOTE_COUNT,
    VOTE_NAMES,
)

RULES = get_rules("caesar-cleopatra")
SEATS = ("cleopatra", "caesar")
NO_PATRICIANS = dict.fromkeys(GROUPS, 0)


def full_set(letter: str) -> Counter:
    return Counter(
        {name: CARD_COUNT[code] for code, name in enumerate(CARD_NAMES) if name[0] == letter}
    )


def at(down: list[str] | None = None, up: list[str] | None = None) -> dict[str, list[str]]:
    """A player's cards at one group."""
    return {"down": list(down or []), "up": list(up or [])}


def position(
    *,
    hands: dict[str, list[str]] | None = None,
    groups: dict[str, dict[str, dict[str, list[str]]]] | None = None,
    influence: dict[str, list[str]] | None = None,
    actions: dict[str, list[str]] | None = None,
    discards: dict[str, list[str]] | None = None,
    won: dict[str, dict[str, int]] | None = None,
    bonus: dict[str, str] | None = None,
    vote_deck: list[str] | None = None,
    vote_discard: list[str] | None = None,
    vote_aside: list[str] | None = None,
    phase: str = "play",
    turn: int = 0,
    current: str | None = "cleopatra",
    step: str | None = "start",
    action_played: bool = False,
    pending: dict[str, Any] | None = None,
    winner: str | None = None,
    score: dict[str, int] | None = None,
    seed: int | None = 7,
    leftovers: str = "discard",
) -> dict[str, Any]:
    """A complete, valid full-state JSON built around the given parts.

    ``groups`` maps a group to ``{"cleopatra": at(...), "caesar": at(...)}``;
    ``influence``/``actions`` give the piles top first; ``won`` the
    patricians won per player and group (the group's remaining patricians
    follow). Vote cards not named go to the bottom of the deck.
    """
    hands = {seat: list((hands or {}).get(seat, [])) for seat in SEATS}
    influence = {seat: list((influence or {}).get(seat, [])) for seat in SEATS}
    actions = {seat: list((actions or {}).get(seat, [])) for seat in SEATS}
    discards = {seat: list((discards or {}).get(seat, [])) for seat in SEATS}
    won = {seat: {**NO_PATRICIANS, **(won or {}).get(seat, {})} for seat in SEATS}
    groups = copy.deepcopy(groups or {})
    board = {
        group: {seat: groups.get(group, {}).get(seat, at()) for seat in SEATS} for group in GROUPS
    }
    for seat, letter in zip(SEATS, LETTERS):
        used = Counter(hands[seat] + influence[seat] + actions[seat] + discards[seat])
        for group in GROUPS:
            used.update(board[group][seat]["down"] + board[group][seat]["up"])
        spare = full_set(letter) - used
        fill = sorted(spare.elements(), key=lambda name: CARD_NAMES.index(name))
        if leftovers == "discard":
            discards[seat].extend(fill)
        else:
            code = {name: index for index, name in enumerate(CARD_NAMES)}
            influence[seat].extend(name for name in fill if IS_INFLUENCE[code[name]])
            actions[seat].extend(name for name in fill if not IS_INFLUENCE[code[name]])

    named = Counter((vote_deck or []) + (vote_discard or []) + (vote_aside or []))
    deck = list(vote_deck or [])
    for code, name in enumerate(VOTE_NAMES):
        deck.extend([name] * (VOTE_COUNT[code] - named[name]))

    to_move = pending["player"] if pending else current
    data: dict[str, Any] = {
        "game": "caesar-cleopatra",
        "phase": phase,
        "turn": turn,
        "current": current,
        "step": step,
        "action_played": action_played,
        "pending": pending,
        "to_move": to_move,
        "winner": winner,
        "score": score,
        "players": {
            seat: {
                "hand": hands[seat],
                "influence_pile": influence[seat],
                "action_pile": actions[seat],
                "discard": discards[seat],
                "bonus": (bonus or {}).get(
                    seat, "B-senators" if seat == "cleopatra" else "B-praetors"
                ),
                "patricians": won[seat],
            }
            for seat in SEATS
        },
        "groups": {
            group: {
                "patricians": GROUP_SIZE[index] - won["cleopatra"][group] - won["caesar"][group],
                **board[group],
            }
            for index, group in enumerate(GROUPS)
        },
        "vote_deck": deck,
        "vote_discard": list(vote_discard or []),
        "vote_aside": list(vote_aside or []),
    }
    if seed is not None:
        data["seed"] = seed
    return data


def load(data: dict[str, Any]):
    """The engine state of a JSON position (validated)."""
    return RULES.from_json(data)


def apply(data_or_state: Any, move: dict[str, Any], seat: str | None = None):
    """Apply ``move``; returns ``(json_after, events)``."""
    state = data_or_state if not isinstance(data_or_state, dict) else load(data_or_state)
    applied = RULES.apply(state, move, seat)
    return RULES.to_json(applied.state), applied.events


def play_moves(data: dict[str, Any], *moves: dict[str, Any]):
    """Apply several moves in a row; returns ``(json_after, all events)``."""
    state = load(data)
    events: list[dict[str, Any]] = []
    for move in moves:
        applied = RULES.apply(state, move)
        state = applied.state
        events.extend(applied.events)
    return RULES.to_json(state), events


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == kind]


def legal(data: dict[str, Any]) -> list[dict[str, Any]]:
    return RULES.legal_moves(load(data))


def draw(influence: int = 0, action: int = 0) -> dict[str, Any]:
    return {"type": "draw", "influence": influence, "action": action}


def place(card: str, group: str, face: str = "down") -> dict[str, Any]:
    return {"type": "place", "card": card, "group": group, "face": face}


def ordered(cards: list[str]) -> list[str]:
    """Card names in the reference order (P 1 2 3 4 5, then the action cards)."""
    return sorted(cards, key=CARD_NAMES.index)


def side(data: dict[str, Any], group: str, seat: str) -> dict[str, list[str]]:
    """``{"down": [...], "up": [...]}`` of ``seat`` at ``group``, in reference order."""
    entry = data["groups"][group][seat]
    return {"down": ordered(entry["down"]), "up": ordered(entry["up"])}


def multiset(cards: list[str]) -> Counter:
    return Counter(cards)


# -- what a view may show ---------------------------------------------------------
CARD = re.compile(r"^[CR](?:[1-5P]|-[a-z]+)$")
BONUS = re.compile(r"^B-[a-z]+$")


def view_names(value: Any, pattern: re.Pattern = CARD) -> Counter:
    """Every card name in a view (strings anywhere in the JSON)."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and pattern.match(item):
            found.append(item)
    return Counter(found)


def allowed_names(data: dict, viewer: str | None) -> Counter:
    """What ``viewer`` may see, from the omniscient state: every face-up card
    and discard pile, the pending action card and its target, the viewer's own
    hand and face-down cards, and during the viewer's Spy the other hand."""
    allowed: Counter = Counter()
    for seat, player in data["players"].items():
        allowed.update(player["discard"])
        for group in data["groups"].values():
            allowed.update(group[seat]["up"])
            if seat == viewer:
                allowed.update(group[seat]["down"])
        if seat == viewer:
            allowed.update(player["hand"])
    pending = data["pending"]
    if pending and pending["kind"] == "veto":
        allowed.update([pending["action"]["card"]])
        if "target" in pending["action"]:
            allowed.update([pending["action"]["target"]])
    if pending and pending["kind"] == "spy" and pending["player"] == viewer:
        other = "caesar" if viewer == "cleopatra" else "cleopatra"
        allowed.update(data["players"][other]["hand"])
    return allowed


def check_no_leak(data: dict, view: dict, viewer: str | None) -> None:
    assert not view_names(view) - allowed_names(data, viewer)
    bonuses = view_names(view, BONUS)
    if data["phase"] == "over":
        assert bonuses == Counter(p["bonus"] for p in data["players"].values())
    elif viewer is None:
        assert not bonuses
    else:
        assert bonuses == Counter([data["players"][viewer]["bonus"]])
    assert "seed" not in json.dumps(view)
    assert "pile" not in json.dumps(view).replace("pile_size", "")
