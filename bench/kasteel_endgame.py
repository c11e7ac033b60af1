"""Strijd om het Kasteel: the strong level's search measured in duplicate.

    python bench/kasteel_endgame.py --games 60 --replays 2 --seed 1
    python bench/kasteel_endgame.py --cycle 9 --deal 0 --games 40 --replays 2 --seed 1

A 4-seat arena game at a table's limit (9 cycles) is decided in its last
cycles, and two levels that play the same evaluation agree on every move
before that: comparing them over whole games (``kasteel_variants.py``) adds
the noise of 330 turns they played alike. Here each game is played by four
heuristic seats (the test seat, position ``index mod N``, with the strong
level's weights and home order: the strong level's own choice when it does
not search) up to the branch point: the deal ``--deal`` (0 to 2) of the cycle
``--cycle`` (by default the last deal of the limit, where the strong level
plays out to the end). From there the rest
is played ``--replays`` times, each with fresh dice (a new seed of the
state) and fresh bot rngs, and each replay twice: the test seat searching
(the strong level, ``--worlds`` worlds a decision and 4 times that in the
last deal, no CPU cap: the same decisions on a loaded machine) and the test
seat playing the heuristic's choice. The same position and the same seed
for both: their difference is the search's, and it is paired.

The report: each side's win share (a shared win split), their paired
difference with its standard error (replays of one game are not
independent, so the error is taken over games), and the search's CPU a
decision. Figures: docs/ai.md, "Strijd om het Kasteel".
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.arena_multi import _credit  # noqa: E402
from games.ai.arena_tools import play_all, seed_for  # noqa: E402
from games.ai.base import Budget  # noqa: E402
from games.ai.kasteel.evaluate import NEW  # noqa: E402
from games.ai.kasteel.heuristic import HeuristicBot  # noqa: E402
from games.ai.kasteel.search import LAST_DEAL, StrongBot  # noqa: E402
from games.rules import get_rules  # noqa: E402


class Quiet(StrongBot):
    """The strong level's choice without any play-out: the heuristic's first."""

    next_turn_search = False
    endgame_search = False


@dataclasses.dataclass
class Config:
    games: int
    replays: int
    seed: int
    players: int
    limit: int
    cycle: int | None  # the branch point; None: the limit
    deal: int
    worlds: int
    significance: float
    jobs: int
    static_leaf: bool = False
    foe_new: bool = False
    no_counting: bool = False
    horizon: int = 1


@dataclasses.dataclass
class Result:
    index: int
    search: list[float]  # the test seat's win share in each replay, searching
    quiet: list[float]  # the same replays, the heuristic's choice
    decisions: int  # the search's decisions (not forced)
    cpu: float  # their CPU seconds
    changed: int  # those where it played another move than the heuristic's first


def _at_branch(state, config: Config) -> bool:
    cycle = config.limit if config.cycle is None else config.cycle
    return (state.cycle, state.deal) >= (cycle, config.deal)


def _levels(config: Config) -> tuple[StrongBot, Quiet]:
    """The test seat searching and not searching, as the options set them."""
    strong, quiet = StrongBot(), Quiet()
    strong.significance = config.significance
    strong.leaf_move = not config.static_leaf
    strong.horizon = config.horizon
    if config.foe_new:
        strong.foe_weights = NEW
    if config.no_counting:
        for level in (strong, quiet):
            level.weights = dataclasses.replace(level.weights, counting=False)
    return strong, quiet


def _play(rules, state, bots, rngs, seats, stop=None, budget: Budget | None = None,
          timing: list[float] | None = None, differs: list[bool] | None = None,
          quiet: Quiet | None = None):
    """Play until the game ends (or ``stop(state)``), the test seat (``bots[0]``)
    with ``budget``; ``timing`` collects its CPU on its decisions that were not
    forced, and ``differs`` whether each differs from ``quiet``'s choice."""
    while not rules.is_over(state) and not (stop and stop(state)):
        seat = rules.to_move(state)
        j = seats.index(seat)
        legal, view = rules.legal_moves(state), rules.view(state, seat)
        started = time.process_time()
        move = bots[j].choose(view, legal, rngs[j], budget if j == 0 else None)
        if timing is not None and j == 0 and len(legal) > 1:
            timing.append(time.process_time() - started)
            if differs is not None:
                differs.append(quiet.choose(view, legal, random.Random(0)) != move)
        state = rules.apply(state, move, seat=seat).state
    return state


def new_table(config, index: int):
    """Game ``index`` of a run (``config``: its ``seed``, ``players`` and
    ``limit``): the rules, the new game, the seats (``seats[j]`` is played
    by the ``j``-th bot, the test seat first, rotating with the index as in
    the arena) and each bot's rng."""
    rules = get_rules("kasteel")
    options = {"players": config.players, "teams": False, "limit": config.limit}
    state = rules.new_game(seed_for(config.seed, index, "deal"), options)
    order = rules.seats(state)
    seats = [order[(index + j) % config.players] for j in range(config.players)]
    rngs = [random.Random(seed_for(config.seed, index, f"p{j}")) for j in range(config.players)]
    return rules, state, seats, rngs


def play(config: Config, index: int) -> Result:
    rules, state, seats, rngs = new_table(config, index)
    strong, quiet = _levels(config)
    others = [HeuristicBot() for _ in range(config.players - 1)]
    state = _play(rules, state, [quiet, *others], rngs, seats,
                  stop=lambda now: _at_branch(now, config))
    searched, plain, timing, differs = [], [], [], []
    budget = Budget(iterations=config.worlds)
    for replay in range(config.replays):
        fresh = random.Random(seed_for(config.seed, index, f"replay{replay}"))
        dice, streams = fresh.getrandbits(62), [fresh.getrandbits(48) for _ in seats]
        for side, first in (("search", strong), ("quiet", quiet)):
            start = state.copy()
            start.seed, start.turn_rolls = dice, 0
            replay_rngs = [random.Random(s) for s in streams]
            end = _play(rules, start, [first, *others], replay_rngs, seats, budget=budget,
                        timing=timing if side == "search" else None,
                        differs=differs if side == "search" else None, quiet=quiet)
            credit = _credit(rules, end, rules.outcome(end), tuple(seats))
            (searched if side == "search" else plain).append(credit[seats[0]])
    return Result(index, searched, plain, len(timing), sum(timing), sum(differs))


def report(config: Config, results: list[Result], wall: float) -> str:
    search = [statistics.fmean(r.search) for r in results]
    quiet = [statistics.fmean(r.quiet) for r in results]
    diffs = [a - b for a, b in zip(search, quiet)]
    error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    changed = sum(1 for r in results if r.search != r.quiet)
    decisions = sum(r.decisions for r in results)
    cpu = sum(r.cpu for r in results)
    other = sum(r.changed for r in results)
    lines = [
        f"kasteel, {config.players} players, limit {config.limit}, branch at cycle "
        f"{config.limit if config.cycle is None else config.cycle}, deal {config.deal}, "
        f"{len(results)} games x {config.replays} replays, seed {config.seed}, "
        f"{config.worlds} worlds a decision (x4 in the last deal), "
        f"significance {config.significance}"
        + (", the leaf scored statically" if config.static_leaf else "")
        + (", the other seats played out as the site's heuristic" if config.foe_new else "")
        + (", no card counting" if config.no_counting else "")
        + (f", play-outs to the seat's turn {config.horizon}" if config.horizon > 1 else ""),
        f"searching:  win share {100 * statistics.fmean(search):.1f}%",
        f"heuristic:  win share {100 * statistics.fmean(quiet):.1f}%",
        f"difference: {100 * statistics.fmean(diffs):+.2f} points "
        f"(standard error {100 * error:.2f}, over games); "
        f"games where any replay's result differed: {changed}",
        f"search CPU a decision: {cpu / max(1, decisions) * 1000:.0f} ms "
        f"over {decisions} decisions; another move than the heuristic's in {other}",
        f"wall time: {wall:.0f} s on {config.jobs} process(es)",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--replays", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--limit", type=int, default=9)
    parser.add_argument("--cycle", type=int, default=None,
                        help="the branch point's cycle (default: the limit)")
    parser.add_argument("--deal", type=int, choices=range(LAST_DEAL + 1), default=LAST_DEAL,
                        help="the branch point's deal in that cycle (default: the last)")
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--significance", type=float, default=StrongBot.significance)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--static-leaf", action="store_true",
                        help="the play-out's leaf scored by the evaluation, not by the "
                             "seat's best move there (as before 2026-12-03)")
    parser.add_argument("--foe-new", action="store_true",
                        help="the other seats played out with the site's heuristic weights")
    parser.add_argument("--no-counting", action="store_true",
                        help="both sides without counting the cards (counting.hunter_chances)")
    parser.add_argument("--horizon", type=int, default=StrongBot.horizon,
                        help="the seat's own turns a play-out reaches before its leaf")
    options = parser.parse_args()
    config = Config(**{f.name: getattr(options, f.name) for f in dataclasses.fields(Config)})
    started = time.perf_counter()
    results = play_all(play, config)
    print(report(config, results, time.perf_counter() - started))


if __name__ == "__main__":
    main()
