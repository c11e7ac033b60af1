"""Caesar & Cleopatra behind the generic interface: registry, seats, owed_by."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import games.rules.caesar_cleopatra as package
from games.rules import GAMES, GameRules, IllegalMove, InvalidState, get_rules

from .helpers import RULES, apply, at, load, position


def test_the_game_is_registered():
    assert "caesar-cleopatra" in GAMES
    rules = get_rules("caesar-cleopatra")
    assert isinstance(rules, GameRules) and rules is RULES
    assert rules.name == "caesar-cleopatra"


def test_seats_turns_and_owed_by():
    state = RULES.new_game(1)
    assert RULES.seats(state) == ("cleopatra", "caesar")
    assert RULES.to_move(state) == "cleopatra"
    assert RULES.owed_by(state) == ("cleopatra",)
    assert RULES.turn_number(state) == 0
    assert RULES.is_over(state) is False and RULES.outcome(state) is None


def test_owed_by_follows_every_pending_decision():
    data = position(
        hands={"cleopatra": ["C4", "C-spy"], "caesar": ["R1", "R-veto"]},
        influence={"caesar": ["R2"]},
        groups={"senators": {"caesar": at(["R3"])}},
        turn=2,
    )
    assert RULES.owed_by(load(data)) == ("cleopatra",)
    data, _ = apply(data, {"type": "action", "card": "C-spy"})
    assert RULES.owed_by(load(data)) == ("caesar",)  # the Veto question
    assert RULES.turn_number(load(data)) == 2
    data, _ = apply(data, {"type": "no_veto"}, seat="caesar")
    assert RULES.owed_by(load(data)) == ("cleopatra",)  # the Spy choice
    data, _ = apply(data, {"type": "spy", "card": "R1"}, seat="cleopatra")
    assert RULES.owed_by(load(data)) == ("caesar",)  # the replacement draw
    with pytest.raises(IllegalMove, match="it is caesar's decision, not cleopatra's"):
        apply(data, {"type": "draw", "influence": 1, "action": 0}, seat="cleopatra")
    data, _ = apply(data, {"type": "draw", "influence": 1, "action": 0}, seat="caesar")
    assert RULES.owed_by(load(data)) == ("cleopatra",)


def test_apply_returns_a_new_state_and_never_changes_the_input():
    state = RULES.new_game(2)
    before = RULES.to_json(state)
    applied = RULES.apply(state, RULES.legal_moves(state)[0])
    assert RULES.to_json(state) == before
    assert applied.state is not state and RULES.to_json(applied.state) != before


def test_unknown_seats_and_foreign_states_are_refused():
    state = RULES.new_game(2)
    move = RULES.legal_moves(state)[0]
    with pytest.raises(IllegalMove, match="unknown player 'antony'"):
        RULES.apply(state, move, seat="antony")
    with pytest.raises(InvalidState, match="apply needs a state"):
        RULES.apply(RULES.to_json(state), move)


def test_no_module_of_the_engine_imports_django():
    for path in Path(package.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), path.name
