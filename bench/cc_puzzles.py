"""The Caesar & Cleopatra puzzle finder over whole games: how many puzzles, of which
kind, and the CPU it takes (``python -m bench.cc_puzzles [--games N] [--players P]``).

Each game is played by two players of the same kind and every decision is handed
to ``games.ai.caesar_cleopatra.puzzles.find`` exactly as the miner hands it: the
mover's view, legal moves and log opened by their first view. Players:
``careful`` random moves that pass only now and then (random players pass so
often that games seldom crowd a group), ``heuristic`` the site's heuristic level
(``mixed``: one of each). Times are ``time.process_time`` of this process: one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from games.ai import Budget, get_bot
from games.ai.base import start_record
from games.ai.caesar_cleopatra.puzzles import find
from games.rules import get_rules

RULES = get_rules("caesar-cleopatra")


def chooser(players: str):
    heuristic = get_bot("caesar-cleopatra", "heuristic")
    budget = Budget(iterations=2)

    def choose(seat: str, view, legal, rng: random.Random):
        use = players == "heuristic" or players == "mixed" and seat == "caesar"
        if use:
            return heuristic.choose(view, legal, rng, budget)
        active = [move for move in legal if move["type"] != "pass"]
        return rng.choice(active if active and rng.random() < 0.95 else legal)

    return choose


def mine_game(seed: int, players: str) -> tuple[list[tuple], int, float]:
    """The puzzles of one game (turn, seat, kind, solution), its decisions, the CPU."""
    choose = chooser(players)
    rng = random.Random(seed)
    state = RULES.new_game(seed)
    logs = {seat: [start_record(RULES.view(state, seat))] for seat in RULES.seats(state)}
    found, decisions, cpu = [], 0, 0.0
    while not RULES.is_over(state):
        seat = RULES.to_move(state)
        view, legal = RULES.view(state, seat), RULES.legal_moves(state)
        started = time.process_time()
        claim = find(view, legal, logs[seat], random.Random(seed * 10_000 + decisions))
        cpu += time.process_time() - started
        decisions += 1
        if claim is not None:
            found.append((state.turn, seat, claim.kind, claim.solution))
        applied = RULES.apply(state, choose(seat, view, legal, rng), seat=seat)
        for name, log in logs.items():
            log.extend(RULES.redact_events(applied.events, name))
        state = applied.state
    return found, decisions, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--players", choices=("careful", "heuristic", "mixed"),
                        default="careful")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    kinds: Counter[str] = Counter()
    games_with, decisions, cpu, slowest = 0, 0, 0.0, 0.0
    for seed in range(args.first, args.first + args.games):
        found, count, spent = mine_game(seed, args.players)
        decisions += count
        cpu += spent
        slowest = max(slowest, spent)
        games_with += bool(found)
        kinds.update(kind for _turn, _seat, kind, _move in found)
        if args.verbose:
            print(f"seed {seed}: {count} decisions, {spent:.1f} s, {found}", flush=True)
    print(f"{args.games} games ({args.players}), {decisions} decisions: "
          f"{sum(kinds.values())} puzzles {dict(kinds)} in {games_with} games; "
          f"CPU {cpu:.1f} s ({cpu / max(1, args.games):.2f} s a game, slowest {slowest:.1f} s)")


if __name__ == "__main__":
    main()
