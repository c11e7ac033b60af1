"""The conformance command (section 12) through ``games.rules.cli.run`` and
one run of ``manage.py rules kasteel``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from games.rules.cli import run
from games.rules.rng import derive_rng

from .helpers import RULES, move, position

ROOT = Path(__file__).resolve().parents[3]


def write(path: Path, data) -> str:
    path.write_text(json.dumps(data))
    return str(path)


def test_new_prints_the_state_after_the_first_player_roll_and_the_shuffle():
    code, text = run(["kasteel", "new", "--players", "4", "--teams", "--seed", "42"])
    assert code == 0
    data = json.loads(text)
    assert data == RULES.to_json(RULES.new_game(42, {"players": 4, "teams": True}))
    assert data["phase"] == "setup" and data["to_move"] == data["dealer"] and data["deal"] == 0
    assert data["teams"] is True and len(data["deck"]) == 52
    code, text = run(["kasteel", "new", "--players", "3", "--seed", "1", "--limit", "2"])
    assert code == 0 and json.loads(text)["limit"] == 2


def test_new_refuses_bad_options():
    for argv, message in [
        (["--players", "3", "--teams", "--seed", "1"], "teams need an even number of players"),
        (["--players", "13", "--seed", "1"], "players must be an integer 2..12, got 13"),
        (["--players", "x", "--seed", "1"], "players must be an integer 2..12, got 'x'"),
        (["--players", "4", "--seed", "1", "--limit", "0"], "limit must be a number of dealing"),
        (["--seed", "1"], "the following arguments are required: --players"),
    ]:
        code, text = run(["kasteel", "new", *argv])
        assert code == 2 and message in json.loads(text)["error"], argv


def test_legal_apply_and_view_round(tmp_path):
    state_file = write(tmp_path / "state.json", RULES.to_json(RULES.new_game(3, {"players": 2})))
    code, text = run(["kasteel", "legal", "--state", state_file])
    assert code == 0
    legal = json.loads(text)
    first = json.loads(Path(state_file).read_text())["dealer"]
    assert legal == [{"type": "place", "piece": f"{first}:{rank}"} for rank in "KDCBPSX"]
    move_file = write(tmp_path / "move.json", legal[2])
    code, text = run(["kasteel", "apply", "--state", state_file, "--move", move_file])
    assert code == 0
    after = json.loads(text)
    assert after["seats"][first]["order"] == ["C"]
    code, text = run(["kasteel", "view", "--state", state_file, "--player", "1"])
    assert code == 0 and json.loads(text)["viewer"] == 1
    code, text = run(["kasteel", "view", "--state", state_file, "--player", "2"])
    assert code == 2 and "player must be a seat 0..1, got '2'" in json.loads(text)["error"]


def test_apply_errors_print_one_json_line_and_exit_2(tmp_path):
    data = position(lines={5: ["0:K"]}, hands={0: ["K/0"], 1: ["D/1"]})
    state_file = write(tmp_path / "state.json", data)
    bad_move = write(tmp_path / "bad.json", move("D/1", "0:D"))
    code, text = run(["kasteel", "apply", "--state", state_file, "--move", bad_move])
    assert (code, json.loads(text)) == (2, {"error": "D/1 is not in seat 0's hand"})
    broken = write(tmp_path / "broken.json", {**data, "turn": -1})
    good_move = write(tmp_path / "good.json", move("K/0", "0:K"))
    code, text = run(["kasteel", "apply", "--state", broken, "--move", good_move])
    assert (code, json.loads(text)) == (2, {"error": "turn must be an integer >= 0, got -1"})


def test_apply_seed_seeds_the_dice_and_roll_shows_them(tmp_path):
    data = position(lines={5: ["0:K"]}, hands={0: ["K/0"], 1: ["D/1"]}, seed=1)
    state_file = write(tmp_path / "state.json", data)
    move_file = write(tmp_path / "move.json", move("K/0", "0:K"))
    results = set()
    for seed in ("11", "12", "13", "14"):
        code, text = run(
            ["kasteel", "apply", "--state", state_file, "--move", move_file, "--seed", seed]
        )
        assert code == 0
        after = json.loads(text)
        rng = derive_rng(int(seed), data["turn"], "roll", 0)
        assert after["roll"] == [rng.randint(1, 6), rng.randint(1, 6)]
        assert after["seed"] == int(seed)
        results.add(tuple(after["roll"]))
    assert len(results) > 1


def test_legal_of_a_finished_game_is_empty(tmp_path):
    data = position(
        castle={0: {rank: 7 - i for i, rank in enumerate("KDCBPSX")}},
        finished=[0],
        hands={1: ["K/1"]},
        phase="over",
        to_move=None,
    )
    data["winners"], data["scores"] = [0], [33, 0]
    code, text = run(["kasteel", "legal", "--state", write(tmp_path / "s.json", data)])
    assert (code, json.loads(text)) == (0, [])


def test_manage_py_rules_kasteel(tmp_path):
    result = subprocess.run(
        [sys.executable, "manage.py", "rules", "kasteel", "new", "--players", "3", "--seed", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data == RULES.to_json(RULES.new_game(5, {"players": 3}))
