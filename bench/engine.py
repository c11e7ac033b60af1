"""Benchmark of the Druidenwalzer engine: random playouts on one core.

    python bench/engine.py --games 2000 --seed 1 [--mode public|fast|both] [--stats]

``public`` plays through the generic interface exactly as the site does: one
``legal_moves`` and one ``apply`` (JSON move in, new state and events out)
per move. ``fast`` is the search path on the same rules code: one
``legal_actions`` and one ``apply_action`` (action tuples, a state copy, no
events). Every applied move counts, the six druid placements of the setup
included; the play turns alone are printed too. ``--stats`` adds how the
games ended.

Rates are per CPU second of this process (``time.process_time``), so that
other work on the machine does not distort them; the wall time is printed
too. The engine is single-threaded: this is one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import get_rules  # noqa: E402
from games.rules.druidenwalzer import apply_action, legal_actions  # noqa: E402

RULES = get_rules("druidenwalzer")
TURN_LIMIT = 5000


def play_public(seed: int) -> tuple[int, int, object, list]:
    """One game through the public interface; returns the game's flip events too."""
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    moves = 0
    flips: list = []
    while not RULES.is_over(state) and state.turn < TURN_LIMIT:
        applied = RULES.apply(state, rng.choice(RULES.legal_moves(state)))
        state = applied.state
        for event in applied.events:
            if event["type"] == "flip":
                flips.append(event)
        moves += 1
    return moves, state.turn, state, flips


def play_fast(seed: int) -> tuple[int, int, object, list]:
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    moves = 0
    while state.phase != 2 and state.turn < TURN_LIMIT:
        state = apply_action(state, rng.choice(legal_actions(state)))
        moves += 1
    return moves, state.turn, state, []


def bench(mode: str, games: int, seed: int) -> dict:
    play = play_public if mode == "public" else play_fast
    total_moves = total_turns = 0
    lengths = []
    winners: Counter = Counter()
    reasons: Counter = Counter()
    all_flips: Counter = Counter()
    start = time.perf_counter()
    start_cpu = time.process_time()
    for game in range(games):
        moves, turns, state, flips = play(seed * 1_000_003 + game)
        total_moves += moves
        total_turns += turns
        lengths.append(turns)
        outcome = RULES.outcome(state)
        winners[outcome.winner if outcome else None] += 1
        if flips:
            reasons[flips[-1]["reason"]] += 1
            all_flips.update(flip["reason"] for flip in flips)
    wall = time.perf_counter() - start
    elapsed = time.process_time() - start_cpu
    return {
        "mode": mode,
        "games": games,
        "seconds": elapsed,
        "wall": wall,
        "moves": total_moves,
        "turns": total_turns,
        "moves_per_s": total_moves / elapsed,
        "turns_per_s": total_turns / elapsed,
        "games_per_s": games / elapsed,
        "lengths": lengths,
        "winners": winners,
        "reasons": reasons,
        "all_flips": all_flips,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=("public", "fast", "both"), default="both")
    parser.add_argument("--stats", action="store_true", help="how the games ended")
    arguments = parser.parse_args(argv)
    modes = ("public", "fast") if arguments.mode == "both" else (arguments.mode,)
    for mode in modes:
        result = bench(mode, arguments.games, arguments.seed)
        print(
            f"{mode:6} {result['games']} games in {result['seconds']:.2f} CPU s "
            f"({result['wall']:.2f} s wall): "
            f"{result['moves_per_s']:,.0f} moves/s (legal + apply, setup included), "
            f"{result['turns_per_s']:,.0f} play turns/s, {result['games_per_s']:,.0f} games/s"
        )
        if arguments.stats and mode == "public":
            lengths = sorted(result["lengths"])
            print(
                f"  turns per game: mean {statistics.mean(lengths):.1f}, "
                f"median {statistics.median(lengths)}, min {lengths[0]}, max {lengths[-1]}, "
                f"90th percentile {lengths[int(0.9 * (len(lengths) - 1))]}"
            )
            print(f"  winners: {dict(result['winners'])}")
            print(f"  deciding flip: {dict(result['reasons'])} (signs = conquest)")
            print(f"  all flips: {dict(result['all_flips'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
