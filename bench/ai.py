"""Benchmark of the computer players: CPU time per move and search speed.

    python bench/ai.py --positions 40 --seed 1

Collects play positions from seeded games of the heuristic against itself
(every third turn), then, for each, times one decision of every level with
its default budget and counts the strong level's search iterations. Times
are CPU seconds of this process (``time.process_time``), one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import get_bot  # noqa: E402
from games.ai.base import Deadline  # noqa: E402
from games.ai.druidenwalzer.determinize import Observation  # noqa: E402
from games.ai.druidenwalzer.search import DEFAULT_BUDGET, search  # noqa: E402
from games.rules import get_rules  # noqa: E402

RULES = get_rules("druidenwalzer")


def positions(count: int, seed: int) -> list:
    """Play positions (the state and the seat to move) from heuristic games."""
    bot = get_bot("druidenwalzer", "heuristic")
    rng = random.Random(seed)
    found: list = []
    game = 0
    while len(found) < count:
        state = RULES.new_game(seed * 1000 + game)
        game += 1
        while not RULES.is_over(state) and len(found) < count:
            seat = RULES.to_move(state)
            if state.phase == 1 and state.turn % 3 == 0 and len(RULES.legal_moves(state)) > 1:
                found.append(state)
            move = bot.choose(RULES.view(state, seat), RULES.legal_moves(state), rng)
            state = RULES.apply(state, move).state
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    states = positions(options.positions, options.seed)
    print(f"{len(states)} play positions from heuristic games, seed {options.seed}")
    for level in ("random", "heuristic", "strong"):
        bot = get_bot("druidenwalzer", level)
        rng = random.Random(options.seed)
        times = []
        for state in states:
            seat = RULES.to_move(state)
            view, legal = RULES.view(state, seat), RULES.legal_moves(state)
            started = time.process_time()
            bot.choose(view, legal, rng)
            times.append(time.process_time() - started)
        print(
            f"{level:<10} CPU per move: mean {statistics.mean(times):.4f} s, "
            f"median {statistics.median(times):.4f} s, max {max(times):.4f} s"
        )
    rates = []
    done = []
    for state in states:
        observation = Observation(RULES.view(state, RULES.to_move(state)))
        started = time.process_time()
        children = search(
            observation,
            random.Random(options.seed),
            DEFAULT_BUDGET.iterations,
            Deadline(DEFAULT_BUDGET.cpu_seconds),
        )
        elapsed = time.process_time() - started
        iterations = sum(child.visits for child in children.values())
        done.append(iterations)
        rates.append(iterations / elapsed)
    print(
        f"strong search: {statistics.mean(rates):,.0f} iterations per CPU second "
        f"(min {min(rates):,.0f}); iterations per move: mean {statistics.mean(done):,.0f}, "
        f"min {min(done):,} (budget {DEFAULT_BUDGET.cpu_seconds} s of CPU)"
    )


if __name__ == "__main__":
    main()
