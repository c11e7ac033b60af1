"""The arena: bots play bots, and the results say which level is stronger.

    python -m games.ai.arena --a strong --b heuristic --games 200 --seed 1 --jobs 2
    python manage.py arena  ...the same options...
    python manage.py arena --game kasteel --players 4 --seats heuristic,random,random,random ...
    python -m games.ai.arena --round-robin random,heuristic,strong --games-per-pair 16 ...
    python manage.py arena --game kasteel --table-levels random,heuristic,strong --players 4 ...

With ``--seats`` (one level per seat, any number of players) the match is
played by ``games.ai.arena_multi``; with ``--round-robin`` every pair of the
levels plays and ``games.ai.round_robin`` rates them; with ``--table-levels``
tables of N seats rate the levels (``games.ai.table_ratings``); what follows
is the two-player match.

Bot A takes the first seat (moon) in even games and the second (sun) in odd
games, so both sides of the table are played equally. Every game is seeded
from ``--seed`` and its number: the deal and each bot's rng. With iteration
budgets the results repeat exactly; a CPU-time cap that is reached depends
on the machine's load. A game still running at the turn limit is stopped
and counted as a draw.

CPU time per move is ``time.process_time`` around ``choose`` (the process's
own CPU, so other work on the machine barely distorts it). With ``--jobs``
the games are spread over worker processes, one game at a time each.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games.rules import get_rules

from .base import Budget
from .registry import ARENA_LEVELS, LEVELS, get_arena_bot

DEFAULT_TURN_LIMIT = 500
TURN_LIMIT_ENDING = "turn limit (draw)"


@dataclass
class GameResult:
    index: int
    a_seat: str
    winner: str | None  # "A", "B" or None for a draw
    ending: str
    turns: int
    cpu: dict[str, list[float]] = field(default_factory=dict)  # "A"/"B": per move


@dataclass
class ArenaConfig:
    a: str
    b: str
    games: int
    seed: int = 1
    game: str = "druidenwalzer"
    jobs: int = 1
    turn_limit: int = DEFAULT_TURN_LIMIT
    budget_a: Budget | None = None
    budget_b: Budget | None = None


def seed_for(seed: int, index: int, part: str) -> int:
    # Seeding a Random with a string hashes it (sha512): independent streams.
    return random.Random(f"arena:{seed}:{index}:{part}").getrandbits(48)


def _end_detail(events: list[dict[str, Any]]) -> str | None:
    """Why the last move ended the game, when the game's events say so
    (Druidenwalzer: the deciding flip was a conquest or an empty tree)."""
    for event in reversed(events):
        if event.get("type") == "flip" and "reason" in event:
            return str(event["reason"])
    return None


def play_game(config: ArenaConfig, index: int) -> GameResult:
    """Play game number ``index`` of the match (A first in even games)."""
    rules = get_rules(config.game)
    state = rules.new_game(seed_for(config.seed, index, "deal"))
    seats = rules.seats(state)
    a_seat = seats[index % 2]
    bots = {"A": get_arena_bot(config.game, config.a), "B": get_arena_bot(config.game, config.b)}
    rngs = {side: random.Random(seed_for(config.seed, index, side)) for side in ("A", "B")}
    budgets = {"A": config.budget_a, "B": config.budget_b}
    cpu: dict[str, list[float]] = {"A": [], "B": []}
    events: list[dict[str, Any]] = []
    # The public move log as each seat saw it (its own secrets included).
    histories: dict[str, list[dict[str, Any]]] = {seat: [] for seat in seats}
    moves = 0
    while not rules.is_over(state) and moves < config.turn_limit:
        seat = rules.to_move(state)
        side = "A" if seat == a_seat else "B"
        view = rules.view(state, seat)
        legal = rules.legal_moves(state)
        started = time.process_time()
        move = bots[side].choose(view, legal, rngs[side], budgets[side],
                                 history=histories[seat])
        cpu[side].append(time.process_time() - started)
        applied = rules.apply(state, move, seat=seat)  # refuses an illegal move
        state, events = applied.state, applied.events
        for viewer, history in histories.items():
            history.extend(rules.redact_events(events, viewer))
        moves += 1
    outcome = rules.outcome(state)
    turns = rules.turn_number(state)
    if outcome is None:
        return GameResult(index, a_seat, None, TURN_LIMIT_ENDING, turns, cpu)
    detail = _end_detail(events)
    ending = f"{outcome.reason} ({detail})" if detail else outcome.reason
    if outcome.winner is None:
        winner = None
    else:
        winner = "A" if outcome.winner == a_seat else "B"
    return GameResult(index, a_seat, winner, ending, turns, cpu)


def play_all(play: Callable[[Any, int], Any], config: Any,
             progress: Callable[[Any, int], None] | None = None) -> list[Any]:
    """``play(config, index)`` for every game (on ``config.jobs`` processes);
    the results, which carry their ``index``, in game order."""
    results: list[Any] = []
    if config.jobs <= 1:
        for index in range(config.games):
            results.append(play(config, index))
            if progress:
                progress(results[-1], len(results))
    else:
        with ProcessPoolExecutor(max_workers=config.jobs) as pool:
            futures = [pool.submit(play, config, index) for index in range(config.games)]
            for future in futures:
                results.append(future.result())
                if progress:
                    progress(results[-1], len(results))
    return sorted(results, key=lambda result: result.index)


def run_arena(
    config: ArenaConfig, progress: Callable[[GameResult, int], None] | None = None
) -> list[GameResult]:
    """Play all games (on ``config.jobs`` processes); results in game order."""
    return play_all(play_game, config, progress)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % for z=1.96)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def format_report(config: ArenaConfig, results: list[GameResult], wall: float | None = None) -> str:
    """The results table: wins by seat, A's win rate with its Wilson
    interval, CPU per move per side, and how the games ended."""
    rules = get_rules(config.game)
    seats = rules.seats(rules.new_game(0))
    lines = [
        f"{config.game}: A = {config.a} vs B = {config.b}, {len(results)} games, "
        f"seed {config.seed}, A is {seats[0]} in even games and {seats[1]} in odd games",
        "",
        f"{'':<12}{'games':>7}{'A wins':>8}{'B wins':>8}{'draws':>7}",
    ]
    rows = [(f"A as {seat}", [r for r in results if r.a_seat == seat]) for seat in seats]
    rows.append(("total", results))
    for label, group in rows:
        wins = sum(1 for r in group if r.winner == "A")
        losses = sum(1 for r in group if r.winner == "B")
        draws = len(group) - wins - losses
        lines.append(f"{label:<12}{len(group):>7}{wins:>8}{losses:>8}{draws:>7}")
    wins = sum(1 for r in results if r.winner == "A")
    low, high = wilson(wins, len(results))
    rate = wins / len(results) if results else 0.0
    lines += [
        "",
        f"A win rate: {rate:.1%} (95% CI {low:.1%} - {high:.1%}, Wilson; draws count as not won)",
        "",
        f"{'CPU per move':<24}{'mean':>10}{'max':>10}{'moves':>8}",
    ]
    for side, level in (("A", config.a), ("B", config.b)):
        times = [t for r in results for t in r.cpu[side]]
        mean = sum(times) / len(times) if times else 0.0
        top = max(times) if times else 0.0
        lines.append(f"{side + ' ' + level:<24}{mean:>9.4f}s{top:>9.4f}s{len(times):>8}")
    turns = [r.turns for r in results]
    if turns:
        lines += [
            "",
            f"game length (turns in play): mean {sum(turns) / len(turns):.1f}, max {max(turns)}",
        ]
    endings = Counter(r.ending for r in results)
    lines.append(
        "endings: " + ", ".join(f"{ending} {count}" for ending, count in endings.most_common())
    )
    if wall is not None:
        lines.append(f"wall time: {wall:.1f} s on {config.jobs} process(es)")
    return "\n".join(lines)


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
                        help="round robin, tables: append each game to this JSON-lines file")
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
        from .round_robin import run_round_robin_from_options

        return run_round_robin_from_options(options, err)
    if options.get("table_levels"):
        from .table_ratings import run_tables_from_options

        return run_tables_from_options(options, err)
    if options.get("seats"):
        from .arena_multi import run_multi_from_options

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
    results = run_arena(config, progress if options.get("progress") else None)
    return format_report(config, results, time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.ai.arena", description=__doc__)
    add_arguments(parser)
    options = vars(parser.parse_args(argv))
    sys.stdout.write(run_from_options(options) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
