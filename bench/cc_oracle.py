"""How much of Caesar & Cleopatra's strong level is held back by what it cannot see.

    python bench/cc_oracle.py --games 100 --seed 11 --cpu 0.25 \\
            --results bench/results/cc_strong_oracle_heuristic.jsonl
    python bench/paired_results.py bench/results/cc_strong_heuristic_same_machine.jsonl \\
            bench/results/cc_strong_oracle_heuristic.jsonl

The strong level plays the heuristic as in the arena, but every deal it searches
over holds the opponent's real hand, face-down cards and bonus card (the piles'
order and the vote deck stay unknown, shuffled in each deal, as they are to both
players). It is not a level: it reads the arena's full state. What it wins above
the level says how much better inference of the hidden cards could still give,
and what it does not says how much has to come from judgement and search.
The results file is the arena's (``--results`` of ``games.ai.arena``), so
``bench/paired_results.py`` compares it game by game; a stopped run resumes.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai import Budget, registry  # noqa: E402
from games.ai.arena_match import (  # noqa: E402
    ArenaConfig,
    GameResult,
    format_report,
    match_settings,
    play_game,
)
from games.ai.arena_tools import play_kept  # noqa: E402
from games.ai.caesar_cleopatra import search as search_module  # noqa: E402
from games.ai.caesar_cleopatra.determinize import Observation  # noqa: E402
from games.ai.caesar_cleopatra.search import StrongBot  # noqa: E402
from games.rules.caesar_cleopatra.constants import IS_ACTION  # noqa: E402
from games.rules.caesar_cleopatra.state import State  # noqa: E402

ORACLE = "strong-oracle"


def imposed(deal: State, truth: State, seat: int, parts: set[str]) -> State:
    """``deal`` with the opponent's ``parts`` (``hand``, ``down``, ``bonus``) as they
    really are; the cards they displace take the places in the deal (hand, face-down
    slots, piles) of the real cards, an action card where an action card was."""
    opponent = 1 - seat
    places: dict[Any, list[int]] = {"hand": deal.hand[opponent],
                                    "pile": deal.influence[opponent],
                                    "actions": deal.actions[opponent]}
    real: dict[Any, list[int]] = {"hand": truth.hand[opponent]}
    for group in range(5):
        places[("down", group)] = deal.down[group * 2 + opponent]
        real[("down", group)] = truth.down[group * 2 + opponent]
    fixed = {key for key in places if key in parts or (key[0] == "down" and "down" in parts)}
    pool = Counter(card for cards in places.values() for card in cards)
    for key in fixed:
        pool.subtract(real[key])
        assert all(count >= 0 for count in pool.values()), "the truth does not fit the deal"
    holes: list[tuple[Any, int]] = []
    for key, cards in places.items():
        if key in fixed:
            continue
        for index, card in enumerate(cards):
            if pool[card] > 0:
                pool[card] -= 1
            else:
                holes.append((key, index))
    left = list(pool.elements())
    for key, index in holes:
        kind = IS_ACTION[places[key][index]]
        card = next(card for card in left if IS_ACTION[card] == kind)
        left.remove(card)
        places[key][index] = card
    assert not left
    for key in fixed:
        places[key][:] = real[key]
    if "bonus" in parts:
        deal.bonus[opponent] = truth.bonus[opponent]
    return deal


def oracle_deal(truth: State, rng: random.Random) -> State:
    """The real state with what neither player sees reshuffled: both players'
    draw piles, the vote deck and the engine's seed."""
    state = truth.copy()
    for seat in (0, 1):
        rng.shuffle(state.influence[seat])
        rng.shuffle(state.actions[seat])
    rng.shuffle(state.vote_deck)
    state.seed = rng.getrandbits(32)
    return state


class OracleBot(StrongBot):
    """The strong level searching over deals of the real hidden cards."""

    truth: State | None = None
    parts: set[str] = {"all"}

    def decide(self, view, legal_moves, rng, budget, history=None):
        truth = self.truth
        assert truth is not None  # set by the observer before every decision

        def observation(view: dict[str, Any], history=None, exact=True,
                        setup_prior=0.0, down_habits=None, setup_counts=None,
                        placement=None) -> Observation:
            seen = Observation(view, history, exact, setup_prior, down_habits, setup_counts,
                               placement)
            if "all" in self.parts:
                seen.sample = lambda rng: oracle_deal(truth, rng)  # type: ignore[method-assign]
            else:
                dealt = seen.sample
                seen.sample = lambda rng: imposed(  # type: ignore[method-assign]
                    dealt(rng), truth, seen.seat, self.parts)
            return seen

        real = search_module.Observation
        search_module.Observation = observation  # type: ignore[assignment, misc]
        try:
            return super().decide(view, legal_moves, rng, budget, history)
        finally:
            search_module.Observation = real  # type: ignore[misc]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--cpu", type=float, default=0.25)
    parser.add_argument("--results", required=True)
    parser.add_argument("--habits", default=None,
                        help="the level with the opponent's setup habits learned "
                             "(bench/results/cc_habits_NAME.json, as bench/ai_variants.py's "
                             "strong-learned-NAME), to pair with that variant's runs")
    parser.add_argument("--iterations", type=int, default=None,
                        help="the search stops after this many iterations (--cpu its cap)")
    parser.add_argument("--know", default="all",
                        help="what of the opponent's the deals hold as it is: all, or any of "
                             "hand, down (its face-down cards), bonus, comma-separated")
    args = parser.parse_args(argv)

    if args.habits:
        from bench.ai_variants import learned  # the variants' files of learned habits

        bot = OracleBot(setup_counts=learned(args.habits))
    else:
        bot = OracleBot()
    bot.parts = set(args.know.split(","))
    name = ORACLE if args.know == "all" else f"{ORACLE}-{args.know}"
    if args.habits:
        name += f"-learned-{args.habits}"
    registry.ARENA_LEVELS[name] = {"caesar-cleopatra": lambda: bot}
    config = ArenaConfig(a=name, b="heuristic", games=args.games, seed=args.seed,
                         game="caesar-cleopatra",
                         budget_a=Budget(cpu_seconds=args.cpu, iterations=args.iterations))

    def observe(state, seat, legal, history) -> None:
        bot.truth = state

    wins = [0.0]  # in the games played this sitting

    def progress(result: GameResult, _count: int) -> None:
        wins[0] += 1.0 if result.winner == "A" else 0.5 if result.winner is None else 0.0
        print(f"game {result.index}: {result.winner} as {result.a_seat}", flush=True)

    # One process (jobs 1): the observer hands each decision's state to this bot.
    results = play_kept(lambda config, index: play_game(config, index, observe), config,
                        args.results, match_settings(config), asdict,
                        lambda row: GameResult(**row), progress)
    print(format_report(config, results))
    print(f"this sitting: {wins[0]} won", flush=True)


if __name__ == "__main__":
    main()
