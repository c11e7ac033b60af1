"""The arena with variants of the strong levels, for comparisons.

    python bench/ai_variants.py --a strong --b strong-no-memory --games 60 --cpu 0.05 --seed 7
    python bench/ai_variants.py --a strong-playout-25 --b baseline --games 100 --cpu 0.3 --seed 1
    python bench/ai_variants.py --game caesar-cleopatra --a strong-turns-2 --b heuristic \
        --b-cpu 0 --games 200 --cpu 0.25 --seed 11 --results cc_turns2.jsonl

The variants switch one part of the strong level off (``StrongBot``'s
flags) or score its leaves with another share of random playout
(``strong-eval-only``: none, the level before 2026-12-02), and play as
arena levels beside the others (``baseline``, ``heuristic``...). Caesar &
Cleopatra's variants (``CC_VARIANTS``) change how far a leaf is played on
(``strong-turns-0``: scored at once, ``strong-turns-2``: to the end of the
next turn) or the exploration constant, or switch off the exact deals
(``strong-loose-deals``: dealt from the view and the log's memory, as before
2026-12-05) or the check of the rest of the turn (``strong-no-check``), or judge
leaves with the evaluation fitted to outcomes (``strong-fitted``), or score a leaf
that ends with a vote card over every top card (``strong-expected-votes``), or
judge each group's next patrician with the learned ``group_model``
(``strong-groups``, and the heuristic so: ``heuristic-groups``), or weigh the
opponent's setup orders by the heuristic's habits (``strong-setup-prior``, and
half habits, half even chances: ``strong-setup-prior-half``), or weigh its cards
placed face down in play by what players put face down (``strong-down-habits``), or
weigh them by the opponent's habits learned from earlier games against it
(``strong-learned-heuristic``, from 100 games, ``strong-learned-heuristic-400``,
``strong-learned-strong``: bench/cc_learn_setup.py), and the 400 games' habits with
the face-down habits on top (``strong-learned-heuristic-400-down``) or with the
fitted judgement (``strong-learned-heuristic-400-fitted``), or learned per seat of
the opponent (``strong-learned-heuristic-400-seats``), or with the stories weighed by
how likely their face-down choices were given the hand (``strong-learned-heuristic-400-placement``,
``-placement-quarter`` trusting it a quarter), or with the opponent in the tree judging
its moves blind to the seat's face-down cards (``strong-learned-heuristic-400-blind``,
and without the habits ``strong-blind``; the level's own since 2026-12-07, when
``strong-open`` and ``strong-learned-heuristic-400-open`` keep the open-eyed one). Both
sides get ``--cpu`` CPU seconds a move (B ``--b-cpu`` if given; 0 for either:
the level's own budget, the heuristic's 6 deals). The report is the arena's
(``games.ai.arena_match.format_report``); ``--results FILE`` keeps each game
and resumes a stopped run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import registry  # noqa: E402
from games.ai.arena_match import ArenaConfig, format_report, run_arena  # noqa: E402
from games.ai.base import Budget  # noqa: E402
from games.ai.caesar_cleopatra.heuristic import HeuristicBot as CCHeuristicBot  # noqa: E402
from games.ai.caesar_cleopatra.placement import HEURISTIC as PLACEMENT  # noqa: E402
from games.ai.caesar_cleopatra.placement import Placement  # noqa: E402
from games.ai.caesar_cleopatra.search import FITTED_JUDGEMENT, GROUPS_JUDGEMENT  # noqa: E402
from games.ai.caesar_cleopatra.search import StrongBot as CCStrongBot  # noqa: E402
from games.ai.caesar_cleopatra.setup_habits import fit_by_seat, freeze  # noqa: E402
from games.ai.caesar_cleopatra.setup_prior import Counts  # noqa: E402
from games.ai.druidenwalzer.search import StrongBot  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results"
# The placement habits trusted a quarter: each story's weight to the power 0.25, so
# that the deals drawn again from 64 stories keep most of their spread late in a game.
QUARTER_PLACEMENT = Placement(PLACEMENT.strength, PLACEMENT.philosopher,
                              PLACEMENT.up_strength, PLACEMENT.up_philosopher, trust=0.25)

VARIANTS = {
    "strong-no-memory": lambda: StrongBot(remember=False),
    "strong-no-tactics": lambda: StrongBot(tactics=False),
    "strong-heuristic-setup": lambda: StrongBot(search_setup=False),
    "strong-previous": lambda: StrongBot(remember=False, tactics=False, search_setup=False),
    "strong-eval-only": lambda: StrongBot(playout_weight=0.0),
    "strong-playout-25": lambda: StrongBot(playout_weight=0.25),
    "strong-playout-50": lambda: StrongBot(playout_weight=0.5),
    "strong-playout-100": lambda: StrongBot(playout_weight=1.0),
    "strong-explore-50": lambda: StrongBot(exploration=0.5),
}

CC_VARIANTS = {
    "strong-turns-0": lambda: CCStrongBot(rollout_turns=0),
    "strong-turns-2": lambda: CCStrongBot(rollout_turns=2),
    "strong-explore-10": lambda: CCStrongBot(exploration=0.1),
    "strong-explore-40": lambda: CCStrongBot(exploration=0.4),
    "strong-no-memory": lambda: CCStrongBot(remember=False),
    "strong-root-6": lambda: CCStrongBot(root_deals=6),
    "strong-loose-deals": lambda: CCStrongBot(exact=False),
    "strong-no-check": lambda: CCStrongBot(turn_check=False),
    "strong-loose-no-check": lambda: CCStrongBot(exact=False, turn_check=False),
    "strong-fitted": lambda: CCStrongBot(judgement=FITTED_JUDGEMENT),
    "strong-groups": lambda: CCStrongBot(judgement=GROUPS_JUDGEMENT),
    "heuristic-groups": lambda: CCHeuristicBot(weights=GROUPS_JUDGEMENT.weights),
    "strong-playout-25": lambda: CCStrongBot(playout_weight=0.25),
    "strong-playout-50": lambda: CCStrongBot(playout_weight=0.5),
    "strong-expected-votes": lambda: CCStrongBot(expected_votes=True),
    "strong-setup-prior": lambda: CCStrongBot(setup_prior=1.0),
    "strong-setup-prior-half": lambda: CCStrongBot(setup_prior=0.5),
    "strong-down-habits": lambda: CCStrongBot(down_habits=True),
    # The opponent's setup habits learned from earlier games against it
    # (bench/cc_learn_setup.py): play each against the level it learned.
    "strong-learned-heuristic": lambda: CCStrongBot(setup_counts=learned("heuristic")),
    "strong-learned-heuristic-400": lambda: CCStrongBot(setup_counts=learned("heuristic_400")),
    "strong-learned-strong": lambda: CCStrongBot(setup_counts=learned("strong")),
    # The learned setup habits and the face-down habits both levels share.
    "strong-learned-heuristic-400-down": lambda: CCStrongBot(
        setup_counts=learned("heuristic_400"), down_habits=True),
    # The learned setup habits (what the deals hold) with the fitted judgement
    # (what the leaves are worth): two gains measured apart, together.
    "strong-learned-heuristic-400-fitted": lambda: CCStrongBot(
        setup_counts=learned("heuristic_400"), judgement=FITTED_JUDGEMENT),
    # The same 400 games' habits, learned per seat of the opponent (measured on
    # 2026-12-07: no better; the site's level learns both seats together).
    "strong-learned-heuristic-400-seats": lambda: CCStrongBot(
        seat_counts=learned_by_seat("heuristic_400")),
    # The learned setup habits, and the stories weighed by how likely their choices of
    # the card put face down were given the hand (``placement.HEURISTIC``).
    "strong-learned-heuristic-400-placement": lambda: CCStrongBot(
        setup_counts=learned("heuristic_400"), placement=PLACEMENT),
    "strong-learned-heuristic-400-placement-quarter": lambda: CCStrongBot(
        setup_counts=learned("heuristic_400"), placement=QUARTER_PLACEMENT),
    # The opponent in the tree judges its moves blind to the seat's face-down
    # cards, as it must (``search.BLIND_OPPONENT``).
    "strong-learned-heuristic-400-blind": lambda: CCStrongBot(
        setup_counts=learned("heuristic_400"), blind_opponent=True),
    "strong-blind": lambda: CCStrongBot(blind_opponent=True),
    # The level as it was before its opponent went blind (2026-12-07).
    "strong-open": lambda: CCStrongBot(blind_opponent=False),
    "strong-learned-heuristic-400-open": lambda: CCStrongBot(
        setup_counts=learned("heuristic_400"), blind_opponent=False),
}


def learned(name: str) -> Counts:
    """Setup habits learned by bench/cc_learn_setup.py (``bench/results/cc_habits_NAME.json``)."""
    data = json.loads((RESULTS / f"cc_habits_{name}.json").read_text())
    return freeze(data["counts"])


def learned_by_seat(name: str) -> tuple[Counts, Counts]:
    """The habits of ``learned(name)``'s games, fitted per seat of the opponent. An
    observation without its seat (files of before 2026-12-07) is game number
    ``index`` of bench/cc_learn_setup.py, where the level played Caesar in the even
    games and Cleopatra in the odd ones."""
    data = json.loads((RESULTS / f"cc_habits_{name}.json").read_text())
    seen = []
    for index, item in enumerate(data["observations"]):
        bonus, orders, *seat = item
        orders = tuple(tuple(order) for order in orders)
        seen.append((bonus, orders, seat[0] if seat else 1 - index % 2))
    return fit_by_seat(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--a", required=True)
    parser.add_argument("--b", required=True)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--cpu", type=float, default=0.05, help="CPU seconds a move, each side")
    parser.add_argument("--b-cpu", type=float, default=None,
                        help="B's CPU seconds a move (default: --cpu; 0: its level's own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--game", default="druidenwalzer",
                        choices=("druidenwalzer", "caesar-cleopatra"))
    parser.add_argument("--iterations", type=int, default=None,
                        help="A's search stops after this many iterations (--cpu its cap): "
                             "the same work on every machine")
    parser.add_argument("--b-iterations", type=int, default=None,
                        help="B's search stops after this many iterations (--b-cpu, else "
                             "--cpu, its cap)")
    parser.add_argument("--results", default=None,
                        help="JSON-lines file: each game appended, a stopped run resumed")
    options = parser.parse_args()
    # Worker processes are forked, so they see the variants registered here.
    variants = VARIANTS if options.game == "druidenwalzer" else CC_VARIANTS
    registry.ARENA_LEVELS.update(
        {name: {options.game: make} for name, make in variants.items()})
    # --cpu 0 / --b-cpu 0: A / B at its level's own budget (the heuristic's 6 deals).
    budget = None if options.cpu == 0 else Budget(cpu_seconds=options.cpu)
    if options.iterations:
        budget = Budget(iterations=options.iterations,
                        cpu_seconds=options.cpu if options.cpu else None)
    budget_b = (budget if options.b_cpu is None
                else None if options.b_cpu == 0 else Budget(cpu_seconds=options.b_cpu))
    if options.b_iterations:
        cap = options.cpu if options.b_cpu is None else options.b_cpu
        budget_b = Budget(iterations=options.b_iterations, cpu_seconds=cap or None)
    config = ArenaConfig(a=options.a, b=options.b, games=options.games, seed=options.seed,
                         jobs=options.jobs, budget_a=budget, budget_b=budget_b,
                         game=options.game)
    started = time.perf_counter()
    results = run_arena(config, results_path=options.results)
    print(format_report(config, results, time.perf_counter() - started))


if __name__ == "__main__":
    main()
