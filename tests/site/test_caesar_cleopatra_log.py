"""Caesar & Cleopatra's move log, replay and export, and its live updates on the
match socket: readable sentences for every event, nothing hidden before the end."""

from __future__ import annotations

import json
import random

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games.boards.caesar_cleopatra_log import event_sentence, rules_end, summary
from games.core import catalog
from games.realtime.routing import websocket_urlpatterns
from tests.site.caesar_cleopatra import RULES, play, set_up, start, state_of

EVENT_TYPES = {
    "setup", "turn", "pass", "place", "action", "veto_question", "veto", "no_veto",
    "assassination", "spy_look", "spy", "castling", "castle", "scout", "wrath",
    "placement_skipped", "draw", "extraordinary_vote", "vote_card", "vote_reshuffle",
    "reveal", "vote", "patrician", "remove", "game_over",
}
# Rare in random play: written out from the engine's documentation.
RARE = [
    {"type": "placement_skipped", "player": "caesar"},
    {"type": "extraordinary_vote", "group": "aediles"},
]


def random_events(games: int = 12) -> list[dict]:
    events = []
    for seed in range(games):
        rng = random.Random(seed)
        state = RULES.new_game(seed)
        while not RULES.is_over(state):
            applied = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
            events += applied.events
            state = applied.state
    return events + RARE


def test_it_words_every_event_for_every_viewer():
    events = random_events()
    assert EVENT_TYPES <= {event["type"] for event in events}
    for viewer in (None, "cleopatra", "caesar"):
        for event in RULES.redact_events(events, viewer):
            sentence = event_sentence(event)
            assert sentence and sentence != event["type"], event
            assert "%(" not in sentence and "None" not in sentence, (event, sentence)


def test_it_words_the_hidden_card_only_for_its_owner():
    event = {"type": "place", "player": "caesar", "group": "aediles", "face": "down",
             "secret": {"caesar": {"card": "RP"}}}
    public, own = (RULES.redact_events([event], viewer)[0] for viewer in (None, "caesar"))
    assert event_sentence(public) == "Caesar placed a card face down at the Aediles"
    assert event_sentence(own) == "Caesar placed philosopher face down at the Aediles"


def test_it_sums_up_a_refill_with_its_vote():
    events = [
        {"type": "draw", "player": "cleopatra", "influence": 1, "action": 0, "reason": "refill"},
        {"type": "vote_card", "card": "V-senators", "effect": "vote"},
        {"type": "reveal", "group": "senators", "cards": {"cleopatra": ["C2"], "caesar": []}},
        {"type": "vote", "group": "senators", "extraordinary": False,
         "totals": {"cleopatra": 7, "caesar": 4}, "philosophers": {"cleopatra": 0, "caesar": 0},
         "reversed": False, "result": "win", "winner": "cleopatra"},
        {"type": "patrician", "player": "cleopatra", "group": "senators", "won": 1,
         "remaining": 4},
        {"type": "turn", "player": "caesar", "turn": 1},
    ]
    assert summary(events) == (
        "Cleopatra drew 1 from the influence pile and 0 from the action pile; "
        "Vote at the Senators: Cleopatra 7, Caesar 4 — Cleopatra wins")
    assert rules_end("points") == "on points"


@pytest.mark.django_db
def test_it_replays_and_exports_a_finished_game(client, alice, bob, carol):
    match = set_up(start(alice, bob))
    rng = random.Random(11)
    while not match.is_over:
        play(match, rng.choice(RULES.legal_moves(state_of(match))))
    last = match.records.filter(kind="move").count()
    replay = client.get(reverse("game_replay", args=[match.pk])).content.decode()
    assert "Replay of Caesar &amp; Cleopatra #" in replay and f"move {last} of {last}" in replay
    assert "Game over:" in replay and "bonus cards: Cleopatra" in replay
    assert "cc-group" in replay and "bonus card: hidden" not in replay  # both shown at the end
    first = client.get(reverse("game_replay", args=[match.pk]) + "?step=1&partial=1")
    assert "Cleopatra placed five cards face down" in first.content.decode()
    assert "bonus card: hidden" in first.content.decode()
    client.force_login(carol)
    export = client.get(reverse("game_export", args=[match.pk])).json()
    assert export["game"] == "caesar-cleopatra" and export["seed"] == match.seed
    assert len([r for r in export["records"] if r["kind"] == "move"]) == last
    html = client.get(reverse("game", args=[match.pk])).content.decode()
    assert "Game over: " in html
    assert catalog.get("caesar-cleopatra").ai_levels[0] == "random"


# --- the match socket -----------------------------------------------------------------

APP = URLRouter(websocket_urlpatterns)


async def connect(match, user):
    communicator = WebsocketCommunicator(APP, f"/ws/games/{match.pk}/")
    communicator.scope["user"] = user or AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_turn_mails")
async def test_it_sends_each_socket_only_its_viewers_secrets(alice, bob, carol):
    match = await database_sync_to_async(lambda: set_up(start(alice, bob)))()
    sockets = {name: await connect(match, user)
               for name, user in (("alice", alice), ("carol", carol), ("anonymous", None))}
    for socket in sockets.values():
        await socket.receive_json_from()  # the sync
    # Cleopatra places her 5 face down: a card only she may know.
    await database_sync_to_async(play)(
        match, {"type": "place", "card": "C5", "group": "censors", "face": "down"})
    for name, socket in sockets.items():
        update = json.dumps(await socket.receive_json_from(timeout=3))
        record = json.loads(update)["records"][-1]
        assert record["move"]["group"] == "censors"
        if name == "alice":
            assert record["move"]["card"] == "C5" and '"C5"' in update
        else:
            assert "card" not in record["move"] and '"C5"' not in update, name
        await socket.disconnect()
