"""The lobby, the challenge form, "your turn" and the POST actions on games."""

import pytest
from django.urls import reverse

from games.models import Challenge, Match
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_shows_the_lobby_to_anyone(client, alice):
    Challenge.objects.create(creator=alice)
    response = client.get(reverse("lobby"))
    assert response.status_code == 200
    assert b"alice" in response.content


def test_it_creates_an_open_challenge_from_the_form(client, alice):
    client.force_login(alice)
    response = client.post(reverse("challenge_new"), {
        "opponent": "", "days_per_move": 2, "creator_seat": "random", "rated": "on"})
    assert response.status_code == 302
    challenge = Challenge.objects.get()
    assert challenge.opponent is None and challenge.days_per_move == 2 and challenge.rated


def test_it_shows_form_errors_without_creating_anything(client, alice):
    client.force_login(alice)
    response = client.post(reverse("challenge_new"), {
        "opponent": "ghost", "days_per_move": 2, "creator_seat": "random"})
    assert response.status_code == 200
    assert b"no player of that name" in response.content
    assert Challenge.objects.count() == 0


def test_it_refuses_an_invalid_time_control(client, alice):
    client.force_login(alice)
    response = client.post(reverse("challenge_new"), {"days_per_move": 4, "creator_seat": "moon"})
    assert response.status_code == 200 and Challenge.objects.count() == 0


def test_it_previews_the_handicap_for_a_named_opponent(client, alice, bob):
    match = new_game(alice, bob)
    from games.core import services

    services.resign(match.pk, bob)
    client.force_login(alice)
    response = client.get(reverse("challenge_new") + "?opponent=bob")
    assert b"Rematch rule" in response.content


def test_it_accepts_a_challenge_and_opens_the_game(client, alice, bob):
    challenge = Challenge.objects.create(creator=alice)
    client.force_login(bob)
    response = client.post(reverse("challenge_action", args=[challenge.pk, "accept"]))
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{match.pk}/"


def test_it_needs_a_login_and_a_post_for_challenge_actions(client, alice, bob):
    challenge = Challenge.objects.create(creator=alice)
    response = client.post(reverse("challenge_action", args=[challenge.pk, "accept"]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(bob)
    assert client.get(reverse("challenge_action", args=[challenge.pk, "accept"])).status_code == 405
    client.post(reverse("challenge_action", args=[challenge.pk, "frobnicate"]))
    assert Challenge.objects.get().status == "open"


def test_it_lists_the_games_waiting_for_me_least_time_first(client, alice, bob, carol):
    slow = new_game(alice, bob, days_per_move=14)
    fast = new_game(alice, carol, days_per_move=1)
    client.force_login(alice)
    content = client.get(reverse("your_turn")).content.decode()
    assert content.index(f"#{fast.pk}") < content.index(f"#{slow.pk}")


def test_it_resigns_from_the_game_page_form(client, alice, bob, carol):
    match = new_game(alice, bob)
    client.force_login(carol)
    client.post(reverse("game_action", args=[match.pk, "resign"]))
    assert not Match.objects.get().is_over
    client.force_login(bob)
    response = client.post(reverse("game_action", args=[match.pk, "resign"]))
    assert response.status_code == 302
    assert Match.objects.get().winner_seat == "moon"
