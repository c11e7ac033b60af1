"""Search speed of the strong levels: iterations per CPU second.

    python bench/ai_speed.py --positions 30 --seed 1 [--iterations 1500]
    python bench/ai_speed.py --game caesar-cleopatra --positions 30 --seed 1 [--iterations 300]

Collects play positions (and each seat's public log up to them) from seeded
games of the heuristic against itself, then runs the strong level's search
(``search.search``) for a fixed number of iterations on each and reports
iterations per CPU second (``time.process_time``, one core): the unit the
level's CPU budget buys. Also the baseline arena level's random playouts per
CPU second. A fixed iteration count, not a CPU cap, so the same command
measures older versions of the code too (``PYTHONPATH`` at an old checkout:
the log is then left out, as those versions could not read it).
"""

from __future__ import annotations

import argparse
import inspect
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import get_bot  # noqa: E402
from games.ai.base import Deadline  # noqa: E402
from games.ai.druidenwalzer.determinize import Observation  # noqa: E402
from games.ai.druidenwalzer.search import search  # noqa: E402
from games.rules import get_rules  # noqa: E402

RULES = get_rules("druidenwalzer")
READS_LOG = "history" in inspect.signature(Observation).parameters


def positions(count: int, seed: int) -> list[tuple]:
    """(state, the mover's log) at every third play turn of heuristic games."""
    bot = get_bot("druidenwalzer", "heuristic")
    rng = random.Random(seed)
    found: list[tuple] = []
    game = 0
    while len(found) < count:
        state = RULES.new_game(seed * 1000 + game)
        logs: dict[str, list] = {"moon": [], "sun": []}
        game += 1
        while not RULES.is_over(state) and len(found) < count:
            seat = RULES.to_move(state)
            if state.phase == 1 and state.turn % 3 == 0 and len(RULES.legal_moves(state)) > 1:
                found.append((state, list(logs[seat])))
            move = bot.choose(RULES.view(state, seat), RULES.legal_moves(state), rng)
            applied = RULES.apply(state, move)
            state = applied.state
            for viewer in logs:
                logs[viewer].extend(RULES.redact_events(applied.events, viewer))
    return found


def observation_of(state, log: list) -> Observation:
    view = RULES.view(state, RULES.to_move(state))
    return Observation(view, log) if READS_LOG else Observation(view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="druidenwalzer",
                        choices=("druidenwalzer", "caesar-cleopatra"))
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=None)
    options = parser.parse_args()
    if options.game == "caesar-cleopatra":
        from bench.ai_speed_cc import main as caesar_cleopatra

        caesar_cleopatra(options.positions, options.seed, options.iterations or 300)
        return
    options.iterations = options.iterations or 1500
    found = positions(options.positions, options.seed)
    print(f"{len(found)} play positions from heuristic games, seed {options.seed}; "
          f"the log {'read' if READS_LOG else 'not read (older code)'}")
    rates = []
    for state, log in found:
        observation = observation_of(state, log)
        started = time.process_time()
        children = search(observation, random.Random(options.seed), options.iterations,
                          Deadline(None))
        elapsed = time.process_time() - started
        rates.append(sum(child.visits for child in children.values()) / elapsed)
    print(f"strong search: {statistics.mean(rates):,.0f} iterations per CPU second "
          f"(median {statistics.median(rates):,.0f}, min {min(rates):,.0f}, "
          f"max {max(rates):,.0f}), {options.iterations:,} iterations a position")
    try:
        from games.ai.baseline import random_playout
        from games.ai.druidenwalzer.playout import GAME
    except ImportError:
        return
    playout_rates = []
    for state, log in found:
        observation = observation_of(state, log)
        rng = random.Random(options.seed)
        started = time.process_time()
        for _ in range(200):
            random_playout(GAME, observation.sample(rng), rng)
        playout_rates.append(200 / (time.process_time() - started))
    print(f"baseline: {statistics.mean(playout_rates):,.0f} random playouts (with their "
          f"deals) per CPU second (min {min(playout_rates):,.0f})")


if __name__ == "__main__":
    main()
