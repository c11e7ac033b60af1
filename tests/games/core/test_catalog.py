"""The site's catalogue of games: a game is offered once its rules are registered and
it has an entry (games/boards/<name>.py), in the registry's order."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from django.template.loader import get_template

import games.boards
from games import rules as registry
from games.ai import get_bot, levels_for
from games.core import catalog
from tests import vetogame


def test_it_lists_druidenwalzer_with_its_title_seats_and_board():
    game = catalog.get("druidenwalzer")
    assert catalog.names()[0] == "druidenwalzer" == catalog.default_name()
    assert str(game.title) == "Druidenwalzer" and game.seat_names == ("moon", "sun")
    assert game.first_seat == "moon" and game.handicap and game.min_seats == game.max_seats == 2
    assert game.seat_label("sun") == "sun"
    assert game.seat_choices() == [("random", "Random cult"), ("moon", "Moon (moves first)"),
                                   ("sun", "Sun")]
    assert game.ai_levels == ("random", "novice", "apprentice", "heuristic", "adept", "strong")
    assert game.options_for({"moon": [2], "sun": []}) == {"removed": {"moon": [2], "sun": []}}


def test_it_adds_a_registered_game_with_an_entry_after_the_others(monkeypatch):
    info = vetogame.install(monkeypatch)
    assert catalog.names()[-1] == "veto-duel" and catalog.get("veto-duel") is info
    assert ("veto-duel", "Veto duel") in catalog.choices()
    assert info.seat_choices() == [("random", "Random seat"), ("red", "Red (moves first)"),
                                   ("blue", "Blue")]
    assert catalog.title("veto-duel") == "Veto duel" and catalog.seat_label("veto-duel", "red")


def test_it_leaves_out_a_registered_engine_without_an_entry(monkeypatch):
    monkeypatch.setitem(registry._LOADERS, "boardless", lambda: vetogame.RULES)  # noqa: SLF001
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, "boardless"))
    assert "boardless" in registry.GAMES and "boardless" not in catalog.names()
    assert catalog.find("boardless") is None
    with pytest.raises(catalog.UnknownGame, match="Unknown game 'boardless'"):
        catalog.get("boardless")


def test_it_skips_an_entry_whose_engine_is_not_registered(monkeypatch):
    monkeypatch.setitem(catalog._entries, "veto-duel", vetogame.INFO)  # noqa: SLF001
    assert "veto-duel" not in catalog.names() and catalog.find("veto-duel") is None


def test_it_names_the_games_of_the_site_for_an_unknown_one(veto_game):
    with pytest.raises(catalog.UnknownGame) as found:
        catalog.get("chess")
    assert str(found.value) == ("Unknown game 'chess': the games of this site are "
                                f"{', '.join(catalog.names())}.")
    assert str(found.value).endswith(", veto-duel.")
    assert catalog.title("chess") == "chess" and catalog.seat_label("chess", "x") == "x"


def test_every_entry_has_its_templates_and_playable_ai_levels():
    for module in pkgutil.iter_modules(games.boards.__path__):
        entry = getattr(importlib.import_module(f"games.boards.{module.name}"), "GAME", None)
        if entry is None or entry.name not in registry.GAMES:
            continue
        get_template(entry.board_template)
        get_template(entry.replay_template)
        assert set(entry.ai_levels) <= set(levels_for(entry.name)), entry.name
        for level in entry.ai_levels:
            get_bot(entry.name, level)
        assert entry.first_seat in entry.seat_names
        assert entry.name.replace("-", "_") == module.name
