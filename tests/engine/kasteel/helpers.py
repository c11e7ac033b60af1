"""Building hand-made Strijd om het Kasteel positions for the tests.

``position(...)`` takes only what a test cares about (some lines on the
ring, castles, hands) and fills in the rest so that the state passes
validation: pieces not placed elsewhere are at home in home order, and the
cards not in a hand go to the deck (as many as the deal requires) and then
to the bottom of the discard pile.
"""

from __future__ import annotations

from typing import Any

from games.rules import get_rules
from games.rules.kasteel.constants import DEAL_SIZES, card_names
from games.rules.rng import derive_rng

RULES = get_rules("kasteel")
RANKS = "KDCBPSX"


def position(
    players: int = 2,
    *,
    teams: bool = False,
    order: dict[int, str] | None = None,
    lines: dict[int, list[str]] | None = None,
    castle: dict[int, dict[str, int]] | None = None,
    homes: dict[int, str] | None = None,
    hands: dict[int, list[str]] | None = None,
    discard: list[str] | None = None,
    deck: list[str] | None = None,
    to_move: int | None = 0,
    dealer: int | None = None,
    deal: int = 1,
    turn: int | None = None,
    pending: dict[str, Any] | None = None,
    roll: list[int] | None = None,
    finished: list[int] | None = None,
    phase: str = "play",
    limit: int | None = None,
    cycle: int = 1,
    seed: int | None = 7,
) -> dict[str, Any]:
    """A complete, valid full-state JSON built around the given parts."""
    order = {seat: (order or {}).get(seat, RANKS) for seat in range(players)}
    castle = {seat: dict((castle or {}).get(seat, {})) for seat in range(players)}
    hands = {seat: list((hands or {}).get(seat, [])) for seat in range(players)}
    tracks: dict[int, dict[str, list[int]]] = {seat: {} for seat in range(players)}
    for square, names in (lines or {}).items():
        for place, name in enumerate(names):
            seat, rank = name.split(":")
            tracks[int(seat)][rank] = [square, place]
    seats = []
    for seat in range(players):
        placed = set(tracks[seat]) | set(castle[seat])
        if homes is not None and seat in homes:
            home = list(homes[seat])
        else:
            home = [rank for rank in order[seat] if rank not in placed]
        seats.append(
            {
                "hand": hands[seat],
                "order": list(order[seat]),
                "home": home,
                "track": tracks[seat],
                "castle": castle[seat],
            }
        )
    used = set(discard or []) | set(deck or [])
    for hand in hands.values():
        used |= set(hand)
    spare = [name for name in card_names(players) if name not in used]
    deck_size = (13 - sum(DEAL_SIZES[: deal + 1])) * players
    deck_list = list(deck or [])
    need = deck_size - len(deck_list)
    deck_list.extend(spare[:need])
    discard_list = spare[need:] + list(discard or [])
    if turn is None:
        turn = 3 * players
    data: dict[str, Any] = {
        "game": "kasteel",
        "players": players,
        "teams": teams,
        "phase": phase,
        "to_move": to_move,
        "pending": pending,
        "roll": roll,
        "turn": turn,
        "first_round": turn < players,
        "dealer": dealer if dealer is not None else ((to_move or 0) - 1) % players,
        "deal": deal,
        "deck": deck_list,
        "discard": discard_list,
        "finished": list(finished or []),
        "winners": [],
        "scores": None,
        "seats": seats,
        "limit": limit,
        "cycle": cycle,
    }
    if seed is not None:
        data["seed"] = seed
    return data


def load(data: dict[str, Any]):
    """The engine state of a JSON position (validated)."""
    return RULES.from_json(data)


def apply(data_or_state: Any, move: dict[str, Any], seat: str | None = None):
    """Apply ``move``; returns ``(json_after, events)``."""
    state = load(data_or_state) if isinstance(data_or_state, dict) else data_or_state
    applied = RULES.apply(state, move, seat)
    return RULES.to_json(applied.state), applied.events


def move(card: str, piece: str, number: str | None = None) -> dict[str, Any]:
    result = {"type": "move", "card": card, "piece": piece}
    if number is not None:
        result["number"] = number
    return result


def dice_seed(turn: int, *pairs: tuple[int, int], first: int = 0) -> int:
    """A seed whose rolls number ``first``, ``first + 1``... of turn ``turn``
    are ``pairs``."""
    for seed in range(1, 10_000_000):
        for offset, pair in enumerate(pairs):
            rng = derive_rng(seed, turn, "roll", first + offset)
            if (rng.randint(1, 6), rng.randint(1, 6)) != tuple(pair):
                break
        else:
            return seed
    raise AssertionError("no seed found")  # pragma: no cover


def with_dice(data: dict[str, Any], *pairs: tuple[int, int]) -> dict[str, Any]:
    """``data`` with a seed that rolls ``pairs`` next (this turn)."""
    first = data.get("turn_rolls", 1 if data.get("pending") else 0)
    return {**data, "seed": dice_seed(data["turn"], *pairs, first=first)}


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == kind]


def where(data: dict[str, Any], piece: str) -> Any:
    """``[square, place]``, ``("castle", place)`` or ``("home", index)``."""
    seat, rank = piece.split(":")
    entry = data["seats"][int(seat)]
    if rank in entry["track"]:
        return entry["track"][rank]
    if rank in entry["castle"]:
        return ("castle", entry["castle"][rank])
    return ("home", entry["home"].index(rank))


def line(data: dict[str, Any], square: int) -> list[str]:
    """The pieces on ``square``, front first."""
    found = []
    for seat, entry in enumerate(data["seats"]):
        for rank, (sq, place) in entry["track"].items():
            if sq == square:
                found.append((place, f"{seat}:{rank}"))
    return [name for _, name in sorted(found)]
