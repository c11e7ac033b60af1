"""Strijd om het Kasteel: where the next piece's steps go, for one seat.

    python bench/kasteel_homing.py --players 2 --limit 50 --games 20 --others heuristic
    python bench/kasteel_homing.py --players 4 --limit 50 --games 6 --others random \\
        --weights next_queue:15

Seat 0 plays the heuristic (``--weights`` as in bench/kasteel_variants.py), the
other seats ``--others``. Per game, for seat 0: its turns and forced discards;
how often the next piece of its home order could walk and did; the steps that
piece gained by its own walks and by other seats' moves (a Jack), and lost when
sent home, when a walk passed its castle entrance or bounced back out of the
castle, and otherwise; pieces sent home; pieces on their targets. It shows why
castles are rarely finished (docs/ai.md, "Strijd om het Kasteel").
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from kasteel_variants import weights_from  # noqa: E402

from games.ai.kasteel.evaluate import next_piece, remaining  # noqa: E402
from games.ai.kasteel.heuristic import HeuristicBot  # noqa: E402
from games.ai.registry import get_bot  # noqa: E402
from games.rules import get_rules  # noqa: E402
from games.rules.kasteel.constants import CASTLE, PIECES, RANKS, SQUARES_PER_SEAT  # noqa: E402


def play(rules, players: int, limit: int, index: int, me, others: str, stats) -> None:
    state = rules.new_game(1000 + index, {"players": players, "limit": limit})
    bots = [me] + [get_bot("kasteel", others) for _ in range(players - 1)]
    rng = random.Random(index)
    ring = SQUARES_PER_SEAT * players
    while not rules.is_over(state):
        seat = rules.to_move(state)
        legal = rules.legal_moves(state)
        move = bots[int(seat)].choose(rules.view(state, seat), legal, rng, None)
        if legal[0]["type"] == "place":
            state = rules.apply(state, move, seat=seat).state
            continue
        first = next_piece(state, 0)
        name = f"0:{RANKS[first % PIECES]}" if first >= 0 else None
        ours = seat == "0"
        walks_first = ours and move["type"] == "move" and move.get("piece") == name
        if ours:
            stats["turns"] += 1
            stats["discards"] += move["type"] == "discard"
            stats["first could walk"] += any(m.get("piece") == name for m in legal)
            stats["first walked"] += walks_first
        before = list(state.loc)
        steps_before = remaining(state, first, ring) if first >= 0 else 0
        state = rules.apply(state, move, seat=seat).state
        stats["pieces sent home"] += sum(
            1 for p in range(PIECES) if 0 <= before[p] < CASTLE and state.loc[p] < 0)
        if first < 0:
            continue
        steps = 0 if state.on_target(first) else remaining(state, first, ring)
        change = steps - steps_before
        if 0 <= before[first] < CASTLE and state.loc[first] < 0:
            stats["first sent home"] += 1
            stats["steps lost: sent home"] += change
        elif walks_first and change > 0:
            stats["steps lost: past the entrance or bounced"] += change
        elif walks_first:
            stats["steps gained: own walks"] -= change
        elif change < 0:
            stats["steps gained: other moves"] -= change
        elif change > 0:
            stats["steps lost: other moves"] += change
    stats["pieces on target"] += state.done[0]
    stats["castle finished"] += state.done[0] == PIECES


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--limit", type=int, default=50)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--others", default="heuristic")
    parser.add_argument("--weights", default="")
    parser.add_argument("--order", default=None, help="seat 0's home order, e.g. KXSDCBP")
    options = parser.parse_args()
    rules = get_rules("kasteel")
    fields = {"weights": weights_from(options.weights)}
    if options.order:
        fields["home_order"] = options.order
    me = type("Variant", (HeuristicBot,), fields)()
    stats: collections.Counter = collections.Counter()
    for index in range(options.games):
        play(rules, options.players, options.limit, index, me, options.others, stats)
    print(f"seat 0: heuristic with {options.weights or 'the site weights'}; "
          f"{options.players} players, limit {options.limit}, others {options.others}, "
          f"{options.games} games; per game:")
    for key, value in stats.items():
        print(f"  {key:42} {value / options.games:8.1f}")


if __name__ == "__main__":
    main()
