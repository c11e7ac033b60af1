"""Strijd om het Kasteel's move log in words, every event type; its replay and export."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils import translation

from games.boards.kasteel_log import event_sentence, summary
from games.core import catalog, movelog, services
from tests.site.kasteel_helpers import RULES, hidden_cards, leaks, play, setup_done, start, users

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    with translation.override("en"):
        yield

EVENTS = {
    "place": ({"type": "place", "seat": "1", "piece": "1:K", "home": 1, "target": 7},
              "blue put King (blue) in home place 1 (castle target 7)"),
    "play": ({"type": "play", "seat": "0", "card": "D/2", "piece": "0:D", "number": None},
             "red played Duke card (yellow) for Duke (red)"),
    "play with a number": (
        {"type": "play", "seat": "0", "card": "X/0", "piece": "0:X", "number": "3/1"},
        "red played Bandit card (red) with number 3 (blue) for Bandit (red)"),
    "roll": ({"type": "roll", "seat": "2", "piece": "2:C", "dice": [4, 4], "doubles": True},
             "yellow rolled 4 and 4 — doubles!"),
    "dice total": ({"type": "dice", "seat": "2", "choice": "total", "dice": [4, 4]},
                   "yellow walks the total of the doubles (8)"),
    "dice one": ({"type": "dice", "seat": "2", "choice": "one", "dice": [4, 4]},
                 "yellow walks one die (4) and rolls again"),
    "enter": ({"type": "enter", "piece": "1:S", "square": 18, "place": 1},
              "Sheriff (blue) enters on its start square 18"),
    "walk": ({"type": "walk", "piece": "1:S", "steps": 3, "from": {"square": 18, "place": 1},
              "path": [{"square": 19}, {"square": 20}, {"square": 21}],
              "to": {"square": 21, "place": 0}},
             "Sheriff (blue) walked 3 steps from square 18 to square 21 (19 → 20 → 21)"),
    "walk into the castle": (
        {"type": "walk", "piece": "0:K", "steps": 2, "from": {"square": 53, "place": 0},
         "path": [{"castle": 1}, {"castle": 2}], "to": {"castle": 2}},
        "King (red) walked 2 steps from square 53 to castle place 2 (C1 → C2)"),
    "sent_home": ({"type": "sent_home", "piece": "0:X", "by": "1:S", "square": 20, "step": 2,
                   "home": 3}, "Sheriff (blue) sent Bandit (red) home from square 20"),
    "blocked": ({"type": "blocked", "piece": "0:P", "square": 36, "by": ["2:K"], "lost": 2},
                "Priest (red) is blocked at square 36 by King (yellow) (2 steps lost)"),
    "castle": ({"type": "castle", "piece": "0:K", "place": 7, "target": 7, "on_target": True},
               "King (red) reached its castle target, place 7"),
    "castle short": ({"type": "castle", "piece": "0:D", "place": 3, "target": 6,
                      "on_target": False},
                     "Duke (red) stands on castle place 3 (target 6)"),
    "bounce": ({"type": "bounce", "piece": "0:D", "target": 6, "back": 2},
               "Duke (red) overshot its target 6 and walked back 2"),
    "discard": ({"type": "discard", "seat": "1", "cards": ["J/0", "2/2"]},
                "blue could play no card and discarded Joker (red), number 2 (yellow)"),
    "skip": ({"type": "skip", "seat": "2"}, "yellow has no cards and is skipped"),
    "shuffle": ({"type": "shuffle", "dealer": "1", "cycle": 2, "cards": 39},
                "blue shuffles the 39 cards for cycle 2"),
    "deal": ({"type": "deal", "dealer": "1", "cycle": 2, "deal": 1, "each": 5, "deck": 24},
             "blue deals 5 cards to each player (deal 1 of cycle 2)"),
    "deal to me": ({"type": "deal", "dealer": "1", "cycle": 2, "deal": 2, "each": 4,
                    "deck": 12, "cards": ["K/1", "F/2"]},
                   "blue deals 4 cards to each player (deal 2 of cycle 2); you get "
                   "King card (blue), Jack (yellow)"),
    "finished": ({"type": "finished", "seat": "0", "rank": 1},
                 "red has all seven pieces in the castle (finished 1.)"),
    "end": ({"type": "end", "reason": "castle", "winners": ["0", "2"],
             "scores": {"0": 33, "1": 4, "2": 31, "3": 0}},
            "The game is over: red and yellow won; scores: red 33, blue 4, yellow 31, green 0"),
    "end at the limit": ({"type": "end", "reason": "limit", "winners": ["1"],
                          "scores": {"0": 3, "1": 9}},
                         "The length limit is reached: blue won; scores: red 3, blue 9"),
}


@pytest.mark.parametrize("name", EVENTS)
def test_it_tells_every_event_in_words(name):
    event, words = EVENTS[name]
    assert event_sentence(event) == words


def test_it_sums_a_move_up_in_one_line():
    events = [EVENTS[name][0] for name in ("play", "roll", "dice one", "walk", "sent_home",
                                           "blocked", "castle")]
    line = summary(events)
    assert line.startswith("red played Duke card (yellow) for Duke (red): yellow rolled 4 and 4")
    assert "Sheriff (blue) to square 21" in line and "sent Bandit (red) home" in line
    assert "is blocked at square 36" in line and "reached its castle target" in line


def test_it_words_every_event_a_real_game_makes():
    state = RULES.new_game(3, {"players": 3})
    rng = random.Random(1)
    seen = set()
    for _ in range(3000):
        if RULES.is_over(state):
            break
        applied = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        for event in RULES.redact_events(applied.events, None):
            seen.add(event["type"])
            assert event_sentence(event) != event["type"]
        state = applied.state
    assert {"place", "play", "roll", "dice", "enter", "walk", "sent_home", "discard", "skip",
            "shuffle", "deal"} <= seen


def test_it_words_the_end_by_the_rules():
    game = catalog.get("kasteel")
    assert movelog.end_reason(game, "rules", "castle") == "with all pieces in the castle"
    assert "length limit" in movelog.end_reason(game, "rules", "limit")


def test_it_replays_and_exports_a_finished_game_without_a_hidden_card(client, alice, bob,
                                                                       carol):
    match = setup_done(start(users(alice, bob, count=2)))
    match = play(match, 6, rng=random.Random(2),
                 until=lambda s: s["deal"] >= 3 or s.get("cycle", 1) > 1)
    hidden = hidden_cards(match.state, None)  # still in a hand or the deck at the end
    assert hidden
    services.resign(match.pk, bob)
    match.refresh_from_db()
    assert match.is_over and match.winner_seat == "0"
    moves = match.records.filter(kind="move").count()
    client.force_login(carol)
    url = reverse("game_replay", args=[match.pk])
    for step in (0, 1, 7 * 2, moves):
        html = client.get(f"{url}?step={step}").content.decode()
        assert f"move {step} of {moves}" in html
        assert 'id="replay-board"' in html and html.count('class="k-piece ') == min(step, 14)
        assert not leaks(html, hidden), (step, leaks(html, hidden))
        partial = client.get(f"{url}?step={step}&partial=1").content.decode()
        assert 'class="replay-step"' in partial and not leaks(partial, hidden)
    html = client.get(f"{url}?step=0").content.decode()
    assert "The table before the home rows are filled." in html
    export = client.get(reverse("game_export", args=[match.pk]))
    body = export.json()
    assert body["game"] == "kasteel" and body["seed"] == match.seed
    assert export["Content-Disposition"].endswith(f'"kasteel-{match.pk}.json"')
    assert not leaks(export.content.decode(), hidden)
    page = client.get(reverse("game", args=[match.pk])).content.decode()
    assert "Game over: red (alice) won by resignation" in page
