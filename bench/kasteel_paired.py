"""Strijd om het Kasteel: two variants compared game by game on the same deals.

    python bench/kasteel_variants.py --weights W1 --games 1000 --seed 21 --jobs 2 --record a.jsonl
    python bench/kasteel_variants.py --weights W2 --games 1000 --seed 21 --jobs 2 --record b.jsonl
    python bench/kasteel_paired.py a.jsonl b.jsonl

With the same seed both variants play the same deals from the same seats
against the same opponents, so most of a game's luck is the same for both:
the difference of their shares of the win, game by game, has a standard
error of a fraction of a point at 1,000 games where two separate win rates
differ by about two points of noise. The report is the difference (the
second file's win rate less the first's), its standard error and a 95 %
interval, and how many games the two variants ended differently.
Figures: docs/ai.md, "Strijd om het Kasteel".
"""

from __future__ import annotations

import json
import math
import sys


def load(path: str) -> dict[tuple[int, int], float]:
    """``(seed, game) -> credit`` from a ``kasteel_variants.py --record`` file."""
    with open(path) as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    return {(row["seed"], row["game"]): float(row["credit"]) for row in rows}


def paired(first: dict, second: dict) -> dict:
    """The paired difference of ``second`` over ``first`` on their common games."""
    common = sorted(first.keys() & second.keys())
    if len(common) < 2:
        raise SystemExit("the two files share fewer than two games (same seed and --games?)")
    diffs = [second[key] - first[key] for key in common]
    n = len(diffs)
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    se = math.sqrt(variance / n)
    return {
        "games": n,
        "first": sum(first[key] for key in common) / n,
        "second": sum(second[key] for key in common) / n,
        "difference": mean,
        "se": se,
        "changed": sum(1 for d in diffs if d),
    }


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        raise SystemExit(__doc__)
    base = load(argv[0])
    for path in argv[1:]:
        found = paired(base, load(path))
        margin = 1.96 * found["se"]
        low, high = found["difference"] - margin, found["difference"] + margin
        print(f"{path} against {argv[0]}: {found['games']} games, "
              f"{100 * found['first']:.2f} % -> {100 * found['second']:.2f} %, "
              f"difference {100 * found['difference']:+.2f} points "
              f"(se {100 * found['se']:.2f}; 95 %: {100 * low:+.2f} to {100 * high:+.2f}), "
              f"{found['changed']} games ended differently")


if __name__ == "__main__":
    main(sys.argv[1:])
