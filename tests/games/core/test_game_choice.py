"""Challenges name their game: the form and the service offer each game's seats, its
handicaps only where they apply, and refuse an unknown game by name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.ai_players.bots import bot_for_level, ensure_bot_accounts
from games.core import services
from games.models import Challenge, Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_creates_a_challenge_of_the_chosen_game_from_the_form(client, alice, bob, veto_game):
    client.force_login(alice)
    response = client.post(reverse("challenge_new"), {
        "game": "veto-duel", "opponent": "bob", "days_per_move": 2, "creator_seat": "blue",
        "rated": "on"})
    assert response.status_code == 302
    challenge = Challenge.objects.get()
    assert (challenge.game, challenge.creator_seat, challenge.opponent) == (
        "veto-duel", "blue", bob)
    match = services.accept_challenge(challenge.pk, bob)
    assert match.game == "veto-duel"
    assert dict(match.seats.values_list("seat", "user__username")) == {
        "blue": "alice", "red": "bob"}
    assert match.options["new_game"] == {}


def test_it_offers_the_seats_of_the_chosen_game_and_no_handicap(client, alice, veto_game):
    client.force_login(alice)
    html = client.get(reverse("challenge_new") + "?game=veto-duel").content.decode()
    assert "New challenge: Veto duel" in html
    assert '<option value="red">Red (moves first)</option>' in html
    assert 'value="moon"' not in html and "Cards I remove" not in html
    assert 'name="game" value="veto-duel"' in html
    assert 'href="?game=druidenwalzer"' in html  # the other games, to switch


def test_it_keeps_druidenwalzers_form_as_the_default(client, alice):
    client.force_login(alice)
    html = client.get(reverse("challenge_new")).content.decode()
    assert "Your cult" in html and '<option value="moon">Moon (moves first)</option>' in html
    assert "Cards I remove" in html and 'name="game" value="druidenwalzer"' in html


@pytest.mark.usefixtures("only_druidenwalzer")
def test_it_answers_400_naming_an_unknown_game(client, alice):
    client.force_login(alice)
    for response in (client.get(reverse("challenge_new") + "?game=chess"),
                     client.post(reverse("challenge_new"), {"game": "chess",
                                                            "creator_seat": "random"})):
        assert response.status_code == 400
        assert "Unknown game &#x27;chess&#x27;: the games of this site are druidenwalzer." in (
            response.content.decode())
    assert not Challenge.objects.exists()


def test_it_refuses_terms_the_game_does_not_have(alice, veto_game):
    with pytest.raises(services.ServiceError, match="seat must be one of red, blue, random"):
        services.create_challenge(alice, game="veto-duel", creator_seat="moon")
    with pytest.raises(services.ServiceError, match="Veto duel is played without handicaps"):
        services.create_challenge(alice, game="veto-duel", handicap={"creator": [2]})
    with pytest.raises(services.ServiceError, match="Unknown game 'chess'"):
        services.start_match("chess", {"red": alice})
    assert not Challenge.objects.exists() and not Match.objects.exists()


def test_it_refuses_an_ai_player_that_does_not_play_the_game(alice, veto_game):
    ensure_bot_accounts()
    wanderer = bot_for_level("heuristic")
    with pytest.raises(services.ServiceError, match="Wanderer does not play Veto duel"):
        services.create_challenge(alice, game="veto-duel", opponent=wanderer)
    assert services.create_challenge(alice, game="veto-duel", opponent=bot_for_level("random"))


def test_the_lobby_offers_the_first_games_form_and_links_to_the_others(client, alice,
                                                                      veto_game):
    client.force_login(alice)
    html = client.get(reverse("lobby")).content.decode()
    start = html.index('id="new-challenge-games"')
    games = html[start:html.index("</nav>", start)]
    assert '<strong data-game="druidenwalzer">Druidenwalzer</strong>' in games
    assert f'href="{reverse("challenge_new")}?game=veto-duel"' in games
    assert 'name="game" value="druidenwalzer"' in html and 'id="id_creator_seat"' in html


@pytest.mark.usefixtures("only_druidenwalzer")
def test_the_lobby_shows_no_game_choice_for_one_game(client, alice):
    client.force_login(alice)
    assert 'id="new-challenge-games"' not in client.get(reverse("lobby")).content.decode()


def test_the_lobby_keeps_the_game_of_the_challenge_just_made(client, alice, veto_game):
    # A newcomer made a challenge of the second game and came back to a lobby whose
    # form had jumped back to the first.
    client.force_login(alice)
    answer = client.post(f'{reverse("challenge_new")}?game=veto-duel',
                         {"game": "veto-duel", "days_per_move": "3",
                          "creator_seat": "random", "rated": "on"})
    assert answer.status_code == 302, answer.content.decode()[:500]
    assert answer["Location"] == f'{reverse("lobby")}?game=veto-duel'
    html = client.get(answer["Location"]).content.decode()
    start = html.index('id="new-challenge-games"')
    games = html[start:html.index("</nav>", start)]
    assert '<strong data-game="veto-duel">' in games
    assert f'href="{reverse("challenge_new")}?game=druidenwalzer"' in games
    assert 'name="game" value="veto-duel"' in html
    # A game the site does not have falls back to the first, as before.
    html = client.get(f'{reverse("lobby")}?game=chess').content.decode()
    assert 'name="game" value="druidenwalzer"' in html
