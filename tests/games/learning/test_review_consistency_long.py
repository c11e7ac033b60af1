"""The one-judge test at full size (``make test-long``): over 200 positions of arena
games per game (25 games of the Wanderer against the Bard, 4 decisions of each seat
per game, spread over the game), the hint's first move at the review's budget is never
flagged a mistake or worse; every planted blunder of those games (Druidenwalzer) or of
200 arena games (Caesar & Cleopatra, where they are rare) is flagged a blunder.
Figures and CPU time: docs/ai.md, "One unit, thresholds and noise"."""

from __future__ import annotations

from collections import Counter

import pytest

from games.ai import Budget
from tests.games.learning.helpers_review_consistency import (
    GAMES,
    blunders_judged,
    hints_judged,
    planted_blunders,
    sampled,
)

# Several minutes of CPU a test, beyond the suite's 300-second timeout.
pytestmark = [pytest.mark.long, pytest.mark.timeout(1800)]

REVIEW_BUDGET = Budget(cpu_seconds=0.3)
POSITIONS = 200
#: Arena games searched for planted blunders: one decision in a thousand of Caesar &
#: Cleopatra has one (a known loss at the end of the turn), a few in every
#: Druidenwalzer game.
BLUNDER_GAMES = {"druidenwalzer": 25, "caesar-cleopatra": 200}


@pytest.mark.parametrize("game", GAMES)
def test_the_hints_first_move_is_never_flagged_a_mistake_in_200_positions(game, settings):
    positions = sampled(game, games=25, per_seat=4)
    assert len(positions) >= POSITIONS
    assert sorted(Counter(p.seat for p in positions).values()) == [100, 100]  # both seats
    found = hints_judged(game, positions, REVIEW_BUDGET)
    print(f"\n{game}: {found['positions']} positions, marks {found['marks']}, largest loss "
          f"{found['largest_loss']:.3f}, CPU {found['cpu']:.0f} s")
    assert not found["flagged"], found["flagged"]


@pytest.mark.parametrize("game", GAMES)
def test_every_planted_blunder_of_the_arena_games_is_flagged(game):
    scanned: Counter[str] = Counter()
    found = blunders_judged(game, planted_blunders(game, 0, BLUNDER_GAMES[game],
                                                   scanned=scanned), REVIEW_BUDGET)
    print(f"\n{game}: {found['planted']} planted blunders in {scanned['decisions']} decisions "
          f"of {BLUNDER_GAMES[game]} games, "
          f"{found['judged']} judged (the others already lost), CPU {found['cpu']:.0f} s")
    assert not found["missed"], found["missed"]
    assert found["judged"] >= 5
