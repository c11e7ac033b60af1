"""The Caesar & Cleopatra board: what each seat and a spectator may see, and
nothing hidden in any page, fragment, API answer, export or public log."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.boards.caesar_cleopatra_cards import bonus_label
from tests.site.caesar_cleopatra import (
    RULES,
    edit_state,
    play,
    set_up,
    start,
    state_of,
    top_vote_cards,
)
from tests.site.conftest import game_data

pytestmark = pytest.mark.django_db


def page(client, match, user=None, name="game", query=""):
    client.logout()
    if user is not None:
        client.force_login(user)
    response = client.get(reverse(name, args=[match.pk]) + query)
    assert response.status_code == 200
    return response.content.decode()


def api(match, user, action=""):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user=user)
    response = client.get(f"/api/games/{match.pk}/" + (f"{action}/" if action else ""))
    assert response.status_code == 200
    return json.dumps(response.json())


def other_bonus(state: dict) -> str:
    mine = state["players"]["cleopatra"]["bonus"]
    return "B-praetors" if mine == "B-senators" else "B-senators"


def hide_caesars_secrets(state: dict) -> None:
    """Caesar's two philosophers only in hidden places (one face down at the Senators,
    one in hand), his Wrath of the Gods in hand, a bonus card unlike Cleopatra's, and
    Orgies on top of the vote deck (no vote reveals anything)."""
    caesar = state["players"]["caesar"]
    senators = state["groups"]["senators"]["caesar"]
    caesar["influence_pile"].remove("RP")
    caesar["influence_pile"].remove("RP")
    caesar["influence_pile"] += senators["down"]
    senators["down"] = ["RP"]
    caesar["influence_pile"].append(caesar["hand"].pop())
    caesar["hand"].append("RP")
    caesar["action_pile"].remove("R-wrath")
    caesar["influence_pile"].append(caesar["hand"].pop(0))
    caesar["hand"].append("R-wrath")
    caesar["bonus"] = other_bonus(state)
    top_vote_cards(state, "V-orgy", "V-orgy")


def draw_move(match, **want) -> dict:
    moves = [m for m in RULES.legal_moves(state_of(match)) if m["type"] == "draw"]
    return next(m for m in moves if all(m[k] == v for k, v in want.items()))


@pytest.fixture
def hidden_game(alice, bob):
    """Alice (Cleopatra) against Bob (Caesar), both placed; Caesar then played his
    philosopher face down. Secrets of Caesar: RP (twice face down), R-wrath in hand,
    his bonus card."""
    match = set_up(start(alice, bob))
    edit_state(match, hide_caesars_secrets)
    play(match, {"type": "place", "card": "C1", "group": "praetors", "face": "down"})
    play(match, draw_move(match, influence=1))
    play(match, {"type": "place", "card": "RP", "group": "aediles", "face": "down"})
    play(match, draw_move(match, action=0))
    match.refresh_from_db()
    assert RULES.to_move(state_of(match)) == "cleopatra"
    return match


def secrets_of_caesar(match) -> list[str]:
    bonus = match.state["players"]["caesar"]["bonus"]
    return ["RP", "R-wrath", bonus, bonus_label(bonus)]


def contains(text: str, name: str) -> bool:
    """``name`` as a word of ``text`` (not inside a token such as the CSRF one)."""
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", text) is not None


def visible_text(html: str) -> str:
    """The page without its scripts' data (which holds the words of every kind of card)."""
    return re.sub(r"<script[^>]*>.*?</script>", "", html, flags=re.S)


def test_it_shows_cleopatra_her_own_cards_and_none_of_caesars(client, hidden_game, alice):
    html = page(client, hidden_game, alice)
    assert 'class="hand-card cc-card-btn" data-card="C2"' in html  # her hand, as buttons
    own_bonus = hidden_game.state["players"]["cleopatra"]["bonus"]
    assert "Your hand" in html and bonus_label(own_bonus) in html
    assert 'data-name="C1" title="1 (face down)"' in html  # her own face-down values
    assert "a face-down card" in html  # Caesar's face-down cards, as backs
    assert "Caesar placed a card face down at the Aediles" in html
    for secret in secrets_of_caesar(hidden_game):
        assert not contains(html, secret), secret
    assert "Wrath" not in visible_text(html)
    data = game_data(html)
    assert data["viewer"] == "cleopatra" and data["legal"]
    assert all(move.get("card", "C")[0] == "C" for move in data["legal"])


def test_it_shows_caesar_his_philosophers_and_hand(client, hidden_game, bob):
    html = page(client, hidden_game, bob)
    assert html.count('data-name="RP"') == 2  # both face down: his own values
    assert 'data-card="R-wrath"' in html and "Wrath of the Gods" in html
    assert "Caesar placed philosopher face down at the Aediles" in html
    assert game_data(html)["legal"] == []  # not his decision
    assert 'data-card="C2"' not in html and 'data-name="C1"' not in html


@pytest.mark.parametrize("who", ["alice", "carol", "anonymous"])
def test_it_leaks_nothing_hidden_anywhere(client, hidden_game, who, request):
    user = None if who == "anonymous" else request.getfixturevalue(who)
    texts = {
        "page": page(client, hidden_game, user),
        "fragment": page(client, hidden_game, user, "game_board"),
        "public log": page(client, hidden_game, user, "game_replay"),
        "export": page(client, hidden_game, user, "game_export"),
        "api": api(hidden_game, user),
        "api legal": api(hidden_game, user, "legal"),
        "api events": api(hidden_game, user, "events"),
        "api export": api(hidden_game, user, "export"),
    }
    for where, text in texts.items():
        for secret in secrets_of_caesar(hidden_game):
            assert not contains(text, secret), f"{secret} in the {where} of {who}"
        assert not contains(text, str(hidden_game.seed)), f"the seed in the {where} of {who}"
        # The stored moves of Caesar's setup and face-down placement name no card.
        assert '"R2"' not in text and '"R4"' not in text, where


def test_it_shows_a_spectator_both_sides_as_backs(client, hidden_game, carol):
    html = page(client, hidden_game, carol)
    assert "Your hand" not in html and "hand-card" not in html
    assert 'data-name="C1"' not in html  # Cleopatra's face-down card is hidden too
    assert "Cleopatra placed a card face down at the Praetors" in html
    assert game_data(html)["legal"] == []
    assert html.count("bonus card: hidden") == 2


def test_it_words_the_setup_prompt_and_the_decision_owed(client, alice, bob):
    match = start(alice, bob)
    assert "Your move: place five cards face down, one at each group" in page(client, match,
                                                                           alice)
    assert "Waiting for alice (Cleopatra)" in page(client, match, bob)
    data = game_data(page(client, match, alice))
    assert data["phase"] == "setup" and len(data["legal"]) == 120


def test_it_links_the_board_script_and_stylesheet(client, alice, bob):
    html = page(client, start(alice, bob), alice)
    assert "js/game-caesar-cleopatra" in html and "css/caesar-cleopatra" in html
    assert "<h1>Caesar &amp; Cleopatra #" in html
