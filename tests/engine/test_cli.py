"""The conformance command: ``games.rules.cli.run`` and ``manage.py rules``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import get_rules
from games.rules.cli import run

ROOT = Path(__file__).resolve().parents[2]
RULES = get_rules("druidenwalzer")


def write(path: Path, data) -> str:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_new_prints_the_state_after_the_setup_shuffles():
    code, text = run(["druidenwalzer", "new", "--seed", "42"])
    assert code == 0
    data = json.loads(text)
    assert data["phase"] == "setup" and data["to_move"] == "moon" and data["turn"] == 0
    assert data == RULES.to_json(RULES.new_game(42))


def test_new_with_repeated_handicap_flags():
    code, text = run(
        [
            "druidenwalzer",
            "new",
            "--seed",
            "1",
            "--handicap-moon",
            "2",
            "--handicap-sun",
            "1",
            "--handicap-sun",
            "3",
        ]
    )
    assert code == 0
    data = json.loads(text)
    assert data["players"]["moon"]["removed"] == [2]
    assert data["players"]["sun"]["removed"] == [1, 3]


def test_apply_legal_view_round(tmp_path):
    state_file = write(tmp_path / "state.json", RULES.to_json(RULES.new_game(3)))
    code, text = run(["druidenwalzer", "legal", "--state", state_file])
    assert code == 0
    legal = json.loads(text)
    assert {"type": "place", "druid": "purple", "tree": 1} in legal
    move_file = write(tmp_path / "move.json", legal[0])
    code, text = run(["druidenwalzer", "apply", "--state", state_file, "--move", move_file])
    assert code == 0
    after = json.loads(text)
    assert after["to_move"] == "sun"
    code, text = run(["druidenwalzer", "view", "--state", state_file, "--player", "sun"])
    assert code == 0
    view = json.loads(text)
    assert view["viewer"] == "sun" and view["players"]["moon"]["hand"] is None


def test_apply_seed_seeds_the_shuffle(tmp_path):
    from .druidenwalzer.helpers import position, tree

    data = position(
        moon=[
            tree(up="M3L", druid="purple"),
            tree(up="M3R", druid="orange"),
            tree(up="M4L", druid="black"),
            tree(up="M4R"),
        ],
        sun=[
            tree(up="S3L", druid="purple"),
            tree(up="S3R", druid="orange"),
            tree(up="S4L", druid="black"),
            tree(up="S4R"),
        ],
        hands={"moon": ["M1L"]},
        draw_piles={"moon": []},
        leftovers="cult_board",
    )
    del data["seed"]
    state_file = write(tmp_path / "state.json", data)
    move_file = write(tmp_path / "move.json", {"type": "withdraw", "card": "M1L"})
    hands = set()
    for seed in ("1", "2", "3", "4"):
        code, text = run(
            ["druidenwalzer", "apply", "--state", state_file, "--move", move_file, "--seed", seed]
        )
        assert code == 0
        answer = json.loads(text)
        assert answer["seed"] == int(seed)
        hands.add(tuple(answer["players"]["moon"]["hand"]))
        again = run(
            ["druidenwalzer", "apply", "--state", state_file, "--move", move_file, "--seed", seed]
        )
        assert again == (code, text)
    assert len(hands) > 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "name a game"),
        (["chess", "new", "--seed", "1"], "unknown game 'chess'"),
        (["druidenwalzer"], "command must be one of new, apply, legal, view"),
        (["druidenwalzer", "play"], "command must be one of"),
        (["druidenwalzer", "new"], "the following arguments are required: --seed"),
        (["druidenwalzer", "new", "--seed", "x"], "--seed must be an integer, got 'x'"),
        (["druidenwalzer", "new", "--seed", "1", "--handicap-moon", "7"], "integer 1..5, got 7"),
        (["druidenwalzer", "new", "--seed", "1", "--bogus"], "unrecognized arguments: --bogus"),
        (
            ["druidenwalzer", "legal", "--state", "/nonexistent/state.json"],
            "state file not found: /nonexistent/state.json",
        ),
    ],
)
def test_errors_are_one_json_line_and_exit_2(argv, message):
    code, text = run(argv)
    assert code == 2
    answer = json.loads(text)
    assert list(answer) == ["error"]
    assert message in answer["error"]


def test_illegal_malformed_and_invalid_inputs(tmp_path):
    state = RULES.to_json(RULES.new_game(3))
    state_file = write(tmp_path / "state.json", state)
    cases = [
        ({"type": "waltz", "card": "M1L", "tree": 1}, "only druid placements"),
        ({"type": "place", "druid": "purple", "tree": 9}, "tree must be an integer 1..4, got 9"),
        ("{not json", "is not valid JSON"),
    ]
    for move, message in cases:
        move_file = write(tmp_path / "move.json", move)
        code, text = run(["druidenwalzer", "apply", "--state", state_file, "--move", move_file])
        assert code == 2 and message in json.loads(text)["error"]
    broken = dict(state, phase="middle")
    bad_file = write(tmp_path / "bad.json", broken)
    code, text = run(["druidenwalzer", "legal", "--state", bad_file])
    assert code == 2 and "phase must be" in json.loads(text)["error"]
    code, text = run(["druidenwalzer", "view", "--state", state_file, "--player", "venus"])
    assert code == 2 and "player must be one of moon, sun" in json.loads(text)["error"]
    # nothing was written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "move.json", "state.json"]


# -- manage.py ---------------------------------------------------------------
def manage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "rules", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_manage_py_rules_new_apply_legal_view(tmp_path):
    result = manage("druidenwalzer", "new", "--seed", "9", "--handicap-sun", "2")
    assert result.returncode == 0, result.stderr
    state = json.loads(result.stdout)
    assert state["players"]["sun"]["removed"] == [2]
    state_file = write(tmp_path / "state.json", state)
    move_file = write(tmp_path / "move.json", {"type": "place", "druid": "black", "tree": 4})
    result = manage("druidenwalzer", "apply", "--state", state_file, "--move", move_file)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["players"]["moon"]["trees"][3]["druid"] == "black"
    result = manage("druidenwalzer", "legal", "--state", state_file)
    assert result.returncode == 0 and len(json.loads(result.stdout)) == 12
    result = manage("druidenwalzer", "view", "--state", state_file, "--player", "moon")
    assert result.returncode == 0 and json.loads(result.stdout)["viewer"] == "moon"


@pytest.mark.parametrize(
    "args",
    [
        (),  # Django's own parser: the game is missing
        ("druidenwalzer", "new"),
        ("druidenwalzer", "apply", "--state", "/nonexistent.json", "--move", "/nonexistent.json"),
    ],
)
def test_manage_py_rules_errors_are_json_with_exit_2(args):
    result = manage(*args)
    assert result.returncode == 2
    assert list(json.loads(result.stdout)) == ["error"]
    assert result.stdout.count("\n") == 1
    assert result.stderr == ""
