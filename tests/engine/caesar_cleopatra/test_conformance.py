"""The conformance command of section 8: ``rules caesar-cleopatra new|apply|legal|view``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules.cli import run

from .helpers import RULES, at, load, position

ROOT = Path(__file__).resolve().parents[3]
GAME = "caesar-cleopatra"


def write(path: Path, data) -> str:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def ok(argv: list[str]):
    code, text = run(argv)
    assert code == 0, text
    return json.loads(text)


def error(argv: list[str]) -> str:
    code, text = run(argv)
    assert code == 2
    answer = json.loads(text)
    assert list(answer) == ["error"]
    assert "\n" not in text
    return answer["error"]


def test_new_prints_the_state_after_the_setup_shuffles_and_the_bonus_deal():
    data = ok([GAME, "new", "--seed", "42"])
    assert data == RULES.to_json(RULES.new_game(42))
    assert (data["phase"], data["current"], data["step"], data["turn"]) == (
        "setup",
        "cleopatra",
        "setup",
        0,
    )
    assert "unrecognized arguments: --handicap" in error(
        [GAME, "new", "--seed", "1", "--handicap", "2"]
    )


def test_legal_apply_view_round(tmp_path):
    state_file = write(tmp_path / "state.json", ok([GAME, "new", "--seed", "3"]))
    legal = ok([GAME, "legal", "--state", state_file])
    assert len(legal) == 120 and len({json.dumps(m, sort_keys=True) for m in legal}) == 120
    move_file = write(tmp_path / "move.json", legal[0])
    after = ok([GAME, "apply", "--state", state_file, "--move", move_file])
    assert after["current"] == "caesar" and after["to_move"] == "caesar"
    assert after["seed"] == 3
    view = ok([GAME, "view", "--state", state_file, "--player", "caesar"])
    assert view["viewer"] == "caesar" and view["players"]["cleopatra"]["hand"] is None
    assert len(view["players"]["caesar"]["hand"]) == 10
    # nothing was written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["move.json", "state.json"]


def test_apply_seed_seeds_the_vote_reshuffle(tmp_path):
    data = position(
        hands={"cleopatra": ["C1", "C1", "C1", "C1"], "caesar": ["R1"]},
        influence={"cleopatra": ["C2"]},
        vote_deck=["V-orgy-reshuffle"],
        vote_discard=["V-orgy", "V-senators", "V-praetors"],
        step="placed",
        seed=None,
    )
    assert "seed" not in data
    state_file = write(tmp_path / "state.json", data)
    move_file = write(tmp_path / "move.json", {"type": "draw", "influence": 1, "action": 0})
    without = ok([GAME, "apply", "--state", state_file, "--move", move_file])
    assert without["seed"] == 0
    decks = set()
    for seed in ("1", "2", "3", "4"):
        argv = [GAME, "apply", "--state", state_file, "--move", move_file, "--seed", seed]
        answer = ok(argv)
        assert answer["seed"] == int(seed)
        assert run(argv) == run(argv)  # the same seed, the same shuffle
        decks.add(tuple(answer["vote_deck"]))
    assert len(decks) > 1


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            {"type": "place", "card": "C9", "group": "senators", "face": "up"},
            "card must be a card name",
        ),
        ({"type": "castle", "cards": {}}, "cards must map the two groups"),
        ({"type": "draw", "influence": 1, "action": 0}, "the only move is cleopatra's setup"),
        ("{not json", "is not valid JSON"),
        ([1, 2], "a move must be a JSON object"),
        ({"type": "waltz"}, "move type must be one of setup, pass, place"),
    ],
)
def test_illegal_or_malformed_moves_print_an_error_and_exit_2(tmp_path, move, message):
    state_file = write(tmp_path / "state.json", RULES.to_json(RULES.new_game(3)))
    move_file = write(tmp_path / "move.json", move)
    assert message in error([GAME, "apply", "--state", state_file, "--move", move_file])


def test_invalid_states_print_an_error_and_exit_2(tmp_path):
    data = RULES.to_json(RULES.new_game(3))
    data["players"]["caesar"]["hand"].append("R5")
    bad = write(tmp_path / "bad.json", data)
    move = write(tmp_path / "move.json", {"type": "pass", "discard": []})
    for argv in (
        [GAME, "legal", "--state", bad],
        [GAME, "view", "--state", bad, "--player", "caesar"],
        [GAME, "apply", "--state", bad, "--move", move],
    ):
        assert "caesar's cards: expected 7 R5 in all, found 8" in error(argv)
    good = write(tmp_path / "good.json", RULES.to_json(RULES.new_game(3)))
    assert "player must be one of cleopatra, caesar" in error(
        [GAME, "view", "--state", good, "--player", "antony"]
    )


def test_legal_is_empty_when_the_game_is_over(tmp_path):
    data = position(
        hands={"cleopatra": [], "caesar": []},
        groups={"senators": {"cleopatra": at(["C5"])}},
        phase="over",
        current=None,
        step=None,
        turn=40,
        winner="draw",
        score={"cleopatra": 0, "caesar": 0},
    )
    load(data)
    state_file = write(tmp_path / "state.json", data)
    assert ok([GAME, "legal", "--state", state_file]) == []
    move_file = write(tmp_path / "move.json", {"type": "pass", "discard": []})
    assert error([GAME, "apply", "--state", state_file, "--move", move_file]) == "the game is over"


def test_manage_py_rules_caesar_cleopatra_apply(tmp_path):
    state = ok([GAME, "new", "--seed", "9"])
    state_file = write(tmp_path / "state.json", state)
    move = RULES.legal_moves(load(state))[5]
    move_file = write(tmp_path / "move.json", move)
    result = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "rules",
            GAME,
            "apply",
            "--state",
            state_file,
            "--move",
            move_file,
            "--seed",
            "9",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == ok(
        [GAME, "apply", "--state", state_file, "--move", move_file]
    )
