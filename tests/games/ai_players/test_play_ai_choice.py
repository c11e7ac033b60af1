"""The lobby's "play the AI": first the game, then the level; a game without AI levels
offers none."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.ai_players.bots import ensure_bot_accounts, play_the_ai
from games.core.services import ServiceError
from games.models import Match

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
    # Weakest first: Sprite, then the five calibrated levels (in Druidenwalzer the
    # Ovate searches and comes after the Wanderer).
    levels = ("random", "novice", "apprentice", "heuristic", "adept", "strong")
    assert all(f'value="{level}"' in druid for level in levels)
    assert [druid.index(f'name="level" value="{level}"') for level in levels] == sorted(
        druid.index(f'name="level" value="{level}"') for level in levels)
    assert 'value="random"' in veto and 'value="strong"' not in veto
    # one form a game: the opponents to choose from, the first real one chosen
    own = druid[:druid.index("</section>")]
    assert own.count("<form") == 1 and own.count('type="radio" name="level"') == 6
    assert 'name="level" value="novice" checked' in druid
    assert '<option value="blue">Blue</option>' in veto
    assert '<input type="hidden" name="game" value="veto-duel">' in veto


def test_it_creates_one_account_per_level_once(bots):
    from games.ai import LEVELS

    assert {bot.username: bot.bot_level for bot in bots} == {
        "Sprite": "random", "Sapling": "novice", "Bard": "apprentice", "Ovate": "adept",
        "Wanderer": "heuristic", "Archdruid": "strong"}
    assert all(bot.is_bot and bot.bot_description == LEVELS[bot.bot_level]["description"]
               for bot in bots)
    again = ensure_bot_accounts()
    assert [bot.pk for bot in again] == [bot.pk for bot in bots]


def test_the_lobby_shows_each_level_with_its_arena_rating_in_each_game(client, alice,
                                                                     monkeypatch):
    from games.ai import registry

    monkeypatch.setattr(registry, "ARENA_RATINGS", {
        "druidenwalzer": {"novice": (1080, 40), "strong": (1690, 45)},
        "caesar-cleopatra": {"strong": (1720, 50)}})
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    druid = html[html.index('class="ai-game" data-game="druidenwalzer"'):
                 html.index('class="ai-game" data-game="caesar-cleopatra"')]
    caesar = html[html.index('class="ai-game" data-game="caesar-cleopatra"'):]
    caesar = caesar[:caesar.index("</section>")]
    assert "<strong>Archdruid</strong><span" in druid and ", about 1690</span>" in druid
    assert ", about 1080</span>" in druid and "about 1720" not in druid
    assert ", about 1720</span>" in caesar and "about 1690" not in caesar
    assert druid.count('class="arena-rating"') == 2  # none for the levels not measured
    assert "about one move in three" in druid and "every other move" in caesar


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


def test_a_kasteel_game_against_the_ai_has_the_length_limit_of_a_table_of_two(client, alice):
    from games.core.table_terms import default_limit
    from games.rules import get_rules

    match = play_the_ai(alice, "strong", "0", game="kasteel", rated=False)
    state = get_rules("kasteel").from_json(match.state)
    assert (state.n, state.limit) == (2, default_limit("kasteel", 2)) and state.limit == 18
    assert match.options["new_game"] == {"players": 2, "limit": 18}
    # the lobby says so before the game starts, and only for Kasteel
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    kasteel = html[html.index('class="ai-game" data-game="kasteel"'):]
    kasteel = kasteel[:kasteel.index("</section>")]
    assert "A game ends after 18 dealing cycles, about 151 turns each" in kasteel
    assert html.count('class="game-length"') == 1
