"""Every list of games and challenges names the game of each row by its title."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.core import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_games(alice, bob, veto_game):
    druid = services.start_match("druidenwalzer", {"moon": alice, "sun": bob}, seed=1)
    veto = services.start_match("veto-duel", {"red": bob, "blue": alice}, seed=2)
    return druid, veto


def rows(html: str, start: str, end: str) -> str:
    return html[html.index(start):html.index(end, html.index(start))]


def test_the_lobby_names_the_game_of_each_challenge_and_game(client, alice, bob, carol,
                                                            two_games):
    druid, veto = two_games
    services.create_challenge(carol, game="veto-duel", creator_seat="blue")
    services.create_challenge(carol)
    client.force_login(bob)
    html = client.get(reverse("lobby")).content.decode()
    challenges = rows(html, 'id="open-challenges"', "</ul>")
    assert challenges.count('class="game-title"') == 2
    assert ">Veto duel</span>" in challenges and ">Druidenwalzer</span>" in challenges
    assert "they play Blue" in challenges
    recent = rows(html, 'class="recent"', "</ul>")
    assert f"Veto duel #{veto.pk}</a> bob (Red) – alice (Blue)" in recent
    assert f"Druidenwalzer #{druid.pk}</a> alice (moon) – bob (sun)" in recent


def test_your_turn_names_the_game_of_each_row(client, alice, two_games):
    druid, veto = two_games
    client.force_login(alice)
    html = client.get(reverse("your_turn")).content.decode()
    assert f"Druidenwalzer #{druid.pk}</a>" in rows(html, 'id="your-turn-list"', "</ul>")
    assert f"Veto duel #{veto.pk}</a>" in rows(html, "Waiting for your opponents", "</ul>")


def test_the_profile_names_the_game_of_games_in_progress_and_finished(client, alice, bob,
                                                                     two_games):
    druid, veto = two_games
    services.resign(veto.pk, alice)
    html = client.get(reverse("profile", args=["alice"])).content.decode()
    assert f"Druidenwalzer #{druid.pk}</a>" in rows(html, 'id="in-progress"', "</section>")
    assert f"Veto duel #{veto.pk}</a>" in rows(html, 'id="finished"', "</section>")
    head_to_head = client.get("/players/alice/vs/bob/").content.decode()
    assert f"Veto duel #{veto.pk}</a>" in head_to_head
