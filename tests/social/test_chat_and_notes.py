"""A game's chat (channels, limits, blocks, AI lines, sockets) and private notes."""

from __future__ import annotations

import pytest

from games.ai_players.bots import bot_for_level, ensure_bot_accounts
from games.core import services
from games.core.errors import Forbidden, ServiceError
from games.models import ChatMessage
from social import chat
from social import services as social
from tests.games.helpers import new_game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]


def post(client, match, body):
    return client.post(f"/api/games/{match.pk}/chat/", body, content_type="application/json")


def test_players_and_spectators_have_their_own_channels(alice, bob, carol, client):
    match = new_game(alice, bob)
    chat.send(match.pk, alice, "players", "good luck!")
    chat.send(match.pk, carol, "spectators", "nice opening")
    with pytest.raises(Forbidden):
        chat.send(match.pk, carol, "players", "let me in")
    with pytest.raises(Forbidden):
        chat.send(match.pk, alice, "spectators", "not while playing")
    assert [m["text"] for m in chat.lines(match, bob)] == ["good luck!", "nice opening"]
    assert [m["text"] for m in chat.lines(match, carol)] == ["nice opening"]
    client.force_login(carol)
    assert [m["text"] for m in client.get(f"/api/games/{match.pk}/chat/").json()] == [
        "nice opening"]


def test_it_limits_length_rate_and_markup_stays_text(alice, bob, client):
    match = new_game(alice, bob)
    client.force_login(alice)
    assert post(client, match, {"channel": "players", "text": "x" * 501}).status_code == 400
    assert post(client, match, {"channel": "players", "text": "   "}).status_code == 400
    for n in range(chat.RATE_COUNT):
        assert post(client, match, {"channel": "players", "text": f"<b>{n}</b>"}).status_code == 201
    flood = post(client, match, {"channel": "players", "text": "again"})
    assert flood.status_code == 429 and "Slow down" in flood.json()["error"]
    assert ChatMessage.objects.count() == chat.RATE_COUNT
    assert ChatMessage.objects.first().text == "<b>0</b>"  # stored as text, escaped on pages


def test_it_refuses_chat_in_a_game_one_may_not_write_and_from_the_muted(alice, bob, carol,
                                                                       staff):
    match = new_game(alice, bob)
    with pytest.raises(ServiceError):
        chat.send(99999, alice, "players", "hello")
    social.moderate(staff, alice, "mute", "insults")
    with pytest.raises(Forbidden, match="muted"):
        chat.send(match.pk, alice, "players", "hello")


def test_a_blocked_players_lines_are_not_shown(alice, bob):
    match = new_game(alice, bob)
    chat.send(match.pk, bob, "players", "you are bad")
    social.block(alice, bob)
    assert chat.lines(match, alice) == []


def test_ai_players_read_nothing_and_only_greet_and_say_good_game(
        alice, django_capture_on_commit_callbacks):
    ensure_bot_accounts()
    bot = bot_for_level("random")
    with django_capture_on_commit_callbacks(execute=True):
        match = services.start_match("druidenwalzer", {"moon": alice, "sun": bot}, seed=3)
    assert [m["text"] for m in chat.lines(match, alice)] == ["Hello, and good luck!"]
    assert chat.lines(match, bot) == [] and chat.writable(match, bot) == []
    with django_capture_on_commit_callbacks(execute=True):
        services.resign(match.pk, alice)
    assert [m["text"] for m in chat.lines(match, alice)][-1] == "Good game!"


def test_notes_are_for_their_author_only(alice, bob, carol, client):
    match = new_game(alice, bob)
    client.force_login(alice)
    saved = client.put(f"/api/games/{match.pk}/notes/", {"text": "plan: waltz early"},
                       content_type="application/json")
    assert saved.status_code == 200
    assert client.get(f"/api/games/{match.pk}/notes/").json()["text"] == "plan: waltz early"
    client.force_login(bob)
    assert client.get(f"/api/games/{match.pk}/notes/").json()["text"] == ""
    client.force_login(carol)
    refused = client.put(f"/api/games/{match.pk}/notes/", {"text": "mine"},
                         content_type="application/json")
    assert refused.status_code == 403
    too_long = client.put(f"/api/games/{match.pk}/notes/", {"text": "x" * 5001},
                          content_type="application/json")
    assert too_long.status_code == 400
    assert "plan: waltz early" not in client.get(f"/api/games/{match.pk}/").content.decode()


def test_the_replay_keeps_the_chat_for_those_who_may_read_it(alice, bob, carol, client):
    match = new_game(alice, bob)
    chat.send(match.pk, alice, "players", "good luck <b>bob</b>")
    chat.send(match.pk, carol, "spectators", "go alice")
    services.resign(match.pk, bob)
    client.force_login(bob)
    page = client.get(f"/games/{match.pk}/replay/").content.decode()
    assert "good luck &lt;b&gt;bob&lt;/b&gt;" in page and "go alice" in page
    assert 'id="chat-form"' not in page and 'id="game-notes"' not in page
    client.force_login(carol)
    page = client.get(f"/games/{match.pk}/replay/").content.decode()
    assert "go alice" in page and "good luck" not in page


def test_a_line_is_reported_from_the_game_and_seen_by_the_admins(alice, bob, carol, client):
    from social.models import Report

    match = new_game(alice, bob)
    line = chat.send(match.pk, bob, "players", "you are a <i>cheat</i>")
    spectators = chat.send(match.pk, carol, "spectators", "boring")
    client.force_login(alice)
    url = f"/api/games/{match.pk}/chat/{line.pk}/report/"
    assert client.post(url, {"reason": ""}, content_type="application/json").status_code == 400
    answer = client.post(url, {"reason": "insults"}, content_type="application/json")
    assert answer.status_code == 201, answer.content
    report = Report.objects.get()
    assert (report.user, report.message_id, report.match_id) == (bob, line.pk, match.pk)
    own = f"/api/games/{match.pk}/chat/{spectators.pk}/report/"
    client.force_login(carol)
    assert client.post(own, {"reason": "x"}, content_type="application/json").status_code == 400
    # A line one cannot read is not there to report, nor a line of another game.
    assert client.post(url, {"reason": "x"}, content_type="application/json").status_code == 404
    other = new_game(alice, carol)
    client.force_login(alice)
    assert client.post(f"/api/games/{other.pk}/chat/{line.pk}/report/", {"reason": "x"},
                       content_type="application/json").status_code == 404
    assert Report.objects.count() == 1
