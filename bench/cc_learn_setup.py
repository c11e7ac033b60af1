"""An opponent's setup habits, learned as a player learns them: from games against it.

    python bench/cc_learn_setup.py --level heuristic --games 100 --seed 5 \
        --out bench/results/cc_habits_heuristic.json

Plays ``--games`` games of ``--level`` against ``--observer`` (default: the
heuristic, which is quick; seats alternate) and reads each game's end from the
observer's seat: the opponent's bonus card (shown at the end) and the setup
orders its log allows (``setup_habits.observe``). ``setup_habits.fit`` turns them
into counts of the values put at each group by bonus card. Nothing but the
observer's own view and log is read. It prints how many games pinned the setup and
the learned shares, and writes the counts (and the observations) as JSON
(``bench/results/cc_habits_NAME.json`` for ``bench/ai_variants.py``'s
``strong-learned-NAME`` variants).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.arena_match import play_out  # noqa: E402
from games.ai.base import Budget  # noqa: E402
from games.ai.caesar_cleopatra import setup_habits  # noqa: E402
from games.ai.registry import get_arena_bot  # noqa: E402
from games.rules import get_rules  # noqa: E402

GAME = "caesar-cleopatra"
TURN_LIMIT = 500


def play(level: str, observer: str, seed: int, index: int, cpu: float | None):
    """One game; what the observer's seat learned of the level's setup."""
    rules = get_rules(GAME)
    state = rules.new_game(seed * 1_000_003 + index)
    seats = rules.seats(state)
    watcher = seats[index % 2]
    bots = {seat: get_arena_bot(GAME, observer if seat == watcher else level) for seat in seats}
    rng = random.Random(seed * 7919 + index)
    budget = Budget(cpu_seconds=cpu) if cpu else None

    def choose(seat, view, legal, history):
        return bots[seat].choose(view, legal, rng, None if seat == watcher else budget,
                                 history=history)

    played = play_out(rules, state, choose, TURN_LIMIT)
    return setup_habits.observe(rules.view(played.state, watcher), played.histories[watcher])


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="heuristic", help="the player whose habits are learned")
    parser.add_argument("--observer", default="heuristic")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=0.0,
                        help="the level's CPU seconds a move (0: its own budget)")
    parser.add_argument("--out", default=None, help="JSON file for the learned counts")
    args = parser.parse_args(argv)
    observations = []
    for index in range(args.games):
        seen = play(args.level, args.observer, args.seed, index, args.cpu or None)
        if seen is not None:
            observations.append(seen)
    counts = setup_habits.fit(observations)
    pinned = sum(len(orders) == 1 for _bonus, orders, _seat in observations)
    print(f"# {args.level} seen by {args.observer}: {args.games} games, {len(observations)} "
          f"ended with a setup to read, {pinned} of them pinned to one order")
    for bonus, rows in enumerate(counts):
        shares = [" ".join(f"{n / max(sum(row), 1e-9):.2f}" for n in row) for row in rows]
        print(f"bonus {bonus}: " + " | ".join(shares))
    if args.out:
        Path(args.out).write_text(json.dumps({
            "level": args.level, "observer": args.observer, "games": args.games,
            "seed": args.seed, "observed": len(observations), "pinned": pinned,
            "counts": counts, "observations": observations}) + "\n")


if __name__ == "__main__":
    main()
