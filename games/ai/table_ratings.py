"""Ratings of the levels of a game of N seats (Strijd om het Kasteel) from arena tables.

    python manage.py arena --game kasteel --table-levels random,heuristic,strong \\
        --players 4 --limit 9 --games 72 --seed 1 --jobs 1 \\
        --results bench/results/kasteel_tables.jsonl [--anchor heuristic=1500] [--rate-only]

**The tables.** Game *i* seats the composition ``(i // N) mod C`` of the list
``compositions`` makes from the levels (every way to fill the N seats with them
in which no level takes more than half the seats and at least two levels
play), and within those N games the positions rotate over the seats as in
``games.ai.arena_multi`` (position *j* plays seat *(i + j) mod N*): every
composition plays every seating, and every game is seeded from ``--seed`` and
its number. Each game is one JSON line of ``--results`` as soon as it ends; the
same command run again plays only the games missing from the file.

**The rating** (``rate_tables``, a pure function): each table is broken into
its pairs of seats of different levels, scored by the arena's credit (a
shared win split among the winners, ``arena_multi``): the seat with more
credit beat the other; two seats with the same credit above zero (they
shared the win) drew; two seats that both lost tell nothing and are left
out, and so does a table whose seats all had the same share (a tie of all,
or no winner). The pairwise results are fitted with Bradley-Terry (maximum likelihood,
Hunter's MM iterations, a draw half a win each way) on the Elo scale
(400 · log10 of the strength), then shifted so that the anchor level (the
Wanderer, ``heuristic``, at 1500, as in the two-player games) sits at its
value. The pairs of one table are not independent games, so the deviation
is not the fit's own: it is the spread (standard deviation) of the ratings
over ``BOOTSTRAP`` resamplings of the tables (whole tables, with
replacement, from a fixed seed). A level that won or lost every one of its
pairs has no finite rating and is left out.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any, TextIO

from .arena_multi import MultiConfig, play_multi_game
from .round_robin import parse_anchor

DEFAULT_ANCHOR = ("heuristic", 1500.0)
BOOTSTRAP = 200
#: The MM iterations stop when no strength moves by more than this share.
STABLE = 1e-9
MAX_ITERATIONS = 10_000


@dataclass(frozen=True)
class TableGame:
    """One finished arena table: ``levels[j]`` played position ``j``."""

    index: int
    levels: list[str]
    seating: list[int]  # seating[j]: the seat position j played
    credit: list[float]  # per position: its share of the win
    scores: list[float | None]
    ending: str
    turns: int
    limit: int | None = None


def compositions(levels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The ways to seat ``levels`` at a table of ``players``: at least two levels play,
    none takes more than half the seats (each level against the others, not mostly
    against itself); in a fixed order."""
    found = []
    for combo in combinations_with_replacement(levels, players):
        counts = [combo.count(level) for level in levels]
        if max(counts) * 2 <= players and sum(1 for c in counts if c) >= 2:
            found.append(combo)
    return found


def pairwise(tables: Iterable[TableGame]) -> list[tuple[str, str, float]]:
    """Each table's pairs of seats of different levels as ``(a, b, a's score)``: 1 if a
    had more of the win, 0.5 if they shared it, left out if both lost or if every
    seat of the table had the same share."""
    results = []
    for table in tables:
        if len(set(table.credit)) == 1:  # all shared alike (or no winner): no order at all
            continue
        for i, j in combinations(range(len(table.levels)), 2):
            a, b = table.levels[i], table.levels[j]
            if a == b:
                continue
            ca, cb = table.credit[i], table.credit[j]
            if ca == cb == 0:
                continue
            results.append((a, b, 1.0 if ca > cb else 0.0 if ca < cb else 0.5))
    return results


def bradley_terry(results: Sequence[tuple[str, str, float]]) -> dict[str, float]:
    """Elo-scale ratings (mean 0) of the levels with a finite Bradley-Terry strength:
    each has at least one win and one loss (a draw counts as half of each)."""
    levels = sorted({a for a, _, _ in results} | {b for _, b, _ in results})
    if not levels:
        return {}
    wins = {level: 0.0 for level in levels}
    played: dict[tuple[str, str], float] = {}
    for a, b, score in results:
        wins[a] += score
        wins[b] += 1 - score
        key = (a, b) if a < b else (b, a)
        played[key] = played.get(key, 0.0) + 1
    finite = [level for level in levels
              if 0 < wins[level] < sum(n for pair, n in played.items() if level in pair)]
    if len(finite) < len(levels):  # fit again without the perfect scores
        kept = set(finite)
        return bradley_terry([r for r in results if r[0] in kept and r[1] in kept]) if \
            len(kept) >= 2 else {}
    strength = {level: 1.0 for level in levels}
    for _ in range(MAX_ITERATIONS):
        updated = {}
        for level in levels:
            denominator = sum(n / (strength[level] + strength[b if a == level else a])
                              for (a, b), n in played.items() if level in (a, b))
            updated[level] = wins[level] / denominator
        scale = math.exp(statistics.fmean(math.log(s) for s in updated.values()))
        updated = {level: s / scale for level, s in updated.items()}
        moved = max(abs(updated[level] / strength[level] - 1) for level in levels)
        strength = updated
        if moved <= STABLE:
            break
    return {level: 400 * math.log10(s) for level, s in strength.items()}


def rate_tables(tables: Sequence[TableGame], anchor: tuple[str, float] = DEFAULT_ANCHOR,
                bootstrap: int = BOOTSTRAP, seed: int = 1) -> dict[str, tuple[float, float]]:
    """``{level: (rating, deviation)}`` from ``tables`` (see the module's docstring); the
    deviation is 0 without ``bootstrap`` resamplings. Empty if the anchor level has no
    finite rating."""
    anchor_level, anchor_value = anchor

    def anchored(sample: Sequence[TableGame]) -> dict[str, float]:
        fit = bradley_terry(pairwise(sample))
        if anchor_level not in fit:
            return {}
        return {level: r - fit[anchor_level] + anchor_value for level, r in fit.items()}

    point = anchored(tables)
    rng = random.Random(seed)
    spread: dict[str, list[float]] = {level: [] for level in point}
    for _ in range(bootstrap):
        sample = anchored([rng.choice(tables) for _ in tables])
        for level, rating in sample.items():
            if level in spread:
                spread[level].append(rating)
    return {level: (rating, statistics.pstdev(spread[level]) if len(spread[level]) > 1
                    else 0.0) for level, rating in point.items()}


def play_table(levels: tuple[str, ...], index: int, seed: int, limit: int | None,
               game: str = "kasteel") -> TableGame:
    """Game ``index`` of ``levels`` (a composition), positions rotating over the seats."""
    config = MultiConfig(seats=levels, games=index + 1, seed=seed, game=game, limit=limit)
    result = play_multi_game(config, index)
    return TableGame(index, list(levels), list(result.seating), result.credit, result.scores,
                     result.ending, result.turns, (config.options() or {}).get("limit"))


def load_tables(path: str) -> list[TableGame]:
    with open(path, encoding="utf-8") as handle:
        return [TableGame(**json.loads(line)) for line in handle if line.strip()]


def format_ratings(tables: Sequence[TableGame], ratings: dict[str, tuple[float, float]],
                   levels: Sequence[str], anchor: tuple[str, float]) -> str:
    lines = [f"{len(tables)} tables of {', '.join(levels)}; Bradley-Terry over the pairs of "
             f"each table, anchored at {anchor[0]} = {anchor[1]:.0f}; deviation: "
             f"{BOOTSTRAP} resamplings of the tables", "",
             f"{'level':<12}{'rating':>8}{'dev':>6}{'seats':>7}{'wins':>8}"]
    for level in levels:
        seats = sum(t.levels.count(level) for t in tables)
        wins = sum(c for t in tables for name, c in zip(t.levels, t.credit) if name == level)
        rating, deviation = ratings.get(level, (math.nan, math.nan))
        lines.append(f"{level:<12}{rating:>8.0f}{deviation:>6.0f}{seats:>7}{wins:>8.1f}"
                     + ("" if level in ratings else "  (no finite rating)"))
    lines += ["", "pairwise: the row level's score against the column level"]
    results = pairwise(tables)
    for a, b in combinations(levels, 2):
        score = sum(s if x == a else 1 - s for x, y, s in results if {x, y} == {a, b})
        count = sum(1 for x, y, _ in results if {x, y} == {a, b})
        if count:
            lines.append(f"  {a:<11} vs {b:<11} {score:>6.1f}/{count:<5}{score / count:>6.0%}")
    endings: dict[str, int] = {}
    for table in tables:
        endings[table.ending] = endings.get(table.ending, 0) + 1
    lines.append("endings: " + ", ".join(f"{e} {c}" for e, c in endings.items()))
    return "\n".join(lines)


def run_tables_from_options(options: dict[str, Any], err: TextIO = sys.stderr) -> str:
    """The rating run the arena's options describe (``--table-levels``); the report."""
    levels = [level.strip() for level in options["table_levels"].split(",") if level.strip()]
    if len(levels) < 2 or len(set(levels)) != len(levels):
        raise ValueError("--table-levels needs two or more different levels")
    players = options.get("players") or 4
    anchor = parse_anchor(options.get("anchor"))
    path = options.get("results")
    started = time.perf_counter()
    before = load_tables(path) if path and os.path.exists(path) else []
    if options.get("rate_only"):
        if not path:
            raise ValueError("--rate-only needs --results FILE")
        tables = before
    else:
        plan = compositions(levels, players)
        done = {t.index for t in before}
        tables = list(before)
        with open(path, "a", encoding="utf-8") if path else open(os.devnull, "w") as sink:
            for index in range(options["games"]):
                if index in done:
                    continue
                composition = plan[(index // players) % len(plan)]
                table = play_table(composition, index, options["seed"], options.get("limit"),
                                   options["game"])
                tables.append(table)
                sink.write(json.dumps(asdict(table)) + "\n")
                sink.flush()
                if options.get("progress"):
                    err.write(f"game {index}: {list(composition)} credit {table.credit} "
                              f"[{len(tables)}/{options['games']}]\n")
                    err.flush()
    ratings = rate_tables(tables, anchor)
    report = format_ratings(tables, ratings, levels, anchor)
    return report + f"\nwall time: {time.perf_counter() - started:.1f} s"
