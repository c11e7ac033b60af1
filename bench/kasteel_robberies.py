"""Strijd om het Kasteel: where a seat's King is lost, in 4-seat games at a table's limit.

    python bench/kasteel_robberies.py --games 200 --seed 1 --jobs 2

One seat plays the strong level's choice without its search (the heuristic
with the strong level's evaluation and home order: as strong in whole games,
and some forty times cheaper), the others the site's ``heuristic``; the seats
rotate as in the arena. For the test seat's King it counts how often it ends
the game in its castle, how often a foe's Bandit robbed it on the way (a
Bandit walking on the ring, one entering from its home row, or one walked by
a third seat's Jack), and how often it walked out of its castle again (and
whether the hand left a move that did not walk it). It prints the win share in the games
where the King ended in the castle and in the others.
Figures: docs/ai.md, "Strijd om het Kasteel".
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kasteel_endgame import Quiet, new_table  # noqa: E402  (this folder)

from games.ai.arena_multi import _credit  # noqa: E402
from games.ai.arena_tools import play_all  # noqa: E402
from games.ai.kasteel.heuristic import HeuristicBot  # noqa: E402
from games.rules.kasteel.constants import BANDIT, CASTLE, HOME, KING, PIECES  # noqa: E402


@dataclasses.dataclass
class Config:
    games: int
    seed: int
    limit: int
    jobs: int
    players: int = 4


@dataclasses.dataclass
class Result:
    index: int
    credit: float  # the test seat's win share
    king_in: bool  # its King on a castle place at the end
    robbed: Counter  # "ring", "home", "jack": how a foe's Bandit robbed its King
    exits: Counter  # "forced", "chosen": its King walked out of its castle
    values: list[int]  # castle values at the end, the test seat first


def _robbery(before: list[int], after: list[int], king: int, mover: int) -> str | None:
    """How the King was robbed in this move, if it was: by a Bandit that
    walked from the ring or from its home row, or by one a Jack walked."""
    if not (0 <= before[king] < CASTLE and after[king] == HOME):
        return None
    bandits = [p for p in range(BANDIT, len(after), PIECES) if before[p] != after[p]
               and after[p] != HOME]
    if not bandits:
        return "other"
    if bandits[0] // PIECES != mover:
        return "jack"
    return "home" if before[bandits[0]] == HOME else "ring"


def play(config: Config, index: int) -> Result:
    rules, state, seats, rngs = new_table(config, index)
    king = int(seats[0]) * PIECES + KING
    bots = [Quiet()] + [HeuristicBot() for _ in range(config.players - 1)]
    robbed, exits = Counter(), Counter()
    while not rules.is_over(state):
        seat = rules.to_move(state)
        j = seats.index(seat)
        legal = rules.legal_moves(state)
        move = bots[j].choose(rules.view(state, seat), legal, rngs[j])
        before = list(state.loc)
        state = rules.apply(state, move, seat=seat).state
        how = _robbery(before, state.loc, king, int(seat))
        if how:
            robbed[how] += 1
        if before[king] >= CASTLE and state.loc[king] < CASTLE:
            # forced: every move the hand allowed walked the King (or rolled again)
            only_king = all(m["type"] == "dice" or m.get("piece") == f"{seats[0]}:K"
                            for m in legal)
            exits["forced" if only_king else "chosen"] += 1
    credit = _credit(rules, state, rules.outcome(state), tuple(seats))
    values = [state.castle_value(int(s)) for s in seats]
    return Result(index, credit[seats[0]], state.loc[king] >= CASTLE, robbed, exits, values)


def _share(results: list[Result]) -> str:
    if not results:
        return "-"
    return f"{100 * statistics.fmean(r.credit for r in results):.1f}%"


def report(config: Config, results: list[Result], wall: float) -> str:
    n = len(results)
    inside = [r for r in results if r.king_in]
    outside = [r for r in results if not r.king_in]
    robbed, exits = Counter(), Counter()
    for r in results:
        robbed.update(r.robbed)
        exits.update(r.exits)

    def times(group: list[Result]) -> str:
        counts = Counter(min(3, sum(r.robbed.values())) for r in group)
        return ", ".join(f"{k if k < 3 else '3+'}: {counts[k]}" for k in sorted(counts))

    values = Counter(r.values[0] for r in results)
    against = Counter(
        "alone" if r.values[0] > max(r.values[1:]) else
        "shared" if r.values[0] == max(r.values[1:]) else "behind" for r in inside)
    lines = [
        f"kasteel, {config.players} players, limit {config.limit}, {n} games, seed "
        f"{config.seed}: the strong level's choice without search against the heuristic",
        f"win share: {_share(results)}",
        f"its King in its castle at the end: {len(inside)} games ({100 * len(inside) / n:.0f}%), "
        f"win share there {_share(inside)}; in the others {_share(outside)}",
        f"its King robbed, times a game: {sum(robbed.values()) / n:.2f} (by a Bandit on the "
        f"ring {robbed['ring'] / n:.2f}, entering from its home row {robbed['home'] / n:.2f}, "
        f"walked by a Jack {robbed['jack'] / n:.2f})",
        f"games by the times its King was robbed: King in: {times(inside)}; "
        f"King out: {times(outside)}",
        f"with its King in: the highest castle value alone in {against['alone']} games, "
        f"level with a foe's in {against['shared']}, behind one in {against['behind']}",
        f"its King walked out of its castle: {exits['forced']} times when every move "
        f"walked it, {exits['chosen']} chosen",
        "its castle value at the end: "
        + ", ".join(f"{v}: {values[v]}" for v in sorted(values)),
        f"wall time: {wall:.0f} s on {config.jobs} process(es)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=1)
    options = parser.parse_args()
    config = Config(options.games, options.seed, options.limit, options.jobs)
    started = time.perf_counter()
    results = play_all(play, config)
    print(report(config, results, time.perf_counter() - started))


if __name__ == "__main__":
    main()
