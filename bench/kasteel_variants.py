"""Strijd om het Kasteel: variants of the evaluation's weights in the N-player arena.

    python bench/kasteel_variants.py --weights race:10 --games 200 --limit 9 --seed 1
    python bench/kasteel_variants.py --weights race:10 --search --worlds 8 --games 200 --limit 9
    python bench/kasteel_variants.py --weights race:10,joker_next:1 --order KXSDCBP --games 200
    python bench/kasteel_variants.py --weights race:10 --games 1000 --jobs 2 --record a.jsonl

One seat plays the variant, the others the site's ``heuristic`` (``--others``); the seats
rotate as in ``manage.py arena --seats`` (games.ai.arena_multi), and the same
seed deals the same games to every variant. ``--weights`` changes fields of
``evaluate.NEW`` (``name:value,...``, e.g. ``race:10,race_leader:1``; a
flag takes 1 or 0), ``--order`` the home order it places; the
variant is the heuristic with those weights, or with ``--search`` the strong
level (``search.StrongBot``) with them and ``--worlds`` worlds a decision.
The report is the arena's. Figures: docs/ai.md, "Strijd om het Kasteel".
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import registry  # noqa: E402
from games.ai.arena_multi import MultiConfig, format_multi_report, run_multi  # noqa: E402
from games.ai.base import Budget  # noqa: E402
from games.ai.kasteel.evaluate import NEW, Weights  # noqa: E402
from games.ai.kasteel.heuristic import HeuristicBot  # noqa: E402
from games.ai.kasteel.search import StrongBot  # noqa: E402


def weights_from(text: str) -> Weights:
    """``race:10,next_piece:2`` -> ``NEW`` with those fields changed."""
    changes = {}
    known = Weights.__dataclass_fields__
    for part in filter(None, text.split(",")):
        name, _, value = part.partition(":")
        if name not in known:
            raise SystemExit(f"unknown weight {name!r}; weights: {', '.join(known)}")
        changes[name] = bool(float(value)) if known[name].type in (bool, "bool") else float(value)
    return dataclasses.replace(NEW, **changes)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--weights", default="", help="name:value,... changed from evaluate.NEW")
    parser.add_argument("--search", action="store_true", help="the strong level with these weights")
    parser.add_argument("--worlds", type=int, default=8, help="with --search: worlds a decision")
    parser.add_argument("--endgame-only", action="store_true",
                        help="with --search: search only the last deal of a limited game")
    parser.add_argument("--order", default=None,
                        help="the variant's home order, e.g. KXSDCBP (default: the level's)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--others", default="heuristic",
                        help="the level of the other seats (default: heuristic)")
    parser.add_argument("--limit", type=int, default=9,
                        help="dealing cycles (a 4-seat table's default: 9)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--record", default=None,
                        help="write each game's share of the win for the variant to this file "
                             "(JSON lines; compare two with bench/kasteel_paired.py)")
    options = parser.parse_args()
    weights = weights_from(options.weights)
    base = StrongBot if options.search else HeuristicBot
    fields = {"weights": weights}
    if options.order:
        fields["home_order"] = options.order
    if options.endgame_only:
        fields["next_turn_search"] = False
    variant = type("Variant", (base,), fields)
    # Worker processes are forked, so they see the level registered here.
    registry.ARENA_LEVELS["variant"] = {"kasteel": variant}
    config = MultiConfig(
        seats=("variant",) + (options.others,) * (options.players - 1), games=options.games,
        seed=options.seed, limit=options.limit, jobs=options.jobs,
        first_budget=Budget(iterations=options.worlds) if options.search else None,
    )
    started = time.perf_counter()
    results = run_multi(config)
    print(f"variant: {'strong' if options.search else 'heuristic'} with {weights}, "
          f"home order {variant.home_order}")
    print(format_multi_report(config, results, time.perf_counter() - started))
    if options.record:
        with open(options.record, "w") as out:
            for result in results:
                out.write(json.dumps({"seed": options.seed, "game": result.index,
                                      "credit": result.credit[0]}) + "\n")


if __name__ == "__main__":
    main()
