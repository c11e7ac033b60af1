"""The Strijd om het Kasteel puzzle finder over whole games: how many puzzles, of which
kind, and the CPU it takes (``python -m bench.kasteel_puzzles [--games N] [--seats S]
[--players random|heuristic]``).

Each game is a table's: ``--seats`` players, teams with ``--teams``, and the length
limit a table of that size gets by default (games.core.table_terms). Every decision
is handed to ``games.ai.kasteel.puzzles.find`` exactly as the miner hands it: the
mover's view and legal moves. Players: ``random`` moves, or the site's ``heuristic``
level for every seat. Times are ``time.process_time`` of this process: one core.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter

from games.ai import Budget, get_bot
from games.ai.kasteel.puzzles import find
from games.ai.puzzles import Candidate, chosen_claims
from games.rules import get_rules

RULES = get_rules("kasteel")


def limit_for(seats: int, teams: bool) -> int:
    """A table's default length limit (its module reads the site's settings)."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "druidsite.settings")
    django.setup()
    from games.core.table_terms import default_limit

    limit = default_limit("kasteel", seats, teams)
    assert limit is not None  # Kasteel's tables have one
    return limit


def mine_game(seed: int, seats: int, teams: bool, players: str,
              limit: int) -> tuple[list[Candidate], int, float]:
    """The claims of one game (its decision numbers as versions), its decisions, the
    CPU."""
    heuristic = get_bot("kasteel", "heuristic") if players == "heuristic" else None
    budget = Budget(iterations=1)
    rng = random.Random(seed)
    state = RULES.new_game(seed, {"players": seats, "teams": teams, "limit": limit})
    found, decisions, cpu = [], 0, 0.0
    while not RULES.is_over(state):
        seat = RULES.to_move(state)
        view, legal = RULES.view(state, seat), RULES.legal_moves(state)
        started = time.process_time()
        claim = find(view, legal, [], random.Random(seed * 100_000 + decisions))
        cpu += time.process_time() - started
        decisions += 1
        if claim is not None:
            found.append(Candidate(decisions, decisions, seat, None, [], claim))
        move = (heuristic.choose(view, legal, rng, budget) if heuristic is not None
                and legal[0]["type"] != "place" else rng.choice(legal))
        state = RULES.apply(state, move, seat=seat).state
    return found, decisions, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--seats", type=int, default=4, choices=range(2, 13), metavar="2..12")
    parser.add_argument("--teams", action="store_true")
    parser.add_argument("--players", choices=("random", "heuristic"), default="random")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    limit = limit_for(args.seats, args.teams)
    kinds: Counter[str] = Counter()
    kept: Counter[str] = Counter()
    games_with, decisions, cpu, slowest = 0, 0, 0.0, 0.0
    for seed in range(args.first, args.first + args.games):
        found, count, spent = mine_game(seed, args.seats, args.teams, args.players, limit)
        decisions += count
        cpu += spent
        slowest = max(slowest, spent)
        games_with += bool(found)
        kinds.update(str(c.claim.kind) for c in found)
        kept.update(str(c.claim.kind) for c in chosen_claims(found))
        if args.verbose:
            print(f"seed {seed}: {count} decisions, {spent:.2f} s, "
                  f"{[(c.seat, c.claim.kind, c.claim.solution) for c in found]}", flush=True)
    print(f"{args.games} games ({args.seats} seats{' in teams' if args.teams else ''}, limit "
          f"{limit}, "
          f"{args.players}), {decisions} decisions: {sum(kinds.values())} puzzles "
          f"{dict(kinds)} in {games_with} games, of which a game keeps "
          f"{sum(kept.values())} {dict(kept)} (puzzles.chosen_claims); CPU {cpu:.1f} s "
          f"({cpu / max(1, args.games):.2f} s a game, slowest {slowest:.2f} s)")


if __name__ == "__main__":
    main()
