"""The game page of a game without a board of its own (tests/vetogame.py): whose
decision it waits for, its title, its log, its replay and export."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.core import services
from tests.site.conftest import game_data

pytestmark = pytest.mark.django_db


def start(red, blue):
    return services.start_match("veto-duel", {"red": red, "blue": blue}, seed=5)


def page(client, match, user=None, name="game"):
    client.logout()
    if user is not None:
        client.force_login(user)
    response = client.get(reverse(name, args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_it_waits_for_the_decision_of_the_player_not_on_turn(client, alice, bob, carol,
                                                             veto_game):
    match = start(alice, bob)
    services.play(match.pk, alice, {"type": "claim", "points": 2}, 0)
    for user in (alice, carol, None):
        html = page(client, match, user)
        assert "Waiting for Blue&#x27;s decision (Veto?) — bob" in html
    mine = page(client, match, bob)
    assert "Your decision: Veto?" in mine
    assert game_data(mine)["legal"] == [{"type": "veto"}, {"type": "accept"}]
    assert game_data(mine)["to_move"] == ["blue"]
    fragment = page(client, match, alice, "game_board")
    assert "Waiting for Blue&#x27;s decision (Veto?)" in fragment


def test_it_waits_for_an_ordinary_move_in_plain_words(client, alice, bob, veto_game):
    match = start(alice, bob)
    assert "Waiting for alice (Red)" in page(client, match, bob)
    assert "Your move" in page(client, match, alice)


def test_it_titles_the_page_with_the_game_and_links_its_rules(client, alice, bob, veto_game):
    html = page(client, start(alice, bob), alice)
    assert "<h1>Veto duel #" in html and "Druidenwalzer" not in html
    assert 'href="https://example.org/veto-duel"' in html
    assert "data-board-module" not in html  # no board script: watched live, moved by API


def test_it_tells_the_log_with_the_games_words_and_seat_labels(client, alice, bob, veto_game):
    match = start(alice, bob)
    services.play(match.pk, alice, {"type": "claim", "points": 1}, 0)
    services.resign(match.pk, bob)
    html = page(client, match, alice)
    assert "Red claims 1 points" in html and "Blue resigned" in html
    assert "Game over: Red (alice) won by resignation" in html


def test_it_replays_and_exports_a_finished_game(client, alice, bob, veto_game):
    match = start(alice, bob)
    for version, move in enumerate([{"type": "claim", "points": 2}, {"type": "accept"},
                                    {"type": "claim", "points": 1}, {"type": "veto"},
                                    {"type": "claim", "points": 1}, {"type": "accept"}]):
        services.play(match.pk, _owing(match), move, version)
    match.refresh_from_db()
    assert match.is_over and match.winner_seat == "red"
    replay = client.get(reverse("game_replay", args=[match.pk]) + "?step=2").content.decode()
    assert "Replay of Veto duel #" in replay and "move 2 of 6" in replay
    export = client.get(reverse("game_export", args=[match.pk]))
    assert export.json()["game"] == "veto-duel" and export.json()["seed"] == 5
    assert export["Content-Disposition"].endswith(f'"veto-duel-{match.pk}.json"')


def _owing(match):
    from tests.vetogame import RULES

    match.refresh_from_db()
    seat = RULES.owed_by(RULES.from_json(match.state))[0]
    return match.seats.get(seat=seat).user
