"""Fixtures of the game page tests: games set up through the services."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.core import services
from games.models import Match
from games.rules import get_rules

RULES = get_rules("druidenwalzer")
SEED = 987654321987


#: A form's CSRF token: 64 random letters and digits, which now and then spell a card.
CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


def without_csrf_tokens(html: str) -> str:
    """The page without its forms' CSRF tokens, to search it for hidden card names."""
    return CSRF_TOKEN.sub("", html)


@pytest.fixture(autouse=True)
def quiet_turn_mails(monkeypatch):
    from games import tasks

    monkeypatch.setattr(tasks.notify_turn, "apply_async", lambda *args, **kwargs: None)


def start(moon, sun, **kwargs) -> Match:
    return services.start_match("druidenwalzer", {"moon": moon, "sun": sun}, seed=SEED,
                                **kwargs)


def play_moves(match: Match, count: int, *, pick=None) -> Match:
    """Let whoever is to move play ``count`` moves (the first legal one by default),
    in the match's own game."""
    rules = get_rules(match.game)
    for _ in range(count):
        match.refresh_from_db()
        state = rules.from_json(match.state)
        if rules.is_over(state):
            break
        moves = rules.legal_moves(state)
        move = pick(moves) if pick else moves[0]
        player = match.seats.get(seat=rules.to_move(state)).user
        services.play(match.pk, player, move, match.version)
    match.refresh_from_db()
    return match


def play_to_the_end(match: Match, limit: int = 600) -> Match:
    """Random (seeded) moves until the rules end the game."""
    rng = random.Random(3)
    match = play_moves(match, limit, pick=rng.choice)
    assert match.is_over, "the seeded game should end by the rules"
    return match


def game_data(html: str) -> dict:
    found = re.search(r'<script id="game-data" type="application/json">(.*?)</script>', html,
                      re.S)
    assert found, "no game data in the page"
    return json.loads(found.group(1))


def hide_cards(match: Match, *, hand: str, down: str, covered: str) -> Match:
    """Rebuild the decks so that three card names sit only in hidden places.

    ``hand`` (a sun card) is in sun's hand and draw pile only; ``down`` (a moon
    card) only face-down under moon's tree 1; ``covered`` (a moon card) once
    under the top of moon's tree 2 and otherwise in moon's draw pile.
    """
    state = json.loads(json.dumps(match.state))
    for seat, secrets in (("moon", (down, covered)), ("sun", (hand,))):
        player = state["players"][seat]
        cards = list(player["hand"]) + player["draw_pile"] + player["cult_board"]
        for tree in player["trees"]:
            cards += tree["down"] + tree["up"]
        others = sorted(c for c in cards if c not in secrets)
        player["cult_board"] = [others.pop(next(i for i, c in enumerate(others) if c[1] == "1"))]

        def take(n, others=others):
            return [others.pop() for _ in range(n)]

        trees = player["trees"]
        for tree in trees:
            tree["down"], tree["up"] = take(4), take(1)
        if seat == "moon":
            others += trees[0]["down"][:3] + trees[1]["down"][:1]
            trees[0]["down"] = [down, down, down] + trees[0]["down"][3:]
            trees[1]["down"] = trees[1]["down"][1:]
            trees[1]["up"] = [covered] + trees[1]["up"]
            player["hand"] = take(3)
            player["draw_pile"] = [covered, covered] + others
        else:
            player["hand"] = [hand] + take(2)
            player["draw_pile"] = [hand, hand] + others
    RULES.from_json(state)  # still a valid state
    match.state = state
    match.save(update_fields=["state"])
    return match
