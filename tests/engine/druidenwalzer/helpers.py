"""Building hand-made Druidenwalzer positions for the tests.

``position(...)`` takes only what a test cares about (some trees, hands,
cult boards) and fills in the rest of each cult's 30 cards so that the state
passes validation: the leftover cards go to the bottom of their owner's draw
pile (or, with ``leftovers="cult_board"``, to the bottom of the cult board).
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from games.rules import get_rules
from games.rules.druidenwalzer.constants import CARD_NAMES, CULT_LETTERS, full_deck

RULES = get_rules("druidenwalzer")
COLOURS = ("purple", "orange", "black")


def tree(
    up: str | list[str] | None = None,
    down: list[str] | None = None,
    druid: str | None = None,
    signs: int = 0,
    flipped: bool = False,
) -> dict[str, Any]:
    """A tree entry; ``up`` may be one card name or a list (bottom to top)."""
    if up is None:
        up_list: list[str] = []
    elif isinstance(up, str):
        up_list = [up]
    else:
        up_list = list(up)
    return {
        "down": list(down or []),
        "up": up_list,
        "druid": druid,
        "signs": signs,
        "flipped": flipped,
    }


def _default_trees() -> list[dict[str, Any]]:
    return [tree(druid=colour) for colour in COLOURS] + [tree()]


def position(
    *,
    moon: list[dict[str, Any]] | None = None,
    sun: list[dict[str, Any]] | None = None,
    hands: dict[str, list[str]] | None = None,
    cult_boards: dict[str, list[str]] | None = None,
    draw_piles: dict[str, list[str]] | None = None,
    removed: dict[str, list[int]] | None = None,
    to_move: str | None = "moon",
    phase: str = "play",
    winner: str | None = None,
    turn: int = 0,
    seed: int | None = 7,
    leftovers: str | int = "draw",
) -> dict[str, Any]:
    """A complete, valid full-state JSON built around the given parts.

    ``leftovers``: where the rest of each cult's cards go: ``"draw"`` (bottom
    of the draw pile), ``"cult_board"`` (bottom of the cult board) or a tree
    number (bottom of that own tree's face-down cards; give it a face-up card).
    """
    trees = {
        "moon": copy.deepcopy(moon) if moon else _default_trees(),
        "sun": copy.deepcopy(sun) if sun else _default_trees(),
    }
    hands = {seat: list((hands or {}).get(seat, [])) for seat in ("moon", "sun")}
    boards = {seat: list((cult_boards or {}).get(seat, [])) for seat in ("moon", "sun")}
    piles = {seat: list((draw_piles or {}).get(seat, [])) for seat in ("moon", "sun")}
    removed = {seat: list((removed or {}).get(seat, [])) for seat in ("moon", "sun")}

    used: Counter[str] = Counter()
    for seat in ("moon", "sun"):
        for entry in trees[seat]:
            used.update(entry["down"])
            used.update(entry["up"])
        used.update(hands[seat])
        used.update(boards[seat])
        used.update(piles[seat])

    for cult, seat in ((0, "moon"), (1, "sun")):
        letter = CULT_LETTERS[cult]
        available = Counter(CARD_NAMES[code] for code in full_deck(cult))
        for value in removed[seat]:
            # remove one card of that value, preferring one not used elsewhere
            for arrow in "LR":
                name = f"{letter}{value}{arrow}"
                if available[name] > used[name]:
                    available[name] -= 1
                    break
            else:
                available[f"{letter}{value}L"] -= 1
        spare = available - Counter({k: v for k, v in used.items() if k[0] == letter})
        needed = 30 - len(removed[seat]) - sum(v for k, v in used.items() if k[0] == letter)
        fill = sorted(spare.elements())[: max(needed, 0)]
        if len(fill) < needed:
            raise ValueError(f"cannot fill {seat}'s cards: {needed} needed")
        if leftovers == "draw":
            piles[seat].extend(fill)
        elif leftovers == "cult_board":
            boards[seat] = fill + boards[seat]
        else:
            entry = trees[seat][int(leftovers) - 1]
            entry["down"] = fill + entry["down"]

    data: dict[str, Any] = {
        "game": "druidenwalzer",
        "phase": phase,
        "to_move": to_move,
        "winner": winner,
        "turn": turn,
        "players": {
            seat: {
                "trees": trees[seat],
                "cult_board": boards[seat],
                "hand": hands[seat],
                "draw_pile": piles[seat],
                "removed": removed[seat],
            }
            for seat in ("moon", "sun")
        },
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


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == kind]


def tops(data: dict[str, Any], seat: str) -> list[str | None]:
    """The visible top card of each of ``seat``'s trees."""
    return [t["up"][-1] if t["up"] else None for t in data["players"][seat]["trees"]]
