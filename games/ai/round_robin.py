"""A round robin of a game's levels, rated with the site's Glicko-2.

    python -m games.ai.arena --game druidenwalzer \\
        --round-robin random,novice,apprentice,adept,heuristic,strong \\
        --games-per-pair 16 --seed 1 --jobs 2 [--results FILE] [--anchor heuristic=1500]

Every pair of levels plays ``--games-per-pair`` games of the two-player arena
(``games.ai.arena_match.play_game``: seats alternating, each game seeded from
``--seed`` and its number, so every pair plays the same deals), each level at
its own default budget, the one the site grants it. All games of all pairs
share the worker processes.

The rating is the site's Glicko-2 (``ladders.glicko``, pure Python, no
Django), in the way the system is meant for a batch of games: all games of a
level form one rating period, played against its opponents as rated so far.
The levels start at 1500 +- 350; each pass rates every level from the rating
the previous pass found, its deviation back at 350 (no game counts twice in a
deviation), against the opponents' ratings and deviations of the previous
pass, until no rating moves by more than a tenth of a point (a fixed point:
the order of the games does not matter, each game counts alike; on the site
each game is a period of its own, which weighs the latest games most). Each
pass moves a level only half way to the rating it found: all levels move at
once, and with a new player's deviation each one makes nearly the whole step
alone, so two levels rated against each other would each close the whole gap
from their own side, overshoot by as much and swing further every pass (with
two levels the passes diverged until the arithmetic overflowed). Half steps
end at the same fixed point. A level that won or lost every game has no finite
rating; its passes stop at a bound far from any measured rating. The scale
is then shifted so that the anchor level (``--anchor``, by default the
heuristic at 1500, the rating a new player starts with on the site) sits at
its value: only differences are measured.

``--results FILE`` appends each game as a JSON line as soon as it ends: a
long run that is stopped keeps what it played, and the same command run again
plays only the games missing from the file (use it with the same seed: the
file does not record it). ``--rate-only`` rates the games of such a file
without playing (with ``--games-per-pair N`` only each pair's first N).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, replace
from itertools import combinations
from typing import Any, TextIO

from ladders.glicko import DEFAULT_DEVIATION, DEFAULT_RATING, Glicko, rate

from .arena_match import DEFAULT_TURN_LIMIT, ArenaConfig, GameResult, play_game
from .arena_tools import wilson

DEFAULT_ANCHOR = ("heuristic", 1500.0)
#: Passes stop when no rating moved by more than this between two passes.
STABLE = 0.1
MAX_PASSES = 200
#: Each pass moves a level this share of the way to the rating it found (see above).
STEP = 0.5
#: The farthest a rating may go from the start (a perfect score has no finite rating):
#: far past any measured level, well inside the range of Glicko-2's arithmetic.
BOUND = 3000.0


@dataclass(frozen=True)
class PairGame:
    """One finished game of the round robin: ``a`` against ``b`` (arena sides)."""

    a: str
    b: str
    index: int
    winner: str | None  # "A", "B" or None for a draw
    turns: int
    ending: str
    cpu_a: list[float]
    cpu_b: list[float]

    def score(self, level: str) -> float:
        """1, 0.5 or 0 for ``level`` (one of the two)."""
        if self.winner is None:
            return 0.5
        won = self.a if self.winner == "A" else self.b
        return 1.0 if won == level else 0.0


@dataclass(frozen=True)
class LevelRating:
    level: str
    rating: float
    deviation: float
    games: int
    score: float


def pairs(levels: list[str]) -> list[tuple[str, str]]:
    """Every pair once, in the order of ``levels``."""
    return list(combinations(levels, 2))


def _play(config: ArenaConfig, index: int) -> PairGame:
    result: GameResult = play_game(config, index)
    return PairGame(config.a, config.b, index, result.winner, result.turns, result.ending,
                    result.cpu["A"], result.cpu["B"])


def play_round_robin(levels: list[str], games_per_pair: int, *, game: str, seed: int = 1,
                     jobs: int = 1, turn_limit: int = DEFAULT_TURN_LIMIT,
                     sink: TextIO | None = None, err: TextIO | None = None,
                     done_before: Iterable[PairGame] = ()) -> list[PairGame]:
    """All games of all pairs; each one is written to ``sink`` (a JSON line) as it ends.
    The games of ``done_before`` (the same pair and number: a stopped run of the same
    seed) are kept instead of played again."""
    configs = [ArenaConfig(a=a, b=b, games=games_per_pair, seed=seed, game=game, jobs=1,
                           turn_limit=turn_limit) for a, b in pairs(levels)]
    kept = {(g.a, g.b, g.index): g for g in done_before
            if (g.a, g.b) in set(pairs(levels)) and g.index < games_per_pair}
    tasks = [(config, index) for index in range(games_per_pair) for config in configs
             if (config.a, config.b, index) not in kept]
    played: list[PairGame] = []

    def done(item: PairGame) -> None:
        played.append(item)
        if sink is not None:
            sink.write(json.dumps(asdict(item)) + "\n")
            sink.flush()
        if err is not None:
            outcome = {"A": item.a, "B": item.b}.get(item.winner or "", "draw")
            err.write(f"{item.a} vs {item.b} game {item.index}: {outcome} "
                      f"in {item.turns} turns [{len(played)}/{len(tasks)}]\n")
            err.flush()

    if jobs <= 1:
        for config, index in tasks:
            done(_play(config, index))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play, config, index) for config, index in tasks]
            for future in as_completed(futures):
                done(future.result())
    return in_order([*kept.values(), *played], levels)


def in_order(games: Iterable[PairGame], levels: list[str]) -> list[PairGame]:
    """The fixed rating order: game number first, then the pairs as listed."""
    rank = {pair: position for position, pair in enumerate(pairs(levels))}
    return sorted(games, key=lambda g: (g.index, rank.get((g.a, g.b), len(rank))))


def rate_games(games: list[PairGame], levels: list[str],
               anchor: tuple[str, float] = DEFAULT_ANCHOR) -> list[LevelRating]:
    """Glicko-2 ratings of ``levels`` from ``games``: all of a level's games form one
    rating period, against its opponents as the previous pass rated them; passes
    repeat until stable; the scale is shifted so that the anchor level has the
    anchor's rating."""
    current = {level: Glicko() for level in levels}
    for _ in range(MAX_PASSES):
        updated = {}
        for level in levels:
            period = [(current[item.b if item.a == level else item.a], item.score(level))
                      for item in games if level in (item.a, item.b)]
            # Each pass starts from the rating found so far, as uncertain as a new
            # player's: no game counts twice in a deviation.
            start = replace(current[level], deviation=DEFAULT_DEVIATION,
                            volatility=Glicko().volatility)
            if not period:
                updated[level] = current[level]
                continue
            found = rate(start, period)
            step = current[level].rating + STEP * (found.rating - current[level].rating)
            bounded = min(max(step, DEFAULT_RATING - BOUND), DEFAULT_RATING + BOUND)
            updated[level] = replace(found, rating=bounded)
        moved = max(abs(updated[level].rating - current[level].rating) for level in levels)
        current = updated
        if moved <= STABLE:
            break
    anchor_level, anchor_value = anchor
    shift = anchor_value - current[anchor_level].rating if anchor_level in current else 0.0
    ratings = []
    for level in levels:
        own = [item for item in games if level in (item.a, item.b)]
        ratings.append(LevelRating(level, current[level].rating + shift,
                                   current[level].deviation, len(own),
                                   sum(item.score(level) for item in own)))
    return ratings


def format_table(games: list[PairGame], levels: list[str], ratings: list[LevelRating],
                 game: str, anchor: tuple[str, float]) -> str:
    """Each level's rating and deviation, the pairwise scores and CPU per move."""
    lines = [f"{game}: round robin of {', '.join(levels)}, {len(games)} games, "
             f"anchored at {anchor[0]} = {anchor[1]:.0f}", "",
             f"{'level':<12}{'rating':>8}{'RD':>6}{'games':>7}{'score':>8}"
             f"{'CPU/move mean':>15}{'max':>9}"]
    for entry in sorted(ratings, key=lambda r: -r.rating):
        times = [t for g in games for t in (g.cpu_a if g.a == entry.level else
                                           g.cpu_b if g.b == entry.level else [])]
        mean = sum(times) / len(times) if times else 0.0
        top = max(times, default=0.0)
        # All won or all lost: the rating has no finite value, the passes only stop.
        perfect = entry.games and entry.score in (0, entry.games)
        lines.append(f"{entry.level:<12}{entry.rating:>8.0f}{entry.deviation:>6.0f}"
                     f"{entry.games:>7}{entry.score:>8.1f}{mean:>14.4f}s{top:>8.3f}s"
                     + ("  (a perfect score: no finite rating)" if perfect else ""))
    lines += ["", "pairwise: the row level's score against the column level "
              "(wins + draws/2 of games; 95% Wilson interval of the wins)"]
    for a, b in pairs(levels):
        among = [g for g in games if {g.a, g.b} == {a, b}]
        if not among:
            continue
        score = sum(g.score(a) for g in among)
        wins = sum(1 for g in among if g.score(a) == 1.0)
        low, high = wilson(wins, len(among))
        lines.append(f"  {a:<11} vs {b:<11} {score:>5.1f}/{len(among):<4}"
                     f"{score / len(among):>6.0%}  ({low:.0%}-{high:.0%})")
    return "\n".join(lines)


def parse_anchor(text: str | None) -> tuple[str, float]:
    if not text:
        return DEFAULT_ANCHOR
    level, _, value = text.partition("=")
    return (level, float(value))


def load_results(path: str) -> list[PairGame]:
    with open(path, encoding="utf-8") as handle:
        return [PairGame(**json.loads(line)) for line in handle if line.strip()]


def run_round_robin_from_options(options: dict[str, Any], err: TextIO = sys.stderr) -> str:
    """The round robin the arena's options describe (``--round-robin``); the report."""
    levels = [level.strip() for level in options["round_robin"].split(",") if level.strip()]
    if len(levels) < 2 or len(set(levels)) != len(levels):
        raise ValueError("--round-robin needs two or more different levels")
    anchor = parse_anchor(options.get("anchor"))
    path = options.get("results")
    started = time.perf_counter()
    if options.get("rate_only"):
        if not path:
            raise ValueError("--rate-only needs --results FILE")
        # With --games-per-pair only the first N games of each pair (a stopped run
        # keeps whole rounds: the games are played game number first).
        limit = options.get("games_per_pair")
        games = in_order([g for g in load_results(path) if g.a in levels and g.b in levels
                          and (limit is None or g.index < limit)], levels)
    else:
        per_pair = options.get("games_per_pair") or options["games"]
        # A run stopped before resumes: the games already in the file are kept.
        before = load_results(path) if path and os.path.exists(path) else []
        sink = open(path, "a", encoding="utf-8") if path else None  # noqa: SIM115
        try:
            games = play_round_robin(levels, per_pair, game=options["game"],
                                     seed=options["seed"], jobs=max(1, options["jobs"]),
                                     turn_limit=options["turn_limit"], sink=sink,
                                     err=err if options.get("progress") else None,
                                     done_before=before)
        finally:
            if sink is not None:
                sink.close()
    ratings = rate_games(games, levels, anchor)
    report = format_table(games, levels, ratings, options["game"], anchor)
    return report + f"\nwall time: {time.perf_counter() - started:.1f} s"
