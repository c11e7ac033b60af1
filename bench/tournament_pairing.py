"""Benchmark of Swiss pairing: one round of a 1,000-player Swiss.

    python bench/tournament_pairing.py [--players 1000] [--round 5] [--seed 1] [--repeat 3]

Rounds 1 .. round-1 are paired and played with random results (a win, a draw or a loss
for the first seat, seeded), then round ``--round`` is paired ``--repeat`` times and the
best and worst times are printed (wall clock, one core). The target is under 2 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing import ByeResult, Entrant, GameResult, pair_swiss  # noqa: E402

TARGET_SECONDS = 2.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--round", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    entrants = [Entrant(i, rng.gauss(1500, 250)) for i in range(args.players)]
    games: list[GameResult] = []
    byes: list[ByeResult] = []
    for number in range(1, args.round):
        paired = pair_swiss(entrants, games, byes, round_number=number, seed=args.seed)
        games += [
            GameResult(number, p.first, p.second, rng.choice([1.0, 0.5, 0.0]))
            for p in paired.pairings
        ]
        if paired.bye is not None:
            byes.append(ByeResult(number, paired.bye))
    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        paired = pair_swiss(entrants, games, byes, round_number=args.round, seed=args.seed)
        times.append(time.perf_counter() - start)
    print(
        f"Swiss pairing, {args.players} players, round {args.round} "
        f"({len(paired.pairings)} games, bye: {paired.bye is not None}): "
        f"best {min(times):.3f} s, worst {max(times):.3f} s over {args.repeat} runs "
        f"(target < {TARGET_SECONDS:.0f} s)"
    )
    return 0 if max(times) < TARGET_SECONDS else 1


if __name__ == "__main__":
    raise SystemExit(main())
