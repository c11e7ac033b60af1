"""Fit the Caesar & Cleopatra evaluation to game outcomes (``evaluate.FITTED``).

    python bench/cc_fit_evaluation.py --games 2000 --seed 1001 --jobs 2

Plays ``--games`` games between heuristic players (about 0.3 s each) and keeps
every position where a player chose among several moves, labelled with the
game's winner (a draw counts half). Half the games (the odd ones) are held
out. The evaluation's score for Cleopatra, plus the tempo of the turn, over
a scale, is read as the logit of her winning; the fit minimises the log-loss
of the winner:

- the groups' shape (``margin_scale``, ``soon_base``, ``soon_weight``,
  ``later``) over a grid (a lean never beyond certainty); for each, by
  logistic regression (Newton), the weights of the face-down cards, the
  pile's cards, a due refill and the tempo of each step, and the scale of
  the rest;
- the hand's card values stay hand-set (fitted, they learned which cards the
  heuristic keeps in its hand, not what they are worth).

It prints the held-out log-loss of the hand-set judgement, of ``FITTED`` and of
the best fit, and the best fit's weights. Needs numpy (``pip install numpy``: only this
script does). The features are exact: ``score`` rebuilds
``evaluate`` from them (tests/ai/caesar_cleopatra/test_fit_evaluation.py).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Iterable, Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.arena_match import ArenaConfig, play_game  # noqa: E402
from games.ai.caesar_cleopatra import evaluate as E  # noqa: E402
from games.ai.caesar_cleopatra.search import (  # noqa: E402
    FITTED_JUDGEMENT,
    HAND_SET_JUDGEMENT,
    Judgement,
)
from games.rules.caesar_cleopatra.constants import (  # noqa: E402
    CARD_KIND,
    CARD_VALUE,
    EXTRAORDINARY,
    GROUP_SIZE,
    HAND_SIZE,
    P_DRAW,
    PASSIVE,
    PLACED,
    SETUP,
)
from games.rules.caesar_cleopatra.state import State  # noqa: E402

STEPS = 21  # the group table's shares 0/20 .. 20/20
# The linear features, for Cleopatra (seat 0) minus Caesar: face-down cards,
# cards in the piles, cards of a due refill, then the tempo of steps 0..5 (+1
# when Cleopatra is on turn, -1 for Caesar).
DOWN, PILE, DRAW, TEMPO0 = 0, 1, 2, 3
N_LINEAR = 9
GRID = {"margin_scale": (1.0, 1.5, 2.5), "soon_base": (0.2, 0.3, 0.45),
        "soon_weight": (0.4, 0.55, 0.7), "later": (0.0, 0.15, 0.3)}

Group = tuple[int, float, int, list[float]]  # margin, soon, patricians left, value by share


def features(state: State) -> tuple[list[Group], float, list[float]]:
    """A position's groups (their margins and tables), the hand-set part that is
    not fitted (the hands' values) and the linear features."""
    groups: list[Group] = []
    linear = [0.0] * N_LINEAR
    deck = state.vote_deck
    for group in range(5):
        left = state.patricians[group]
        size = GROUP_SIZE[group]
        b0, b1 = state.bonus[0] == group, state.bonus[1] == group
        w0, w1 = state.won[0][group], state.won[1][group]
        if not left:
            groups.append((0, 0.0, 0, [E.group_value(size, w0, w1, 0, b0, b1, 0)] * STEPS))
            continue
        d0, d1 = state.down[group * 2], state.down[group * 2 + 1]
        c0, c1 = d0 + state.up[group * 2], d1 + state.up[group * 2 + 1]
        t0, t1 = sum(CARD_VALUE[c] for c in c0), sum(CARD_VALUE[c] for c in c1)
        p0 = sum(1 for c in c0 if not CARD_KIND[c])
        p1 = sum(1 for c in c1 if not CARD_KIND[c])
        margin = t1 - t0 if p0 != p1 else t0 - t1
        soon = (1.0 if len(c0) + len(c1) >= EXTRAORDINARY
                else min(1.0, 2.0 / len(deck)) if group in deck else 0.0)
        table = [E.group_value(size, w0, w1, left, b0, b1, step) for step in range(STEPS)]
        groups.append((margin, soon, left, table))
        linear[DOWN] += len(d0) - len(d1)
    linear[PILE] = len(state.influence[0]) - len(state.influence[1])
    pending = state.pending
    if pending is not None:
        if pending[0] == P_DRAW:
            linear[DRAW] = 1.0 if pending[1] == 0 else -1.0
    elif state.step == PLACED or state.step == PASSIVE:
        side = state.current
        assert side is not None  # a turn at these steps has its player
        piles = len(state.influence[side]) + len(state.actions[side])
        missing = min(HAND_SIZE - len(state.hand[side]), piles)
        linear[DRAW] = missing if side == 0 else -missing
    if state.step is not None and state.phase != SETUP:
        linear[TEMPO0 + state.step] = 1.0 if state.current == 0 else -1.0
    # The sides' values without their pile cards (those are a linear feature).
    hands = E.side_value(state, 0, 0.0) - E.side_value(state, 1, 0.0)
    return groups, hands, linear


def groups_part(groups: Sequence[Group], weights: E.Weights) -> float:
    """The groups' value as ``evaluate.groups_value`` scores it, without face-down cards."""
    total = 0.0
    for margin, soon, left, table in groups:
        if not left:
            total += table[0]
            continue
        lean = ((E._logistic(margin / weights.margin_scale) - 0.5)
                * (weights.soon_base + weights.soon_weight * soon))
        share = 0.5 + lean * (1 + weights.later * (left - 1)) / left
        total += table[int(share * (STEPS - 1) + 0.5)]
    return total


def score(position: tuple[list[Group], float, list[float]], judgement: Judgement) -> float:
    """The logit of Cleopatra's win, as ``search.win_chance`` judges the position
    (before it settles a decision pending inside a move)."""
    groups, hands, linear = position
    weights = judgement.weights
    points = (groups_part(groups, weights) + hands + weights.down_card * linear[DOWN]
              + weights.pile_card * linear[PILE] + weights.draw_card * linear[DRAW])
    points += sum(judgement.tempo[step] * linear[TEMPO0 + step] for step in range(6))
    return points / judgement.scale


def _positions(task: tuple[int, int]) -> list[tuple[Any, float]]:
    seed, index = task
    config = ArenaConfig(a="heuristic", b="heuristic", games=index + 1, seed=seed,
                         game="caesar-cleopatra")
    states: list[State] = []

    def observe(state: State, _seat: str, legal: list[Any], _history: Any) -> None:
        if state.phase != SETUP and len(legal) > 1:
            states.append(state.copy())

    result = play_game(config, index, observe)
    cleopatra_a = result.a_seat == "cleopatra"
    label = (0.5 if result.winner is None
             else 1.0 if (result.winner == "A") == cleopatra_a else 0.0)
    return [(features(state), label) for state in states]


def collect(seed: int, games: Iterable[int], jobs: int) -> list[tuple[Any, float]]:
    tasks = [(seed, index) for index in games]
    with Pool(jobs) as pool:
        return [row for rows in pool.map(_positions, tasks, chunksize=8) for row in rows]


def main() -> None:
    try:
        import numpy as np
    except ImportError:
        sys.exit("bench/cc_fit_evaluation.py needs numpy: pip install numpy")
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1001)
    parser.add_argument("--jobs", type=int, default=2)
    options = parser.parse_args()
    train = collect(options.seed, range(0, options.games, 2), options.jobs)
    test = collect(options.seed, range(1, options.games, 2), options.jobs)
    print(f"{len(train)} positions to fit, {len(test)} held out")

    def arrays(rows: list[tuple[Any, float]], weights: E.Weights) -> tuple[Any, Any]:
        # Column 0: the hand-set rest (groups and hands); then the linear features.
        fixed = [groups_part(groups, weights) + hands for (groups, hands, _l), _y in rows]
        return (np.column_stack([fixed, [linear for (_g, _h, linear), _y in rows]]),
                np.array([label for _p, label in rows]))

    def log_loss(logits: Any, labels: Any) -> float:
        chance = np.clip(1 / (1 + np.exp(-np.clip(logits, -30, 30))), 1e-9, 1 - 1e-9)
        return float(-np.mean(labels * np.log(chance) + (1 - labels) * np.log(1 - chance)))

    def fit(x: Any, labels: Any) -> Any:
        """Logistic regression by Newton's method (a little ridge: the setup step's
        tempo column is always 0)."""
        w = np.zeros(x.shape[1])
        for _ in range(25):
            chance = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
            gradient = x.T @ (chance - labels) / len(labels) + 1e-4 * w
            hessian = ((x * (chance * (1 - chance))[:, None]).T @ x / len(labels)
                       + 1e-4 * np.eye(x.shape[1]))
            step = np.linalg.solve(hessian, gradient)
            w -= step
            if np.abs(step).max() < 1e-8:
                break
        return w

    labels_test = np.array([label for _p, label in test])
    for name, judgement in (("hand-set", HAND_SET_JUDGEMENT), ("FITTED", FITTED_JUDGEMENT)):
        logits = np.array([score(position, judgement) for position, _y in test])
        print(f"{name}: held-out log-loss {log_loss(logits, labels_test):.4f}")
    best = None
    for shape in itertools.product(*GRID.values()):
        weights = E.Weights(**dict(zip(GRID, shape)))
        if weights.soon_base + weights.soon_weight > 1:  # a lean beyond certainty
            continue
        x, labels = arrays(train, weights)
        w = fit(x, labels)
        loss = log_loss(x @ w, labels)
        if best is None or loss < best[0]:
            best = (loss, weights, w)
    assert best is not None
    _loss, weights, w = best
    x_test, _labels = arrays(test, weights)
    print(f"best fit: held-out log-loss {log_loss(x_test @ w, labels_test):.4f}")
    scale = 1 / w[0]
    points = [round(float(v * scale), 3) for v in w[1:]]
    shape = ", ".join(f"{name} {getattr(weights, name)}" for name in GRID)
    print(f"  {shape}, scale {scale:.3f}")
    print(f"  down_card {points[DOWN]}, pile_card {points[PILE]}, draw_card {points[DRAW]}, "
          f"tempo {tuple(points[TEMPO0:])}")


if __name__ == "__main__":
    main()
