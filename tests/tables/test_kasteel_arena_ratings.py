"""Strijd om het Kasteel's AI levels carry their measured arena ratings (four-seat
tables, games.ai.table_ratings), shown in the lobby and on the table page as the
two-player games show theirs ("Archdruid, about 1780")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.ai.registry import ARENA_RATINGS, arena_rating
from games.ai_players.bots import ensure_bot_accounts
from games.lobby import tables

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

SHOWN = ("heuristic", "strong")  # Sprite, as in the other games: no rating shown


def between(html: str, start: str, end: str) -> str:
    part = html[html.index(start):]
    return part[:part.index(end)]


def test_the_kasteel_levels_are_rated_and_anchored_like_the_others():
    measured = ARENA_RATINGS["kasteel"]
    assert set(measured) == set(SHOWN)
    assert measured["heuristic"][0] == 1500  # the Wanderer, as in the two-player games
    assert measured["strong"][0] > measured["heuristic"][0]
    assert all(arena_rating("kasteel", level) % 10 == 0 for level in SHOWN)


def test_the_lobby_shows_the_kasteel_ratings(client, alice):
    ensure_bot_accounts()
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    kasteel = between(html, 'class="ai-game" data-game="kasteel"', "</section>")
    for level, name in (("heuristic", "Wanderer"), ("strong", "Archdruid")):
        assert f"<strong>{name}</strong><span class=\"arena-rating\"" in kasteel
        assert f", about {arena_rating('kasteel', level)}</span>" in kasteel
    assert kasteel.count('class="arena-rating"') == 2


def test_the_table_page_shows_the_kasteel_ratings(client, alice):
    ensure_bot_accounts()
    table = tables.open_table(alice, game="kasteel", size=4, limit=9)
    client.force_login(alice)
    html = client.get(f"/tables/{table.pk}/").content.decode()
    select = between(html, '<select name="level">', "</select>")
    assert f">Archdruid, about {arena_rating('kasteel', 'strong')}</option>" in select
    assert f"Wanderer, about {arena_rating('kasteel', 'heuristic')}</option>" in select
    assert ">Sprite</option>" in select
