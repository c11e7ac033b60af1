"""The game page and its board fragment, for players, spectators and visitors."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.core import services
from tests.site.conftest import (
    SEED,
    game_data,
    hide_cards,
    play_moves,
    start,
    without_csrf_tokens,
)

pytestmark = pytest.mark.django_db


def page(client, match, user=None, name="game"):
    if user is not None:
        client.force_login(user)
    response = client.get(reverse(name, args=[match.pk]))
    assert response.status_code == 200
    return without_csrf_tokens(response.content.decode())


def test_it_renders_the_board_and_choices_for_the_player_to_move(client, alice, bob):
    match = start(alice, bob)
    html = page(client, match, alice)
    data = game_data(html)
    assert data["viewer"] == "moon" and data["version"] == match.version
    assert data["legal"] and all(move["type"] == "place" for move in data["legal"])
    assert 'data-bottom="moon"' in html
    assert "Your hand" in html and 'class="hand-card' in html
    assert "Your move" in html
    for pos in ("M1", "M4", "MC", "S1", "SC"):
        assert f'data-pos="{pos}"' in html


def test_it_gives_the_opponent_no_choices_and_their_own_row_below(client, alice, bob):
    match = start(alice, bob)
    html = page(client, match, bob)
    data = game_data(html)
    assert data["viewer"] == "sun" and data["legal"] == []
    assert 'data-bottom="sun"' in html
    assert "Waiting for alice (moon)" in html
    assert 'class="hand-card' in html  # bob sees his own hand, without choices


@pytest.mark.parametrize("who", ["carol", "anonymous"])
def test_it_shows_spectators_the_public_board_only(client, alice, bob, carol, who):
    match = start(alice, bob)
    html = page(client, match, carol if who == "carol" else None)
    data = game_data(html)
    assert data["viewer"] is None and data["legal"] == [] and data["trees"] == []
    assert 'data-bottom="moon"' in html
    assert 'class="hand-card' not in html
    assert "Resign" not in html and "Offer a draw" not in html


def test_it_serves_the_live_fragment_with_the_log_in_words(client, alice, bob):
    match = play_moves(start(alice, bob), 2)
    client.force_login(alice)
    response = client.get(reverse("game_board", args=[match.pk]))
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    html = response.content.decode()
    assert html.lstrip().startswith('<div class="game-live" data-version="2"')
    assert "<svg" in html and 'id="game-status"' in html
    assert "Moon placed the purple druid on tree 1" in html
    assert "Sun placed the purple druid on tree 1" in html
    assert game_data(html)["legal"]  # alice (moon) is to move again


def test_it_marks_the_bann_ring_after_a_waltz(client, alice, bob):
    match = play_moves(start(alice, bob), 7)  # six placements, then moon's first move
    move = match.records.order_by("-version").first().move
    html = page(client, match)
    assert ('class="bann-ring"' in html) == (move["type"] == "waltz")
    assert html.count('class="log-entry') == 7


def test_it_shows_handicaps_near_the_players(client, alice, bob):
    match = start(alice, bob, strength={alice.pk: [1], bob.pk: [3]})
    html = page(client, match)
    assert "plays with one 1 removed" in html and "plays with one 3 removed" in html
    assert "Strength handicap chosen in the challenge" in html


def test_it_offers_draw_resign_and_rematch_forms_to_players(client, alice, bob):
    match = start(alice, bob)
    html = page(client, match, alice)
    assert reverse("game_action", args=[match.pk, "resign"]) in html
    assert reverse("game_action", args=[match.pk, "draw-offer"]) in html
    services.offer_draw(match.pk, bob)
    html = page(client, match)
    assert reverse("game_action", args=[match.pk, "draw-accept"]) in html
    assert reverse("game_action", args=[match.pk, "draw-decline"]) in html
    services.resign(match.pk, alice)
    html = page(client, match)
    assert reverse("game_action", args=[match.pk, "rematch"]) in html
    assert "Game over: sun (bob) won by resignation" in html
    assert game_data(html)["legal"] == []


def test_it_answers_404_for_an_unknown_game(client):
    assert client.get(reverse("game", args=[999999])).status_code == 404
    assert client.get(reverse("game_board", args=[999999])).status_code == 404


def test_it_never_shows_a_hidden_card_or_the_seed(client, alice, bob, carol):
    match = hide_cards(start(alice, bob), hand="S4L", down="M3L", covered="M2R")
    own = page(client, match, bob)
    assert "S4L" in own  # the control: bob sees his own hand
    for user in (alice, carol, None):
        client.logout()
        for name in ("game", "game_board"):
            html = page(client, match, user, name)
            assert "S4L" not in html, (user, name)
    for user in (alice, bob, carol, None):
        client.logout()
        for name in ("game", "game_board"):
            html = page(client, match, user, name)
            assert "M3L" not in html and "M2R" not in html, (user, name)
            assert str(SEED) not in html


def test_it_warns_the_mover_about_an_empty_tree(client, alice, bob):
    match = play_moves(start(alice, bob), 6)  # the druids are placed: play begins
    state = json.loads(json.dumps(match.state))
    tree = state["players"]["moon"]["trees"][0]
    state["players"]["moon"]["draw_pile"] += tree["down"] + tree["up"]
    tree["down"], tree["up"] = [], []
    match.state = state
    match.save(update_fields=["state"])
    assert "Your tree 1 has no cards" in page(client, match, alice)
    assert "has no cards" not in page(client, match, bob)
