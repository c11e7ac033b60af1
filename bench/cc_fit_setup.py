"""Where a Caesar & Cleopatra player puts its five face-down setup cards, counted.

    python bench/cc_fit_setup.py --level heuristic --games 1000 --seed 1
    python bench/cc_fit_setup.py --level heuristic --games 600 --seed 1 --seat cleopatra

Plays the setup of ``--games`` new games with ``--level`` on both seats and
counts, for each bonus card the player drew, which value (1..5) it put at each
group. The table printed is ``setup_prior.COUNTS`` (the strong level's deals
weigh the opponent's setup orders and bonus card by it). ``--seat`` counts one
seat's setups only (Cleopatra places first, then Caesar).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.registry import get_arena_bot  # noqa: E402
from games.rules import get_rules  # noqa: E402
from games.rules.caesar_cleopatra.constants import BONUS_NAMES, CARD_VALUE, N_GROUPS  # noqa: E402

BONUS_GROUPS = len(BONUS_NAMES)  # bonus cards exist for senators, praetors and quaestors


def count_setups(level: str, games: int, seed: int,
                 sides: tuple[int, ...] = (0, 1)) -> list[list[list[int]]]:
    """``counts[bonus][group][value - 1]`` over the ``sides`` (0 Cleopatra, 1 Caesar) of
    ``games`` setups."""
    rules = get_rules("caesar-cleopatra")
    bot = get_arena_bot("caesar-cleopatra", level)
    counts = [[[0] * 5 for _ in range(N_GROUPS)] for _ in range(BONUS_GROUPS)]
    for game in range(games):
        state = rules.new_game(seed * 1_000_003 + game)
        rng = random.Random(seed * 7919 + game)
        for _ in range(2):  # Cleopatra's placement, then Caesar's
            seat = rules.to_move(state)
            move = bot.choose(rules.view(state, seat), rules.legal_moves(state), rng, None,
                              history=None)
            state = rules.apply(state, move, seat=seat).state
        for side in sides:
            for group in range(N_GROUPS):
                value = CARD_VALUE[state.down[group * 2 + side][0]]
                counts[state.bonus[side]][group][value - 1] += 1
    return counts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="heuristic")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", choices=("both", "cleopatra", "caesar"), default="both")
    args = parser.parse_args(argv)
    sides = {"both": (0, 1), "cleopatra": (0,), "caesar": (1,)}[args.seat]
    counts = count_setups(args.level, args.games, args.seed, sides)
    print(f"# {args.level}, {args.games} games ({args.seat} seats), seed {args.seed}")
    print("COUNTS = (")
    for bonus in counts:
        print("    (" + ", ".join("(" + ", ".join(map(str, row)) + ")" for row in bonus) + "),")
    print(")")


if __name__ == "__main__":
    main()
