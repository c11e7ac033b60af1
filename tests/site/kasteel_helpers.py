"""Kasteel matches for the site's tests, started through the services with a table's options."""

from __future__ import annotations

import random
import re

from games.core import services
from games.models import Match
from games.rules import get_rules
from tests.conftest import make_user

RULES = get_rules("kasteel")
SEED = 731952846017


def users(*given, count: int):
    """``count`` players: the given ones, then new accounts."""
    from django.contrib.auth import get_user_model

    found = list(given)
    while len(found) < count:
        name = f"player{len(found)}"
        found.append(get_user_model().objects.filter(username=name).first() or make_user(name))
    return found[:count]


def start(players: list, *, teams: bool = False, limit: int | None = None,
          seed: int = SEED) -> Match:
    options = {"players": len(players), "teams": teams}
    if limit is not None:
        options["limit"] = limit
    return services.start_match("kasteel", {str(i): user for i, user in enumerate(players)},
                                seed=seed, new_game=options)


def play(match: Match, count: int, *, rng: random.Random | None = None,
         until=None) -> Match:
    """``count`` moves by whoever is to move (the first legal move, or a seeded random one)."""
    for _ in range(count):
        match.refresh_from_db()
        state = RULES.from_json(match.state)
        if RULES.is_over(state) or (until is not None and until(match.state)):
            break
        moves = RULES.legal_moves(state)
        move = rng.choice(moves) if rng else moves[0]
        player = match.seats.get(seat=RULES.to_move(state)).user
        services.play(match.pk, player, move, match.version)
    match.refresh_from_db()
    return match


def setup_done(match: Match) -> Match:
    return play(match, 7 * match.state["players"])


def hidden_cards(state: dict, viewer: str | None) -> list[str]:
    """The cards ``viewer`` may not see: the deck and every other seat's hand."""
    cards = list(state["deck"])
    for seat, info in enumerate(state["seats"]):
        if str(seat) != viewer:
            cards += info["hand"]
    return cards


def leaks(text: str, cards: list[str]) -> list[str]:
    """The cards of ``cards`` named in ``text``: by code as a whole word (``K/1`` is not in
    ``K/11``) or by their label ("King card (blue)")."""
    from games.boards.kasteel_log import card_label

    if not cards:
        return []
    codes = re.compile(r"(?<![\w/])(" + "|".join(re.escape(c) for c in cards) + r")(?!\d)")
    found = set(codes.findall(text))
    found.update(card for card in cards if card_label(card) in text)
    return sorted(found)
