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


FIVE = ("novice", "apprentice", "adept", "heuristic", "strong")


def test_it_lists_the_levels_with_names_and_descriptions():
    assert list(LEVELS) == ["random", *FIVE]
    names = [info["name"] for info in LEVELS.values()]
    assert len(set(names)) == len(names)
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
    assert "remembers" in describe("caesar-cleopatra", "strong")
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
    # Sprite (random) for learning the rules, then the five calibrated levels.
    # Weakest first: in both two-player games the Ovate is a short search, above the
    # Wanderer.
    for game in ("druidenwalzer", "caesar-cleopatra"):
        assert levels_for(game) == ("random", "novice", "apprentice", "heuristic", "adept",
                                    "strong"), game
    assert levels_for("kasteel")[:2] == ("random", "heuristic")
    assert not set(levels_for("kasteel")) & {"novice", "apprentice", "adept"}
    assert levels_for("chess") == ()


def test_the_mixed_levels_tell_their_rate_of_random_moves_truly_per_game():
    from games.ai.mixed import MixedBot
    from games.ai.registry import MIXED_RATES, describe

    words = {0.8: "eight moves in ten", 0.5: "every other move",
             0.35: "about one move in three", 0.3: "three moves in ten"}
    for game, rates in MIXED_RATES.items():
        ordered = [rates[level] for level in ("novice", "apprentice", "adept") if level in rates]
        assert ordered == sorted(ordered, reverse=True), game
        for level, rate in rates.items():
            bot = get_bot(game, level)
            assert isinstance(bot, MixedBot) and bot.random_rate == rate
            assert words[rate] in describe(game, level), (game, level)


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
        "from games.ai.arena_match import ArenaConfig, run_arena, format_report\n"
        "from games.rules import get_rules\n"
        "rules = get_rules('druidenwalzer')\n"
        "for level in games.ai.levels_for('druidenwalzer'):\n"
        "    bot = get_bot('druidenwalzer', level)\n"
        "    state = rules.new_game(5)\n"
        "    rng = random.Random(5)\n"
        "    while not rules.is_over(state):\n"
        "        seat = rules.to_move(state)\n"
        "        move = bot.choose(rules.view(state, seat), rules.legal_moves(state), rng,\n"
        "                          Budget(iterations=20))\n"
        "        state = rules.apply(state, move, seat=seat).state\n"
        "from games.ai.registry import get_arena_bot\n"
        "cc = get_rules('caesar-cleopatra')\n"
        "bots = [get_bot('caesar-cleopatra', 'strong'), get_arena_bot('caesar-cleopatra', "
        "'strong-old')]\n"
        "state, logs = cc.new_game(5), {'cleopatra': [], 'caesar': []}\n"
        "for _ in range(40):\n"
        "    seat = cc.to_move(state)\n"
        "    move = bots[seat == 'caesar'].choose(cc.view(state, seat), cc.legal_moves(state),\n"
        "                                         rng, Budget(iterations=20), history=logs[seat])\n"
        "    applied = cc.apply(state, move, seat=seat)\n"
        "    state = applied.state\n"
        "    for viewer in logs:\n"
        "        logs[viewer].extend(cc.redact_events(applied.events, viewer))\n"
        "config = ArenaConfig(a='random', b='heuristic', games=2)\n"
        "format_report(config, run_arena(config))\n"
        "from games.ai.round_robin import play_round_robin, rate_games\n"
        "rate_games(play_round_robin(['random', 'novice'], 2, game='druidenwalzer'),\n"
        "           ['random', 'novice'], ('random', 1000))\n"
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
