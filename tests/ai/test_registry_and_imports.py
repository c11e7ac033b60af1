"""The registry of levels, and that the bots stay free of Django."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.ai import LEVELS, Bot, Budget, get_bot, levels_for
from games.rules import get_rules

ROOT = Path(__file__).resolve().parent.parent.parent


def test_it_lists_three_levels_with_names_and_descriptions():
    assert list(LEVELS) == ["random", "heuristic", "strong"]
    for level, info in LEVELS.items():
        assert info["name"] and info["description"].endswith("."), level
        assert isinstance(get_bot("druidenwalzer", level), Bot)


def test_it_describes_each_level_truly_for_each_game():
    from games.ai.registry import GAME_DESCRIPTIONS, describe

    for (game, level), text in GAME_DESCRIPTIONS.items():
        assert level in levels_for(game) and describe(game, level) == text
    assert describe("druidenwalzer", "random") == LEVELS["random"]["description"]
    assert "second and a half" in describe("druidenwalzer", "strong")
    assert "quarter of a second" in describe("caesar-cleopatra", "strong")
    assert "up to a second" in describe("kasteel", "strong")
    # The text every game shares names no game's thinking time.
    assert "second" not in LEVELS["strong"]["description"]


def test_it_refuses_unknown_levels_and_games():
    with pytest.raises(ValueError, match="unknown level"):
        get_bot("druidenwalzer", "grandmaster")
    with pytest.raises(ValueError, match="no strong bot for game 'chess'"):
        get_bot("chess", "strong")
    with pytest.raises(ValueError, match="no random bot for game 'chess'"):
        get_bot("chess", "random")


def test_it_names_the_levels_of_each_game():
    assert levels_for("druidenwalzer") == ("random", "heuristic", "strong")
    assert levels_for("chess") == ()


def test_it_fills_a_partial_budget_from_the_defaults():
    default = Budget(iterations=100, cpu_seconds=1.5)
    assert Budget(cpu_seconds=0.2).resolve(default) == Budget(iterations=100, cpu_seconds=0.2)
    assert Budget().resolve(default) == default


def test_it_returns_the_only_legal_move_at_once():
    rules = get_rules("druidenwalzer")
    state = rules.new_game(1)
    view = rules.view(state, "moon")
    only = [rules.legal_moves(state)[0]]
    for level in LEVELS:
        assert get_bot("druidenwalzer", level).choose(view, only, random.Random(1)) == only[0]


def test_it_plays_without_django_or_services():
    code = (
        "import random, sys\n"
        "import games.ai\n"
        "from games.ai import Budget, get_bot\n"
        "from games.ai.arena import ArenaConfig, run_arena, format_report\n"
        "from games.rules import get_rules\n"
        "rules = get_rules('druidenwalzer')\n"
        "for level in ('random', 'heuristic', 'strong'):\n"
        "    bot = get_bot('druidenwalzer', level)\n"
        "    state = rules.new_game(5)\n"
        "    rng = random.Random(5)\n"
        "    while not rules.is_over(state):\n"
        "        seat = rules.to_move(state)\n"
        "        move = bot.choose(rules.view(state, seat), rules.legal_moves(state), rng,\n"
        "                          Budget(iterations=20))\n"
        "        state = rules.apply(state, move, seat=seat).state\n"
        "config = ArenaConfig(a='random', b='heuristic', games=2)\n"
        "format_report(config, run_arena(config))\n"
        "banned = [m for m in ('django', 'channels', 'celery', 'redis') if m in sys.modules]\n"
        "print('loaded:', banned)\n"
        "assert not banned, banned\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "loaded: []" in result.stdout


def test_it_has_no_django_import_in_its_sources():
    for path in (ROOT / "games" / "ai").rglob("*.py"):
        text = path.read_text()
        assert "import django" not in text and "from django" not in text, path
