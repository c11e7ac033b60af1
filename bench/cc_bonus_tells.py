"""How much a Caesar & Cleopatra player's placements tell of its secret bonus card.

    python bench/cc_bonus_tells.py --level heuristic --games 150 --seed 21

Plays ``--games`` games of ``--level`` against itself and, for each seat, notes
the group of every card it placed in play (face up or face down) and the bonus
card it held. It prints how often a player places at a bonus group (senators,
praetors, quaestors) when the bonus card is that group's and when it is not, and
how well the placements alone name the bonus card: a naive Bayes guess from the
groups and faces of the first N placements (fitted to the same games, so an upper
bound), as the chance it gives the real card on average and how often its best
guess is right. Even chances give about 0.33 (a seat's own card leaves five).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.registry import get_arena_bot  # noqa: E402
from games.rules import get_rules  # noqa: E402
from games.rules.caesar_cleopatra.constants import (  # noqa: E402
    BONUS_NAMES,
    GROUPS,
    SEATS,
)

Placement = tuple[int, bool]  # the group, face up
Player = tuple[int, list[Placement]]  # the bonus group, the placements in order


def play(level: str, games: int, seed: int) -> list[Player]:
    """Each seat of ``games`` games of ``level`` against itself."""
    rules = get_rules("caesar-cleopatra")
    bot = get_arena_bot("caesar-cleopatra", level)
    players: list[Player] = []
    for game in range(games):
        state = rules.new_game(seed * 1_000_003 + game)
        rng = random.Random(seed * 7919 + game)
        placed: dict[str, list[Placement]] = {seat: [] for seat in SEATS}
        while not rules.is_over(state):
            seat = rules.to_move(state)
            move = bot.choose(rules.view(state, seat), rules.legal_moves(state), rng, None,
                              history=None)
            if move.get("type") == "place":
                placed[seat].append((GROUPS.index(move["group"]), move["face"] == "up"))
            state = rules.apply(state, move, seat=seat).state
        players += [(state.bonus[index], placed[seat]) for index, seat in enumerate(SEATS)]
    return players


def rates(players: list[Player]) -> list[tuple[float, float]]:
    """Per bonus group: the share of a player's placements there when its bonus card
    is that group's, and when it is another's."""
    shares = []
    for group in range(len(BONUS_NAMES)):
        same, other = Counter(), Counter()
        for bonus, placed in players:
            tally = same if bonus == group else other
            tally["at"] += sum(1 for at, _up in placed if at == group)
            tally["all"] += len(placed)
        shares.append((same["at"] / max(1, same["all"]), other["at"] / max(1, other["all"])))
    return shares


def guesses(players: list[Player], first: int) -> tuple[float, float]:
    """The naive Bayes guess of the bonus card from the first ``first`` placements:
    the mean chance of the real card, and how often the likeliest is it."""
    kinds = [(group, up) for group in range(len(GROUPS)) for up in (True, False)]
    counts: dict[int, Counter[Placement]] = defaultdict(Counter)
    for bonus, placed in players:
        counts[bonus].update(placed)
    chance = {bonus: {kind: (counts[bonus][kind] + 1) / (sum(counts[bonus].values())
                                                         + len(kinds)) for kind in kinds}
              for bonus in range(len(BONUS_NAMES))}
    real = right = 0.0
    for bonus, placed in players:
        logs = [sum(math.log(chance[guess][kind]) for kind in placed[:first])
                for guess in range(len(BONUS_NAMES))]
        top = max(logs)
        odds = [math.exp(log - top) for log in logs]
        real += odds[bonus] / sum(odds)
        right += logs.index(top) == bonus
    return real / len(players), right / len(players)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--level", default="heuristic")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args(argv)
    players = play(args.level, args.games, args.seed)
    print(f"# {args.level} against itself, {args.games} games, seed {args.seed}")
    for name, (same, other) in zip(BONUS_NAMES, rates(players)):
        print(f"{name.removeprefix('B-')}: {same:.3f} of the placements with its bonus "
              f"card, {other:.3f} without (x{same / other:.2f})")
    for first in (5, 10, 20, 100):
        real, right = guesses(players, first)
        print(f"first {first} placements: the real card's chance {real:.2f}, "
              f"the likeliest right {right:.2f}")


if __name__ == "__main__":
    main()
