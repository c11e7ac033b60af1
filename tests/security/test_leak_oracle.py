"""The leak check of test_leak_games is not vacuous: it catches each kind of leak.

Each case breaks the server's redaction in one way (the engine's ``view`` or
``redact_events``, as the site calls them) and plays one game through the
API: the check must report it. The last case is the control: unbroken, the
same game reports nothing.
"""

from __future__ import annotations

import pytest
from rest_framework.throttling import SimpleRateThrottle

from tests.conftest import make_user
from tests.security.apigames import ApiGame, Clients
from tests.security.leakcheck import RULES

pytestmark = pytest.mark.django_db

TRUE_VIEW = RULES.view
TRUE_REDACT = RULES.redact_events


def _other_hand(state, viewer):
    view = TRUE_VIEW(state, viewer)
    full = RULES.to_json(state)["players"]
    for name, player in view["players"].items():
        player["hand"] = full[name]["hand"]
    return view


def _face_down_list(state, viewer):
    view = TRUE_VIEW(state, viewer)
    view["players"]["moon"]["trees"][0]["cards"] = RULES.to_json(state)["players"]["moon"][
        "trees"][0]["down"]
    return view


def _draw_pile_top_as_top(state, viewer):
    view = TRUE_VIEW(state, viewer)
    full = RULES.to_json(state)["players"]["sun"]
    if full["draw_pile"]:
        view["players"]["sun"]["cult_board"]["top"] = full["draw_pile"][0]
    return view


def _seed_in_view(state, viewer):
    return {**TRUE_VIEW(state, viewer), "seed": RULES.to_json(state)["seed"]}


def _all_secrets(events, viewer):
    merged = []
    for event in events:
        copy = {k: v for k, v in event.items() if k != "secret"}
        for part in event.get("secret", {}).values():
            copy.update(part)
        merged.append(copy)
    return merged


BREAKS = {
    "the other hand": ("view", _other_hand, "hand"),
    "face-down cards in a new field": ("view", _face_down_list, "beyond hand and tops"),
    "a draw pile card shown as a top": ("view", _draw_pile_top_as_top, "cult board top"),
    "the seed during the game": ("view", _seed_in_view, "seed"),
    "drawn cards to everyone": ("redact_events", _all_secrets, "draw at"),
}


def _play_one_game(monkeypatch) -> list[str]:
    monkeypatch.setattr(SimpleRateThrottle, "allow_request", lambda self, request, view: True)
    clients = Clients((make_user("oracle-a"), make_user("oracle-b")), make_user("oracle-c"))
    game = ApiGame(7, clients)
    game.start()
    while game.truth.over_at is None and game.moves < 16:
        mover = game.truth.owed()[0]
        game.move()
        for who in ("anonymous", "sun" if mover == "moon" else "moon"):
            game.readers[who].check(game.get(who, "events"), "events")
    return game.outcome(by_rules=False).problems


@pytest.mark.parametrize("name", list(BREAKS))
def test_it_catches(monkeypatch, no_turn_mails, name):
    method, broken, expected = BREAKS[name]
    monkeypatch.setattr(RULES, method, broken)
    problems = _play_one_game(monkeypatch)
    assert problems, f"{name} went unnoticed"
    assert any(expected in problem for problem in problems), problems[:5]


def test_it_reports_nothing_when_nothing_leaks(monkeypatch, no_turn_mails):
    assert _play_one_game(monkeypatch) == []
