"""Benchmark of the Caesar & Cleopatra engine: random playouts on one core.

    python bench/caesar_cleopatra.py --games 2000 --seed 1 [--mode public|fast|inplace|all]
                                     [--policy random|careful] [--stats]

``public`` plays through the generic interface exactly as the site does: one
``legal_moves`` and one ``apply`` (JSON move in, new state and events out)
per decision. ``fast`` is the search path on the same rules code: one
``legal_actions`` and one ``apply_action`` (action tuples, a state copy, no
events); ``inplace`` calls ``play`` on one state, without copies. Every
decision counts (setup placements, Veto answers and draws included); the
completed turns are printed too.

``--policy random`` picks uniformly among the legal moves; ``careful``
passes only 5 % of the time when something else is legal (random players
otherwise discard their cards long before the patricians are won).

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
from games.rules.caesar_cleopatra import apply_action, legal_actions, play  # noqa: E402
from games.rules.caesar_cleopatra.moves import A_PASS  # noqa: E402

RULES = get_rules("caesar-cleopatra")


def _pick(rng: random.Random, options: list, careful: bool, is_pass) -> object:
    if careful and rng.random() < 0.95:
        others = [option for option in options if not is_pass(option)]
        if others:
            return rng.choice(others)
    return rng.choice(options)


def play_public(seed: int, careful: bool) -> tuple[int, object]:
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    decisions = 0
    while not RULES.is_over(state):
        move = _pick(rng, RULES.legal_moves(state), careful, lambda m: m["type"] == "pass")
        state = RULES.apply(state, move).state
        decisions += 1
    return decisions, state


def play_fast(seed: int, careful: bool) -> tuple[int, object]:
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    decisions = 0
    while state.phase != 2:
        action = _pick(rng, legal_actions(state), careful, lambda a: a[0] == A_PASS)
        state = apply_action(state, action)
        decisions += 1
    return decisions, state


def play_inplace(seed: int, careful: bool) -> tuple[int, object]:
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    decisions = 0
    while state.phase != 2:
        play(state, _pick(rng, legal_actions(state), careful, lambda a: a[0] == A_PASS))
        decisions += 1
    return decisions, state


PLAYERS = {"public": play_public, "fast": play_fast, "inplace": play_inplace}


def bench(mode: str, games: int, seed: int, careful: bool) -> dict:
    player = PLAYERS[mode]
    decisions = turns = 0
    lengths, winners, reasons, endings = [], Counter(), Counter(), Counter()
    start = time.perf_counter()
    start_cpu = time.process_time()
    for game in range(games):
        count, state = player(seed * 1_000_003 + game, careful)
        decisions += count
        turns += state.turn
        lengths.append(state.turn)
        outcome = RULES.outcome(state)
        winners[outcome.winner] += 1
        reasons[outcome.reason] += 1
        endings["all patricians won" if not any(state.patricians) else "cards exhausted"] += 1
    wall = time.perf_counter() - start
    elapsed = time.process_time() - start_cpu
    return {
        "seconds": elapsed,
        "wall": wall,
        "decisions_per_s": decisions / elapsed,
        "turns_per_s": turns / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games,
        "lengths": lengths,
        "winners": winners,
        "reasons": reasons,
        "endings": endings,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=(*PLAYERS, "all"), default="all")
    parser.add_argument("--policy", choices=("random", "careful"), default="random")
    parser.add_argument("--stats", action="store_true", help="how the games ended")
    arguments = parser.parse_args(argv)
    modes = tuple(PLAYERS) if arguments.mode == "all" else (arguments.mode,)
    careful = arguments.policy == "careful"
    for mode in modes:
        result = bench(mode, arguments.games, arguments.seed, careful)
        print(
            f"{mode:7} {arguments.games} games ({arguments.policy}) in "
            f"{result['seconds']:.2f} CPU s ({result['wall']:.2f} s wall): "
            f"{result['games_per_s']:,.0f} games/s, {result['decisions_per_s']:,.0f} decisions/s, "
            f"{result['turns_per_s']:,.0f} turns/s "
            f"({result['decisions_per_game']:.1f} decisions per game)"
        )
        if arguments.stats and mode == modes[-1]:
            lengths = sorted(result["lengths"])
            print(
                f"  turns per game: mean {statistics.mean(lengths):.1f}, "
                f"median {statistics.median(lengths)}, min {lengths[0]}, max {lengths[-1]}"
            )
            print(f"  winners: {dict(result['winners'])}, reasons: {dict(result['reasons'])}")
            print(f"  endings: {dict(result['endings'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
