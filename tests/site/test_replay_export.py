"""The replay (finished games only, from the public seed) and the JSON export."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from games.core import services
from tests.site.conftest import (
    SEED,
    hide_cards,
    play_moves,
    play_to_the_end,
    start,
    without_csrf_tokens,
)

pytestmark = pytest.mark.django_db


def get(client, name, match, **params):
    response = client.get(reverse(name, args=[match.pk]), params)
    assert response.status_code == 200
    return response


def test_it_shows_only_the_public_log_before_the_end(client, alice, bob):
    match = play_moves(start(alice, bob), 8)
    html = get(client, "game_replay", match).content.decode()
    assert "Public log of Druidenwalzer" in html
    assert "replay-board" not in html and "<svg" not in html
    assert "Moon placed the purple druid on tree 1" in html
    partial = get(client, "game_replay", match, step=1, partial=1).content.decode()
    assert "<svg" not in partial


def test_it_replays_a_finished_game_step_by_step(client, alice, bob):
    match = play_to_the_end(start(alice, bob))
    moves = match.records.filter(kind="move").count()
    html = get(client, "game_replay", match).content.decode()
    assert 'id="replay-board"' in html
    assert f"move {moves} of {moves}" in html
    assert "won: " in html  # the last move's caption tells the end
    first = get(client, "game_replay", match, step=0, partial=1).content.decode()
    assert first.lstrip().startswith('<div class="replay-step" data-step="0"')
    assert "before the druids are placed" in first
    assert 'class="druid ' not in first
    one = get(client, "game_replay", match, step=1, partial=1).content.decode()
    assert "Moon placed the purple druid" in one and one.count('class="druid ') == 1
    clamped = get(client, "game_replay", match, step=10**6, partial=1).content.decode()
    assert f'data-step="{moves}"' in clamped


def test_it_replays_the_same_final_position_as_the_game(client, alice, bob):
    from games.pages.game import replay_states
    from games.rules import get_rules

    match = play_to_the_end(start(alice, bob))
    rules = get_rules("druidenwalzer")
    assert replay_states(match)[-1] == rules.view(rules.from_json(match.state), None)


def test_it_exports_the_seed_only_when_the_game_is_over(client, alice, bob):
    match = play_moves(start(alice, bob), 3)
    client.force_login(alice)
    response = get(client, "game_export", match)
    assert response["Content-Type"] == "application/json"
    assert 'attachment; filename="druidenwalzer-' in response["Content-Disposition"]
    data = json.loads(response.content)
    assert "seed" not in data and str(SEED) not in response.content.decode()
    assert [r["version"] for r in data["records"]] == [1, 2, 3]
    assert data["view"]["players"]["moon"]["hand"] is not None
    assert data["view"]["players"]["sun"]["hand"] is None
    services.resign(match.pk, bob)
    client.logout()
    data = json.loads(get(client, "game_export", match).content)
    assert data["seed"] == SEED and data["result"]["winner"] == "moon"


def test_it_keeps_hidden_cards_out_of_the_export_and_the_replay(client, alice, bob, carol):
    match = hide_cards(start(alice, bob), hand="S4L", down="M3L", covered="M2R")
    for user in (alice, carol, None):
        client.logout()
        if user is not None:
            client.force_login(user)
        export = get(client, "game_export", match).content.decode()
        replay = get(client, "game_replay", match).content.decode()
        for text in (export, without_csrf_tokens(replay)):
            assert not re.search(r"S4L|M3L|M2R", text), user
            assert str(SEED) not in text
    client.force_login(bob)
    export = get(client, "game_export", match).content.decode()
    assert "S4L" in export and "M3L" not in export and "M2R" not in export
