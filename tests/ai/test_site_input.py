"""On the site an AI player decides from its seat's view, the legal moves and the
match's log as its seat saw it, with the CPU budget the operator grants."""

from __future__ import annotations

import random

import pytest

from games.ai import Budget
from games.ai_players import tasks as ai_tasks
from games.ai_players.bots import choose_move, ensure_bot_accounts, play_the_ai
from games.core import services
from games.core.verify import new_game_options
from games.core.visibility import records_payload
from games.models import Match
from games.rules import get_rules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_turn_mails")]

RULES = get_rules("druidenwalzer")


class Recorder:
    """A bot that notes its input and plays the first legal move."""

    def __init__(self) -> None:
        self.calls: list[dict] = []

    def choose(self, view, legal_moves, rng, budget=None, history=None):
        self.calls.append({"view": view, "budget": budget, "history": history})
        return legal_moves[0]


@pytest.fixture
def recorder(monkeypatch):
    bot = Recorder()
    monkeypatch.setattr("games.ai.get_bot", lambda game, level: bot)
    monkeypatch.setattr(ai_tasks, "_queue_bot_move", lambda match_id, version: True)
    return bot


def _play_some(match: Match, moves: int) -> Match:
    rng = random.Random(1)
    for _ in range(moves):
        match.refresh_from_db()
        state = RULES.from_json(match.state)
        assert not RULES.is_over(state)
        seat = match.seats.select_related("user").get(seat=RULES.to_move(state))
        services.play(match.pk, seat.user, rng.choice(RULES.legal_moves(state)),
                      match.version, seat=seat.seat)
    match.refresh_from_db()
    return match


def test_it_gives_the_ai_its_seats_log_and_nothing_more(alice, recorder, settings):
    settings.AI_CPU_SECONDS = 0
    ensure_bot_accounts()
    match = _play_some(play_the_ai(alice, "strong", "sun"), 16)
    seat = match.seats.select_related("user").get(seat="moon")
    while RULES.to_move(RULES.from_json(match.state)) != "moon":
        match = _play_some(match, 1)
    choose_move(match, seat)
    call = recorder.calls[-1]
    expected = [event for record in records_payload(match, "moon") for event in record["events"]]
    # First what the seat saw of the new game (the setup writes no events).
    first = RULES.view(RULES.new_game(match.seed, new_game_options(match.options)), "moon")
    assert call["history"][0] == {"type": "start", "view": first}
    assert first["players"]["sun"]["hand"] is None
    assert call["history"][1:] == expected and expected
    assert call["budget"] is None  # the level's own default
    for event in call["history"][1:]:
        assert "secret" not in event
        if event["type"] == "draw":
            assert ("cards" in event) == (event["player"] == "moon")
    assert call["view"]["players"]["sun"]["hand"] is None


def test_it_grants_the_strong_level_the_operators_cpu_budget(alice, recorder, settings):
    settings.AI_CPU_SECONDS = 4.5
    ensure_bot_accounts()
    match = play_the_ai(alice, "strong", "sun")
    choose_move(match, match.seats.select_related("user").get(seat="moon"))
    assert recorder.calls[-1]["budget"] == Budget(cpu_seconds=4.5)
    match = play_the_ai(alice, "heuristic", "sun")
    choose_move(match, match.seats.select_related("user").get(seat="moon"))
    assert recorder.calls[-1]["budget"] is None


@pytest.mark.parametrize("game", ["druidenwalzer", "caesar-cleopatra"])
def test_each_new_level_plays_its_game_on_the_site_at_the_levels_own_budget(
        alice, monkeypatch, settings, game):
    settings.AI_CPU_SECONDS = 4.5  # granted to the strong level only
    monkeypatch.setattr(ai_tasks, "_queue_bot_move", lambda match_id, version: True)
    ensure_bot_accounts()
    rules = get_rules(game)
    for level in ("novice", "apprentice", "adept"):
        match = play_the_ai(alice, level, game=game)
        seat = match.seats.select_related("user").get(user__bot_level=level)
        assert seat.user.username == {"novice": "Sapling", "apprentice": "Bard",
                                      "adept": "Ovate"}[level]
        state = rules.from_json(match.state)
        while rules.to_move(state) != seat.seat:
            state = rules.apply(state, rules.legal_moves(state)[0]).state
        match.state = rules.to_json(state)
        assert choose_move(match, seat) in rules.legal_moves(state)
