"""The same open challenge twice: refused with a clear message, by the form and the API."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from games.core import services
from games.models import Challenge

pytestmark = pytest.mark.django_db

FORM = {"game": "druidenwalzer", "opponent": "", "days_per_move": "3",
        "creator_seat": "random", "rated": "on"}


def test_it_refuses_the_same_open_challenge_twice(alice):
    services.create_challenge(alice, days_per_move=3)
    with pytest.raises(services.Conflict, match="same challenge open already"):
        services.create_challenge(alice, days_per_move=3)
    assert Challenge.objects.count() == 1


def test_it_allows_challenges_that_differ(alice, bob):
    services.create_challenge(alice, days_per_move=3)
    services.create_challenge(alice, days_per_move=5)
    services.create_challenge(alice, days_per_move=3, opponent=bob)
    services.create_challenge(alice, days_per_move=3, handicap={"creator": [1]})
    assert Challenge.objects.count() == 4


def test_it_allows_it_again_once_the_first_is_closed(alice):
    first = services.create_challenge(alice)
    services.cancel_challenge(first.pk, alice)
    services.create_challenge(alice)
    assert Challenge.objects.filter(status="open").count() == 1


def test_it_refuses_a_duplicate_from_the_form(client, alice):
    client.force_login(alice)
    assert client.post(reverse("challenge_new"), FORM).status_code == 302
    response = client.post(reverse("challenge_new"), FORM)
    assert response.status_code == 200
    assert "You have the same challenge open already." in response.content.decode()
    assert Challenge.objects.count() == 1


def test_it_refuses_a_duplicate_from_the_api(alice):
    api = APIClient()
    api.force_authenticate(alice)
    body = {"game": "druidenwalzer", "days_per_move": 3}
    assert api.post("/api/challenges/", body, format="json").status_code == 201
    response = api.post("/api/challenges/", body, format="json")
    assert response.status_code == 409
    assert "same challenge open already" in str(response.json())
    assert Challenge.objects.count() == 1
