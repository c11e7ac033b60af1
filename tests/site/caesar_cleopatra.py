"""Caesar & Cleopatra games for the page tests: set up through the services, then
brought to chosen positions by playing or by editing the stored state."""

from __future__ import annotations

import json

from games.core import services
from games.models import Match
from games.rules import get_rules

RULES = get_rules("caesar-cleopatra")
GAME = "caesar-cleopatra"
SEED = 20240611
SETUP = {
    "cleopatra": {"senators": "C3", "praetors": "C1", "quaestors": "C5", "aediles": "C2",
                  "censors": "C4"},
    "caesar": {"senators": "R2", "praetors": "R4", "quaestors": "R1", "aediles": "R5",
               "censors": "R3"},
}


def start(cleopatra, caesar, **kwargs) -> Match:
    return services.start_match(GAME, {"cleopatra": cleopatra, "caesar": caesar}, seed=SEED,
                                **kwargs)


def state_of(match: Match):
    match.refresh_from_db()
    return RULES.from_json(match.state)


def owing_user(match: Match):
    state = state_of(match)
    return match.seats.get(seat=RULES.owed_by(state)[0]).user


def play(match: Match, move: dict) -> Match:
    """The seat that owes a decision plays ``move``."""
    user = owing_user(match)
    services.play(match.pk, user, move, match.version)
    match.refresh_from_db()
    return match


def set_up(match: Match) -> Match:
    for seat in ("cleopatra", "caesar"):
        play(match, {"type": "setup", "cards": SETUP[seat]})
    return match


def edit_state(match: Match, change) -> Match:
    """Change the stored (omniscient) state with ``change(state_json)``; still valid."""
    state = json.loads(json.dumps(match.state))
    change(state)
    RULES.from_json(state)
    match.state = state
    match.save(update_fields=["state"])
    return match


def top_vote_cards(state: dict, *cards: str) -> None:
    """Put ``cards`` on top of the vote deck (an Orgy turns no vote: nothing revealed)."""
    deck = state["vote_deck"]
    for card in cards:
        deck.remove(card)
    state["vote_deck"] = [*cards, *deck]


def swap_into_hand(state: dict, seat: str, card: str, out: str) -> None:
    """``card`` (from a pile) into ``seat``'s hand; ``out`` (from the hand) onto the pile
    of its own kind."""
    player = state["players"][seat]
    source = "action_pile" if "-" in card else "influence_pile"
    target = "action_pile" if "-" in out else "influence_pile"
    player[source].remove(card)
    player["hand"].remove(out)
    player["hand"].append(card)
    player[target].append(out)
