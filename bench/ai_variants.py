"""The arena with variants of the Druidenwalzer strong level, for comparisons.

    python bench/ai_variants.py --a strong --b strong-no-memory --games 60 --cpu 0.05 --seed 7

The variants switch one part of the strong level off (``StrongBot``'s
flags) and play as arena levels beside the others (``baseline``,
``heuristic``...). Both sides get ``--cpu`` CPU seconds a move. The report
is the arena's (``games.ai.arena.format_report``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import registry  # noqa: E402
from games.ai.arena import ArenaConfig, format_report, run_arena  # noqa: E402
from games.ai.base import Budget  # noqa: E402
from games.ai.druidenwalzer.search import StrongBot  # noqa: E402

VARIANTS = {
    "strong-no-memory": lambda: StrongBot(remember=False),
    "strong-no-tactics": lambda: StrongBot(tactics=False),
    "strong-heuristic-setup": lambda: StrongBot(search_setup=False),
    "strong-previous": lambda: StrongBot(remember=False, tactics=False, search_setup=False),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--cpu", type=float, default=0.05, help="CPU seconds a move, each side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args()
    # Worker processes are forked, so they see the variants registered here.
    registry.ARENA_LEVELS.update(
        {name: {"druidenwalzer": make} for name, make in VARIANTS.items()})
    budget = Budget(cpu_seconds=options.cpu)
    config = ArenaConfig(a=options.a, b=options.b, games=options.games, seed=options.seed,
                         jobs=options.jobs, budget_a=budget, budget_b=budget)
    started = time.perf_counter()
    results = run_arena(config)
    print(format_report(config, results, time.perf_counter() - started))


if __name__ == "__main__":
    main()
