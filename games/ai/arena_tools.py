"""What every arena format shares: the seeding of a game's streams, the running of
the games on worker processes, and the Wilson interval of a win rate. The two-player
match (``arena_match``), the N-seat games (``arena_multi``) and the benches use it."""

from __future__ import annotations

import json
import math
import os
import random
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any


def seed_for(seed: int, index: int, part: str) -> int:
    # Seeding a Random with a string hashes it (sha512): independent streams.
    return random.Random(f"arena:{seed}:{index}:{part}").getrandbits(48)


def play_all(play: Callable[[Any, int], Any], config: Any,
             progress: Callable[[Any, int], None] | None = None,
             indices: Iterable[int] | None = None) -> list[Any]:
    """``play(config, index)`` for every game (on ``config.jobs`` processes),
    or for ``indices`` only (a run resumed); the results, which carry their
    ``index``, in game order."""
    wanted = list(range(config.games) if indices is None else indices)
    results: list[Any] = []
    if config.jobs <= 1:
        for index in wanted:
            results.append(play(config, index))
            if progress:
                progress(results[-1], len(results))
    else:
        with ProcessPoolExecutor(max_workers=config.jobs) as pool:
            futures = [pool.submit(play, config, index) for index in wanted]
            for future in futures:
                results.append(future.result())
                if progress:
                    progress(results[-1], len(results))
    return sorted(results, key=lambda result: result.index)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % for z=1.96)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_kept(play: Callable[[Any, int], Any], config: Any, path: str | os.PathLike[str],
              settings: dict[str, Any], row_of: Callable[[Any], dict[str, Any]],
              result_of: Callable[[dict[str, Any]], Any],
              progress: Callable[[Any, int], None] | None = None) -> list[Any]:
    """``play_all``, with each game kept in the results file ``path`` as it ends
    (``row_of`` a result: a JSON-able row with its ``index``); the games the file
    already holds for these ``settings`` are read back (``result_of``) instead of
    played, so a run of hundreds of games goes on where it stopped."""
    done = {index: result_of(row) for index, row in read_results(path, settings,
                                                                 config.games).items()}
    missing = [index for index in range(config.games) if index not in done]

    def keep(result: Any, count: int) -> None:
        append_result(path, settings, row_of(result))
        if progress:
            progress(result, len(done) + count)

    played = play_all(play, config, keep, missing)
    return sorted([*done.values(), *played], key=lambda result: result.index)


def read_results(path: str | os.PathLike[str], settings: dict[str, Any],
                 games: int) -> dict[int, dict[str, Any]]:
    """The rows of the JSON-lines results file ``path`` written with ``settings``
    (the same match or audit), by game index, for the indices below ``games``;
    a file not there holds none."""
    found: dict[int, dict[str, Any]] = {}
    if not os.path.exists(path):
        return found
    with open(path) as stream:
        for line in stream:
            if not line.strip():
                continue
            row = json.loads(line)
            if row.pop("settings", None) == settings and row["index"] < games:
                found[row["index"]] = row
    return found


def append_result(path: str | os.PathLike[str], settings: dict[str, Any],
                  row: dict[str, Any]) -> None:
    """One finished game's ``row`` (with its ``index``) appended to the results file."""
    with open(path, "a") as stream:
        stream.write(json.dumps({"settings": settings, **row}) + "\n")
