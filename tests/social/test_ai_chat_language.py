"""An AI player greets and says "good game" in its opponent's own language (a chat
line is stored as written): Dutch for a player who chose Dutch, in all three games;
English when the humans at the table chose different languages or none."""

from __future__ import annotations

import pytest

from games.ai_players.bots import bot_for_level, ensure_bot_accounts
from games.ai_players.chat_bots import language_of
from games.core import services
from social import chat
from tests.conftest import make_user

pytestmark = pytest.mark.django_db

SEATS = {"druidenwalzer": ("moon", "sun"), "caesar-cleopatra": ("cleopatra", "caesar"),
         "kasteel": ("0", "1")}


@pytest.mark.parametrize("game", list(SEATS))
def test_it_greets_a_dutch_player_in_dutch(game, alice, django_capture_on_commit_callbacks):
    alice.language = "nl"
    alice.save(update_fields=["language"])
    ensure_bot_accounts()
    human, ai = SEATS[game]
    with django_capture_on_commit_callbacks(execute=True):
        match = services.start_match(game, {human: alice, ai: bot_for_level("random")},
                                     seed=3)
    assert [m["text"] for m in chat.lines(match, alice)] == ["Hallo, en veel succes!"]
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(match.pk, alice)
    assert [m["text"] for m in chat.lines(match, alice)][-1] == "Goed gespeeld!"


def test_it_speaks_english_unless_every_human_chose_the_same_language(alice, bob):
    carol = make_user("carol_nl")
    alice.language, bob.language, carol.language = "", "nl", "nl"
    assert language_of([alice]) == "en"  # the browser's language: unknown here
    assert language_of([bob]) == "nl"
    assert language_of([bob, carol]) == "nl"
    assert language_of([alice, bob]) == "en"
    bob.language = "xx"
    assert language_of([bob]) == "en"


def test_it_marks_the_ais_lines_so_the_page_offers_no_report(client, alice, bob,
                                                              django_capture_on_commit_callbacks):
    # Reporting a line is for what a person wrote; the AI's greeting has no author to
    # answer for it, so its line carries data-bot and the chat's script adds no flag.
    ensure_bot_accounts()
    with django_capture_on_commit_callbacks(execute=True):
        match = services.start_match("druidenwalzer",
                                     {"moon": alice, "sun": bot_for_level("random")}, seed=3)
    chat.send(match.pk, alice, "players", "hello")
    lines = chat.lines(match, alice)
    assert [line["bot"] for line in lines] == [True, False]
    client.force_login(alice)
    page = client.get(f"/games/{match.pk}/").content.decode()
    assert page.count('data-bot="1"') == 1
