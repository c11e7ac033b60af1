"""A handicap removes one card of a value from a player's 30 (six of each value): the
game page says that one card is removed, never that the player plays without the value
(Druidenwalzer's rules, section 8)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.core import services
from tests.site.conftest import start

pytestmark = pytest.mark.django_db


def board(client, user, match) -> str:
    client.force_login(user)
    html = client.get(reverse("game", args=[match.pk])).content.decode()
    return html.split('class="game-live"', 1)[1].split('id="game-data"', 1)[0]


def test_it_says_the_rematch_winner_plays_with_one_2_removed(client, alice, bob):
    first = start(alice, bob)
    services.resign(first.pk, bob)  # alice won: she removes a 2 in the rematch
    rematch = start(alice, bob)
    assert rematch.seats.get(user=alice).removed == [2]
    html = board(client, bob, rematch)
    assert "plays without" not in html
    assert "plays with one 2 removed from their cards" in html
    assert ("Rematch rule: alice won the last game against this opponent, so one 2 is "
            "removed from her cards." not in html)  # no guessing at pronouns
    assert ("Rematch rule: alice won the last game against this opponent, so one 2 is "
            "removed from their cards.") in html


def test_it_words_a_strength_handicap_the_same_way(client, alice, bob):
    match = start(alice, bob, strength={alice.pk: [1], bob.pk: [3]})
    html = board(client, alice, match)
    assert "plays without" not in html
    assert "plays with one 1 removed from their cards" in html
    assert "plays with one 3 removed from their cards" in html
