"""A game against the AI offers the same time first as a challenge and a table: three
days a move (a correspondence player misses a day now and then)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.ai_players.bots import ensure_bot_accounts
from games.models import Match

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_three_days_a_move_first(client, alice):
    ensure_bot_accounts()
    client.force_login(alice)
    page = client.get(reverse("lobby")).content.decode()
    forms = re.findall(r'<form method="post" action="/play-ai/".*?</form>', page, re.S)
    assert forms
    for form in forms:
        times = form.split('name="days_per_move"')[1]
        assert re.findall(r'<option value="(\d+)" selected>', times)[:1] == ["3"], form


def test_a_game_asked_for_without_a_time_gets_three_days(client, alice):
    ensure_bot_accounts()
    client.force_login(alice)
    client.post(reverse("play_ai"), {"game": "druidenwalzer", "level": "random",
                                     "seat": "moon"})
    assert Match.objects.get(seats__user=alice).days_per_move == 3
