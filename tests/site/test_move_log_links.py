"""The move log: each move of a finished game links to its step of the replay; cards are
named in words."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.boards.druidenwalzer_log import card_words
from tests.games.helpers import finish_by_resign, new_game, play_first

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def test_it_names_cards_in_words():
    with translation.override("en"):
        words = [card_words("M4L"), card_words("S2R"), card_words(None), card_words("??")]
    assert words == ["moon 4, clockwise (L)", "sun 2, counterclockwise (R)", "a card", "a card"]
    with translation.override("nl"):
        assert card_words("M4L").startswith("maan 4")


def test_it_links_each_move_of_a_finished_game_to_its_replay_step(client, alice, bob):
    match = new_game(alice, bob)
    for _ in range(8):
        play_first(match)
    finish_by_resign(match, bob)
    client.force_login(alice)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    steps = re.findall(rf'href="/games/{match.pk}/replay/\?step=(\d+)"', page)
    assert sorted(map(int, steps)) == list(range(1, 9))
    replay = client.get(reverse("game_replay", args=[match.pk])).content.decode()
    assert f'/games/{match.pk}/replay/?step=8"' in replay


def test_it_writes_no_code_of_a_card_in_the_log(client, alice, bob):
    match = new_game(alice, bob)
    for _ in range(8):
        play_first(match)
    client.force_login(alice)
    page = client.get(reverse("game_board", args=[match.pk])).content.decode()
    log = page.split('class="move-log"', 1)[1]
    summaries = " ".join(re.findall(r'class="log-summary"[^>]*>([^<]*)<', log))
    assert "waltzed" in summaries and not re.search(r"\b[MS][1-5][LR]\b", summaries)


def test_it_links_nothing_while_the_game_runs(client, alice, bob):
    match = new_game(alice, bob)
    play_first(match)
    client.force_login(alice)
    page = client.get(reverse("game_board", args=[match.pk])).content.decode()
    assert "/replay/?step=" not in page
