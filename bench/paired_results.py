"""Two arena runs over the same games, compared game by game.

    python bench/paired_results.py bench/results/cc_strong_heuristic_same_machine.jsonl \\
            bench/results/cc_strong_expected_votes_heuristic.jsonl

Both files are ``--results`` files of the arena (or ``bench/ai_variants.py``)
played with the same seed, so game ``i`` has the same deal, seats and
opponent in both; only A differs. Counting A's wins on the games both runs
played, and the games only one of them won, cancels most of the luck of
the deals: the two-sided sign test on the games where they differ says how
likely a difference this large is between two equal levels.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path


def outcomes(path: Path) -> dict[int, float]:
    """A's score in each game of a results file: 1 a win, ½ a draw, 0 a loss."""
    scores: dict[int, float] = {}
    for line in path.read_text().splitlines():
        record = json.loads(line)
        if "index" not in record:
            continue
        winner = record["winner"]
        scores[record["index"]] = 1.0 if winner == "A" else 0.0 if winner == "B" else 0.5
    return scores


def sign_test(only_first: int, only_second: int) -> float:
    """Two-sided exact binomial p-value of ``only_first`` against ``only_second``."""
    n = only_first + only_second
    if not n:
        return 1.0
    low = min(only_first, only_second)
    tail: float = sum(math.comb(n, k) for k in range(low + 1)) / 2**n
    return min(1.0, 2 * tail)


def compare(first: dict[int, float], second: dict[int, float]) -> dict[str, float]:
    """The two runs on the games both played."""
    common = sorted(set(first) & set(second))
    only_first = sum(1 for i in common if first[i] > second[i])
    only_second = sum(1 for i in common if second[i] > first[i])
    return {
        "games": len(common),
        "first": sum(first[i] for i in common),
        "second": sum(second[i] for i in common),
        "only_first": only_first,
        "only_second": only_second,
        "p": sign_test(only_first, only_second),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    options = parser.parse_args()
    result = compare(outcomes(options.first), outcomes(options.second))
    print(f"{result['games']} games both played: A won {result['first']:g} in the first run, "
          f"{result['second']:g} in the second; {result['only_first']} games only the first "
          f"won more of, {result['only_second']} only the second (sign test p = {result['p']:.3f})")


if __name__ == "__main__":
    main()
