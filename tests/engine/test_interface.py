"""The generic interface (games.rules.base) and the registry."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import GAMES, GameRules, IllegalMove, RulesError, get_rules

ROOT = Path(__file__).resolve().parents[2]


def test_registry_lists_and_resolves_games():
    assert "druidenwalzer" in GAMES
    rules = get_rules("druidenwalzer")
    assert isinstance(rules, GameRules)
    assert rules.name == "druidenwalzer"
    with pytest.raises(RulesError, match="unknown game 'chess'"):
        get_rules("chess")


def test_seats_turns_and_owed_by():
    rules = get_rules("druidenwalzer")
    state = rules.new_game(1)
    assert rules.seats(state) == ("moon", "sun")
    assert rules.to_move(state) == "moon"
    assert rules.owed_by(state) == ("moon",)
    assert rules.turn_number(state) == 0


def test_apply_returns_a_new_state_and_never_changes_the_input():
    rules = get_rules("druidenwalzer")
    state = rules.new_game(2)
    before = rules.to_json(state)
    applied = rules.apply(state, rules.legal_moves(state)[0])
    assert rules.to_json(state) == before
    assert applied.state is not state
    assert rules.to_json(applied.state) != before


def test_a_seat_that_does_not_owe_the_move_is_refused():
    rules = get_rules("druidenwalzer")
    state = rules.new_game(2)
    move = rules.legal_moves(state)[0]
    with pytest.raises(IllegalMove, match="it is moon's turn, not sun's"):
        rules.apply(state, move, seat="sun")
    with pytest.raises(IllegalMove, match="unknown player 'venus'"):
        rules.apply(state, move, seat="venus")
    rules.apply(state, move, seat="moon")


def test_redact_events_merges_only_the_viewers_own_secret():
    rules = get_rules("druidenwalzer")
    events = [
        {"type": "draw", "player": "moon", "count": 2, "secret": {"moon": {"cards": ["M1L"]}}},
        {"type": "pass", "player": "sun"},
    ]
    assert rules.redact_events(events, "moon")[0] == {
        "type": "draw",
        "player": "moon",
        "count": 2,
        "cards": ["M1L"],
    }
    assert rules.redact_events(events, "sun")[0] == {"type": "draw", "player": "moon", "count": 2}
    assert rules.redact_events(events, None)[1] == {"type": "pass", "player": "sun"}
    assert "secret" in events[0]  # the stored events are not changed


def test_the_fast_path_runs_the_same_rules_as_apply():
    rules = get_rules("druidenwalzer")
    for seed in range(30):
        rng = random.Random(seed)
        slow = fast = rules.new_game(seed)
        while not rules.is_over(slow):
            actions = rules.legal_actions(fast)
            moves = rules.legal_moves(slow)
            assert [rules.action_to_move(a) for a in actions] == moves
            index = rng.randrange(len(moves))
            slow = rules.apply(slow, moves[index]).state
            fast = rules.apply_action(fast, actions[index])
            assert fast == slow


def test_the_engine_runs_without_django_or_services():
    code = (
        "import random, sys\n"
        "from games.rules import get_rules\n"
        "rules = get_rules('druidenwalzer')\n"
        "state = rules.new_game(5)\n"
        "rng = random.Random(5)\n"
        "while not rules.is_over(state):\n"
        "    state = rules.apply(state, rng.choice(rules.legal_moves(state))).state\n"
        "from games.rules.cli import run\n"
        "assert run(['druidenwalzer', 'new', '--seed', '1'])[0] == 0\n"
        "banned = [m for m in ('django', 'channels', 'celery', 'redis') if m in sys.modules]\n"
        "print('loaded:', banned)\n"
        "assert not banned, banned\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "loaded: []" in result.stdout
