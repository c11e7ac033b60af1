"""Search speed of the Caesar & Cleopatra levels (``bench/ai_speed.py --game
caesar-cleopatra``): work per CPU second on the same positions.

Positions: every third play turn of seeded games of the heuristic against
itself, with each seat's public log up to them. For each position:

- ``strong`` (ISMCTS): a fixed number of iterations of ``search.search``,
  the memory read from the log; iterations per CPU second;
- ``strong-old`` (heuristic candidates, then rollouts): its whole decision
  at its default of 50 rollouts; rollouts per CPU second, and the CPU a
  decision takes;
- ``baseline``: random playouts (with their deals) per CPU second.

Times are ``time.process_time`` of this process: one core.
"""

from __future__ import annotations

import random
import statistics
import time

from games.ai import get_bot
from games.ai.base import Deadline
from games.ai.baseline import random_playout
from games.ai.caesar_cleopatra.determinize import Observation
from games.ai.caesar_cleopatra.playout import GAME
from games.ai.caesar_cleopatra.rollouts import candidates_of, rollout_scores
from games.ai.caesar_cleopatra.search import search
from games.rules import get_rules
from games.rules.caesar_cleopatra.moves import move_to_action

RULES = get_rules("caesar-cleopatra")


def positions(count: int, seed: int) -> list[tuple]:
    """(state, the mover's log) at every third play turn of heuristic games."""
    bot = get_bot("caesar-cleopatra", "heuristic")
    rng = random.Random(seed)
    found: list[tuple] = []
    game = 0
    while len(found) < count:
        state = RULES.new_game(seed * 1000 + game)
        logs: dict[str, list] = {"cleopatra": [], "caesar": []}
        game += 1
        while not RULES.is_over(state) and len(found) < count:
            seat = RULES.to_move(state)
            legal = RULES.legal_moves(state)
            if state.phase == 1 and state.turn % 3 == 0 and len(legal) > 2:
                found.append((state, list(logs[seat])))
            applied = RULES.apply(state, bot.choose(RULES.view(state, seat), legal, rng),
                                  seat=seat)
            state = applied.state
            for viewer in logs:
                logs[viewer].extend(RULES.redact_events(applied.events, viewer))
    return found


def _summary(rates: list[float]) -> str:
    return (f"{statistics.mean(rates):,.0f} per CPU second (median "
            f"{statistics.median(rates):,.0f}, min {min(rates):,.0f}, max {max(rates):,.0f})")


def main(count: int, seed: int, iterations: int) -> None:
    found = positions(count, seed)
    print(f"{len(found)} play positions from heuristic games, seed {seed}")
    rates = []
    for state, log in found:
        view = RULES.view(state, RULES.to_move(state))
        started = time.process_time()
        observation = Observation(view, log)
        children = search(observation, random.Random(seed), iterations, Deadline(None))
        elapsed = time.process_time() - started
        rates.append(sum(child.visits for child in children.values()) / elapsed)
    print(f"strong (ISMCTS): iterations {_summary(rates)}, {iterations} a position")
    rates, spent = [], []
    for state, _log in found:
        view = RULES.view(state, RULES.to_move(state))
        rng = random.Random(seed)
        started = time.process_time()
        observation = Observation(view)
        actions = [move_to_action(move) for move in RULES.legal_moves(state)]
        candidates = candidates_of(observation, actions, rng, Deadline(None))
        rollout_scores(observation, candidates, rng, 50, Deadline(None))
        elapsed = time.process_time() - started
        done = max(1, 50 // len(candidates)) * len(candidates)
        rates.append(done / elapsed)
        spent.append(elapsed)
    print(f"strong-old (rollouts): rollouts {_summary(rates)}; a decision at its 50 "
          f"rollouts: {statistics.mean(spent) * 1000:.0f} ms CPU on average, "
          f"max {max(spent) * 1000:.0f} ms")
    rates = []
    for state, _log in found:
        observation = Observation(RULES.view(state, RULES.to_move(state)))
        rng = random.Random(seed)
        started = time.process_time()
        for _ in range(50):
            random_playout(GAME, observation.sample(rng), rng)
        rates.append(50 / (time.process_time() - started))
    print(f"baseline: random playouts (with their deals) {_summary(rates)}")
