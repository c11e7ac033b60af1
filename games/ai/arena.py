"""The arena: bots play bots, and the results say which level is stronger.

    python -m games.ai.arena --a strong --b heuristic --games 200 --seed 1 --jobs 2
    python manage.py arena  ...the same options...
    python manage.py arena --game kasteel --players 4 --seats heuristic,random,random,random ...
    python -m games.ai.arena --round-robin random,heuristic,strong --games-per-pair 16 ...
    python manage.py arena --game kasteel --table-levels random,heuristic,strong --players 4 ...

With ``--seats`` (one level per seat, any number of players) the match is
played by ``games.ai.arena_multi``; with ``--round-robin`` every pair of the
levels plays and ``games.ai.round_robin`` rates them; with ``--table-levels``
tables of N seats rate the levels (``games.ai.table_ratings``); otherwise A
and B play the two-player match (``games.ai.arena_match``: seats alternating,
every game seeded from ``--seed`` and its number, CPU time per move measured,
a game at the turn limit a draw; ``--jobs`` spreads the games over worker
processes). This module is the command line only: it names the formats, and
none of them names it.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from .arena_match import DEFAULT_TURN_LIMIT, ArenaConfig, GameResult, format_report, run_arena
from .arena_multi import run_multi_from_options
from .base import Budget
from .registry import ARENA_LEVELS, LEVELS
from .round_robin import run_round_robin_from_options
from .table_ratings import run_tables_from_options


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arena's options (shared by ``python -m`` and ``manage.py arena``)."""
    levels = sorted({*LEVELS, *ARENA_LEVELS})
    parser.add_argument("--a", choices=levels, help="level of bot A (two players)")
    parser.add_argument("--b", choices=levels, help="level of bot B (two players)")
    parser.add_argument(
        "--seats",
        default=None,
        help="N players instead of A and B: a level per seat, comma-separated "
        "(heuristic,random,random,random); the seats rotate from game to game",
    )
    parser.add_argument(
        "--players", type=int, default=None, help="number of players (with --seats)"
    )
    parser.add_argument("--teams", action="store_true", help="team game (kasteel, even N >= 4)")
    parser.add_argument(
        "--limit",
        type=int,
        default=None,
        help="length limit in dealing cycles (kasteel; default ceil(200 / N))",
    )
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the match (default 1)")
    parser.add_argument("--game", default="druidenwalzer", help="the game (default druidenwalzer)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--turn-limit",
        type=int,
        default=DEFAULT_TURN_LIMIT,
        help=f"moves before a game is stopped as a draw (default {DEFAULT_TURN_LIMIT})",
    )
    for side in ("a", "b"):
        name = side.upper()
        parser.add_argument(
            f"--{side}-iterations",
            type=int,
            default=None,
            help=f"iteration budget per move of bot {name} (default: its level's)",
        )
        parser.add_argument(
            f"--{side}-cpu",
            type=float,
            default=None,
            help=f"CPU seconds per move of bot {name} (default: its level's)",
        )
    parser.add_argument(
        "--progress", action="store_true", help="print each game's result to stderr"
    )
    parser.add_argument(
        "--round-robin",
        default=None,
        help="two players: every pair of these levels (comma-separated) plays, and the "
        "levels are rated with the site's Glicko-2 (games.ai.round_robin)",
    )
    parser.add_argument(
        "--table-levels",
        default=None,
        help="N players: rate these levels (comma-separated) from --games tables of --players "
        "seats in mixed seatings (games.ai.table_ratings)",
    )
    parser.add_argument("--games-per-pair", type=int, default=None,
                        help="games of each pair in a round robin (default --games)")
    parser.add_argument("--anchor", default=None,
                        help="round robin, tables: LEVEL=RATING fixes the scale "
                        "(default heuristic=1500)")
    parser.add_argument("--results", default=None,
                        help="append each game to this JSON-lines file; a run with the same "
                        "file plays only the games it lacks (round robin, tables, matches)")
    parser.add_argument("--rate-only", action="store_true",
                        help="round robin, tables: rate the games of --results without playing")


def config_from_options(options: dict[str, Any]) -> ArenaConfig:
    def budget(side: str) -> Budget | None:
        iterations, cpu = options.get(f"{side}_iterations"), options.get(f"{side}_cpu")
        if iterations is None and cpu is None:
            return None
        return Budget(iterations=iterations, cpu_seconds=cpu)

    if options["games"] < 1:
        raise ValueError("--games must be at least 1")
    for side in ("a", "b"):
        if options.get(side) is None:
            raise ValueError(f"--{side} is required (or --seats for N players)")
    return ArenaConfig(
        a=options["a"],
        b=options["b"],
        games=options["games"],
        seed=options["seed"],
        game=options["game"],
        jobs=max(1, options["jobs"]),
        turn_limit=options["turn_limit"],
        budget_a=budget("a"),
        budget_b=budget("b"),
    )


def run_from_options(options: dict[str, Any], err: Any = sys.stderr) -> str:
    """Run the match the options describe; returns the report."""
    if options.get("round_robin"):
        return run_round_robin_from_options(options, err)
    if options.get("table_levels"):
        return run_tables_from_options(options, err)
    if options.get("seats"):
        return run_multi_from_options(options, err)
    config = config_from_options(options)

    def progress(result: GameResult, done: int) -> None:
        err.write(
            f"game {result.index}: A ({result.a_seat}) "
            f"{'won' if result.winner == 'A' else 'lost' if result.winner == 'B' else 'drew'}"
            f" in {result.turns} turns, {result.ending} [{done}/{config.games}]\n"
        )
        err.flush()

    started = time.perf_counter()
    results = run_arena(config, progress if options.get("progress") else None,
                        options.get("results"))
    return format_report(config, results, time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.ai.arena", description=__doc__)
    add_arguments(parser)
    options = vars(parser.parse_args(argv))
    sys.stdout.write(run_from_options(options) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
