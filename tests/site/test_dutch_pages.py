"""The pages in Dutch: what a player reads (text, titles, spoken labels) has no English
left, from the templates, the move log, the status line, handicaps and the ladders."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from games.core import services
from ladders import services as ladder_services
from ladders.models import Ladder
from tests.site.conftest import play_moves, play_to_the_end, start

pytestmark = pytest.mark.django_db

# Words of the English interface that Dutch never uses (so no false alarms from
# "won", "in", "is", "of", "open", "hand", "ring", "ladder", "rating" or "live").
ENGLISH = {
    "the", "and", "your", "you", "to", "from", "with", "for", "this", "that", "on", "by",
    "move", "moves", "game", "games", "card", "cards", "tree", "trees", "druid", "druids",
    "player", "players", "waiting", "turn", "day", "days", "signs", "board", "pile", "left",
    "none", "remove", "rated", "challenge", "challenges", "resign", "draw", "offer",
    "accept", "decline", "cancel", "settings", "profile", "step", "next", "previous",
    "first", "time", "clockwise", "counterclockwise", "purple", "orange", "black", "moon",
    "sun", "cult", "bann", "waltz", "leap", "withdraw", "vacation", "position",
}


def visible(page: str) -> str:
    """The text of a page and its title and aria-label attributes."""
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    labels = re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(" ".join([text, *labels]))


def english_words(text: str) -> set[str]:
    text = re.sub(r"\{\w+\}", " ", text)  # the placeholders of the page's script strings
    return {word for word in re.findall(r"[A-Za-z]+", text) if word.lower() in ENGLISH}


def dutch_page(client, url: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 200, url
    assert response["Content-Language"] == "nl"
    return response.content.decode()


@pytest.fixture
def site(alice, bob, carol, django_capture_on_commit_callbacks):
    """Games in every state, a handicap, challenges and a ladder with a ladder game."""
    with django_capture_on_commit_callbacks(execute=True):
        playing = play_moves(start(alice, bob), 9)
        over = play_to_the_end(start(bob, alice))
        handicapped = start(alice, bob)  # alice won the last game: she removes a 2
    services.create_challenge(carol, creator_seat="sun")
    services.create_challenge(bob, opponent=alice, creator_seat="moon", days_per_move=1,
                              handicap={"creator": [1]})
    ladder = Ladder.objects.create(name="Voorjaar", challenge_range=3, days_per_move=1)
    for user in (alice, bob, carol):
        ladder_services.join(ladder.pk, user)
    with django_capture_on_commit_callbacks(execute=True):
        ladder_services.challenge(ladder.pk, carol, bob)
    # The AI players' descriptions come from their registry, in English for now.
    get_user_model().objects.filter(is_bot=True).update(is_active=False)
    return {"playing": playing, "over": over, "handicapped": handicapped, "ladder": ladder}


def test_the_pages_of_a_player_are_all_dutch(client, alice, site):
    ladder = site["ladder"].pk
    client.force_login(alice)
    urls = [
        reverse("lobby"),
        reverse("challenge_new") + "?opponent=bob",
        reverse("game", args=[site["playing"].pk]),
        reverse("game", args=[site["over"].pk]),
        reverse("game", args=[site["handicapped"].pk]),
        reverse("game_board", args=[site["playing"].pk]),
        reverse("game_replay", args=[site["over"].pk]) + "?step=9",
        reverse("game_replay", args=[site["playing"].pk]),
        reverse("your_turn"),
        reverse("ladder_list"),
        reverse("ladder_detail", args=[ladder]),
        reverse("ladder_leave", args=[ladder]),
        reverse("leaderboard"),
        reverse("settings"),
        reverse("profile", args=["bob"]),
        "/players/alice/vs/bob/",
    ]
    leftovers = {url: english_words(visible(dutch_page(client, url))) for url in urls}
    assert not {url: words for url, words in leftovers.items() if words}


def test_the_visitors_pages_are_dutch(client, site):
    for url in ("/", reverse("lobby"), reverse("game", args=[site["playing"].pk]),
                reverse("ladder_detail", args=[site["ladder"].pk])):
        assert not english_words(visible(dutch_page(client, url))), url


def test_the_game_page_speaks_the_rulebooks_dutch(client, alice, site):
    client.force_login(alice)
    page = dutch_page(client, reverse("game", args=[site["playing"].pk]))
    text = visible(page)
    assert "cultuskaart" in text and "verbanningsring" in text.lower()
    assert re.search(r"de (paarse|oranje|zwarte) druïde", text)
    assert "cultussteen op" in text  # a measuring won
    assert re.search(r"\d+ [a-z]{3} \d{4}, \d\d:\d\d", text)  # the log: "30 nov 2026, 15:41"
    found = re.search(r'<script id="game-i18n" type="application/json">(.*?)</script>', page,
                      re.S)
    strings = json.loads(found.group(1))
    assert strings["adj_purple"] == "paarse" and strings["purple"] == "paars"
    assert not {key: value for key, value in strings.items() if english_words(value)}
