"""The lobby's "play the AI": first the game, then the level; a game without AI levels
offers none."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.bots import ensure_bot_accounts, play_the_ai
from games.models import Match
from games.services import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


@pytest.fixture(autouse=True)
def bots(db):
    return ensure_bot_accounts()


def test_it_offers_each_games_own_levels_in_the_lobby(client, alice, veto_game):
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    druid = html[html.index('class="ai-game" data-game="druidenwalzer"'):
                 html.index('class="ai-game" data-game="veto-duel"')]
    veto = html[html.index('class="ai-game" data-game="veto-duel"'):]
    assert all(f'value="{level}"' in druid for level in ("random", "heuristic", "strong"))
    assert 'value="random"' in veto and 'value="strong"' not in veto
    assert '<option value="blue">Blue</option>' in veto
    assert '<input type="hidden" name="game" value="veto-duel">' in veto


def test_it_starts_a_game_of_the_chosen_game_against_the_ai(client, alice, veto_game):
    client.force_login(alice)
    response = client.post(reverse("play_ai"), {"game": "veto-duel", "level": "random",
                                                "seat": "red", "days_per_move": 2})
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{match.pk}/"
    assert match.game == "veto-duel" and match.days_per_move == 2
    assert dict(match.seats.values_list("seat", "user__username")) == {
        "red": "alice", "blue": "Sprite"}


def test_it_plays_druidenwalzer_when_no_game_is_named(alice):
    match = play_the_ai(alice, "strong", "sun")
    assert match.game == "druidenwalzer"
    assert match.seats.get(seat="moon").user.username == "Archdruid"


def test_it_offers_no_ai_for_a_game_without_ai_levels(client, alice, monkeypatch):
    from tests import vetogame

    vetogame.install(monkeypatch, ai_levels=())
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    assert 'class="ai-game" data-game="druidenwalzer"' in html
    assert 'class="ai-game" data-game="veto-duel"' not in html
    response = client.post(reverse("play_ai"), {"game": "veto-duel", "level": "random"},
                           follow=True)
    assert "Veto duel has no AI players yet." in response.content.decode()
    with pytest.raises(ServiceError, match="Unknown game 'chess'"):
        play_the_ai(alice, "random", game="chess")
    assert not Match.objects.exists()
