"""The pages of tables: the form with the expected length, the table page, the lobby."""

from __future__ import annotations

import pytest

from games.lobby import tables
from games.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def between(html: str, start: str, end: str) -> str:
    """The part of ``html`` from ``start`` up to the first ``end`` after it."""
    part = html[html.index(start):]
    return part[:part.index(end)]


def test_it_shows_the_form_with_the_expected_length(client, alice):
    client.force_login(alice)
    html = client.get("/tables/new/?game=kasteel").content.decode()
    assert 'id="table-lengths"' in html and "turns each" in html


def test_it_opens_a_table_from_the_form_and_lists_it_in_the_lobby(client, alice, bob):
    client.force_login(alice)
    response = client.post("/tables/new/", {"game": "kasteel", "size": 5, "days_per_move": 3,
                                            "rated": "on", "games": 1})
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    client.force_login(bob)
    html = client.get("/lobby/").content.decode()
    assert 'id="open-tables"' in html and f'data-table="{table.pk}"' in html
    assert "4 free" in html
    response = client.post(f"/tables/{table.pk}/join/")
    assert response.status_code == 302 and table.places.count() == 2


def test_it_shows_a_clear_error_for_teams_at_an_odd_table(client, alice):
    client.force_login(alice)
    response = client.post("/tables/new/", {"game": "kasteel", "size": 5, "teams": "on",
                                            "days_per_move": 3, "games": 1})
    assert response.status_code == 200
    assert "Teams need an even number of seats" in response.content.decode()


def test_it_shows_the_table_page_and_starts_from_it(client, alice):
    table = tables.open_table(alice, game="kasteel", size=2, limit=1)
    client.force_login(alice)
    html = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="table-places"' in html and "Add an AI player" in html
    response = client.post(f"/tables/{table.pk}/ai/", {"level": "random"})
    table.refresh_from_db()
    assert response["Location"] == f"/games/{table.series.get().match_id}/"


def test_it_offers_ai_players_by_name_and_rating_as_the_lobby_does(client, alice, monkeypatch):
    from games.ai import registry
    from games.ai_players.bots import ensure_bot_accounts

    ensure_bot_accounts()
    monkeypatch.setattr(registry, "ARENA_RATINGS", {"kasteel": {"strong": (1643, 50)}})
    table = tables.open_table(alice, game="kasteel", size=3, limit=1)
    client.force_login(alice)
    html = client.get(f"/tables/{table.pk}/").content.decode()
    select = between(html, '<select name="level">', "</select>")
    assert '<option value="random"' in select and ">Sprite</option>" in select
    # the first real opponent is chosen at first, as in the lobby
    assert 'value="heuristic" title="' in select and "selected>Wanderer</option>" in select
    assert ">Archdruid, about 1640</option>" in select
    assert ">strong<" not in select and ">random<" not in select
    client.post(f"/tables/{table.pk}/ai/", {"level": "strong"})
    assert [p.user.username for p in table.places.order_by("id")] == ["alice", "Archdruid"]


def test_it_says_what_each_ai_player_does_under_the_choice(client, alice, bob):
    from games.ai_players.bots import ensure_bot_accounts

    ensure_bot_accounts()
    table = tables.open_table(alice, game="kasteel", size=3, limit=1)
    client.force_login(alice)
    html = client.get(f"/tables/{table.pk}/").content.decode()
    about = between(html, '<details class="table-levels">', "</details>")
    assert "<dt>Archdruid" in about and "brings its King into its castle first" in about
    assert "<dt>Wanderer" in about and "A steady opponent." in about
    client.force_login(bob)  # only the creator seats AI players, so only they read this
    assert 'class="table-levels"' not in client.get(f"/tables/{table.pk}/").content.decode()
