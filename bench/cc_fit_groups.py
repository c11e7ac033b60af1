"""Fit who wins a Caesar & Cleopatra group's next patrician (``group_model.WEIGHTS``).

    python bench/cc_fit_groups.py --games 2000 --seed 2001 --jobs 2

Plays ``--games`` games between heuristic players and keeps every position
where a player chose among several moves. For each group with patricians
left there, the label is who won the group's next patrician later in the
game (groups whose next patrician was never won are left out). Half the
games (the odd ones) are held out. The fit is a logistic regression of the
label on ``group_model.features`` (Newton's method); it prints the held-out
log-loss of the hand-set lean (``evaluate.groups_value``'s chance of the next
patrician), of ``group_model.WEIGHTS`` and of the fit, and the fitted weights.
``--features`` fits only the features named (the others weigh 0);
``--cache PREFIX`` keeps the games' positions in files and reads them back on
the next run, so fits of other feature sets take seconds instead of minutes.
Needs numpy (``pip install numpy``: only the fitting scripts do).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.arena_tools import seed_for  # noqa: E402
from games.ai.base import start_record  # noqa: E402
from games.ai.caesar_cleopatra import evaluate as E  # noqa: E402
from games.ai.caesar_cleopatra import group_model as G  # noqa: E402
from games.ai.registry import get_arena_bot  # noqa: E402
from games.rules import get_rules  # noqa: E402
from games.rules.caesar_cleopatra.constants import SETUP  # noqa: E402
from games.rules.caesar_cleopatra.state import State  # noqa: E402

GAME = "caesar-cleopatra"
Row = tuple[list[float], float, float]  # features, hand-set chance, label


def play(seed: int, index: int) -> tuple[list[State], State]:
    """One game between heuristic players: the positions where a player chose
    among several moves, and the final state."""
    rules = get_rules(GAME)
    state = rules.new_game(seed_for(seed, index, "deal"))
    bot = get_arena_bot(GAME, "heuristic")
    rng = random.Random(seed_for(seed, index, "bots"))
    histories = {seat: [start_record(rules.view(state, seat))] for seat in rules.seats(state)}
    kept: list[State] = []
    while not rules.is_over(state):
        seat = rules.to_move(state)
        legal = rules.legal_moves(state)
        if state.phase != SETUP and len(legal) > 1:
            kept.append(state.copy())
        move = bot.choose(rules.view(state, seat), legal, rng, None, history=histories[seat])
        applied = rules.apply(state, move, seat=seat)
        state = applied.state
        for viewer, history in histories.items():
            history.extend(rules.redact_events(applied.events, viewer))
    return kept, state


def hand_set_chance(x: list[float]) -> float:
    """The hand-set evaluation's chance of the next patrician, from the features
    (``lean`` and ``lean_soon``, with ``evaluate``'s constants)."""
    return 0.5 + E.SOON_BASE * x[0] + E.SOON_WEIGHT * x[1]


Labelled = tuple[State, list[tuple[int, float]]]  # a position, its groups' labels


def labelled(task: tuple[int, int]) -> list[Labelled]:
    """One game's positions, each with who won each group's next patrician
    (1.0 Cleopatra, 0.0 Caesar; a group whose next patrician was never won is left out)."""
    seed, index = task
    states, final = play(seed, index)
    timeline = [*states, final]
    positions: list[Labelled] = []
    for number, state in enumerate(states):
        labels: list[tuple[int, float]] = []
        for group in range(5):
            if not state.patricians[group]:
                continue
            for later in timeline[number + 1:]:
                if later.won[0][group] > state.won[0][group]:
                    labels.append((group, 1.0))
                elif later.won[1][group] > state.won[1][group]:
                    labels.append((group, 0.0))
                else:
                    continue
                break
        positions.append((state, labels))
    return positions


def rows(positions: list[Labelled]) -> list[Row]:
    out: list[Row] = []
    for state, labels in positions:
        hands = (G.hand_summary(state, 0), G.hand_summary(state, 1))
        for group, label in labels:
            x = G.features(state, group, hands)
            out.append((x, hand_set_chance(x), label))
    return out


def collect(seed: int, games: range, jobs: int, cache: str | None) -> list[Row]:
    """The rows of ``games`` (their positions read from ``cache`` when it holds them)."""
    path = Path(f"{cache}.{seed}.{games.start}.{games.stop}.{games.step}.pickle") if cache else None
    if path is not None and path.exists():
        positions = pickle.loads(path.read_bytes())
    else:
        with Pool(jobs) as pool:
            parts = pool.map(labelled, [(seed, index) for index in games], chunksize=4)
        positions = [position for part in parts for position in part]
        if path is not None:
            path.write_bytes(pickle.dumps(positions))
    return rows(positions)


def main() -> None:
    try:
        import numpy as np
    except ImportError:
        sys.exit("bench/cc_fit_groups.py needs numpy: pip install numpy")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2001)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--features", default=",".join(G.NAMES),
                        help="the features to fit (the others weigh 0)")
    parser.add_argument("--cache", default=None,
                        help="keep the games' positions in files starting so, and reuse them")
    options = parser.parse_args()
    chosen = [G.NAMES.index(name) for name in options.features.split(",")]
    train = collect(options.seed, range(0, options.games, 2), options.jobs, options.cache)
    test = collect(options.seed, range(1, options.games, 2), options.jobs, options.cache)
    print(f"{len(train)} group positions to fit, {len(test)} held out")

    def arrays(rows: list[Row]) -> tuple[Any, Any, Any]:
        return (np.array([x for x, _h, _y in rows]), np.array([h for _x, h, _y in rows]),
                np.array([y for _x, _h, y in rows]))

    def log_loss(chance: Any, labels: Any) -> float:
        chance = np.clip(chance, 1e-6, 1 - 1e-6)
        return float(-np.mean(labels * np.log(chance) + (1 - labels) * np.log(1 - chance)))

    x, _hand_set, y = arrays(train)
    x = x[:, chosen]
    w = np.zeros(x.shape[1])
    for _ in range(30):
        chance = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (chance - y) / len(y) + 1e-4 * w
        hessian = (x * (chance * (1 - chance))[:, None]).T @ x / len(y) + 1e-4 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    xt, hand_set_t, yt = arrays(test)
    fitted_t = 1 / (1 + np.exp(-np.clip(xt[:, chosen] @ w, -30, 30)))
    full = np.zeros(len(G.NAMES))
    full[chosen] = w
    w = full
    current = np.array([G.next_patrician(list(row), G.WEIGHTS) for row in xt])
    print(f"held-out log-loss: coin {log_loss(np.full(len(yt), 0.5), yt):.4f}, "
          f"hand-set lean {log_loss(hand_set_t, yt):.4f}, "
          f"group_model.WEIGHTS {log_loss(current, yt):.4f}, this fit {log_loss(fitted_t, yt):.4f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    for name, value in zip(G.NAMES, w):
        print(f"  {name:>18} {value:8.3f}")


if __name__ == "__main__":
    main()
