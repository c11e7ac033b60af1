"""Advice: the best few moves for a seat, each with the AI's estimate, from
that seat's view only.

``advise(game, view, legal_moves, rng, budget, history)`` runs the strongest
level of ``game`` on exactly what a bot gets (the seat's view, the legal
moves, the log as the seat saw it) and returns its candidates best first,
each with a number and its unit:

- Druidenwalzer: the strong level's search (ISMCTS); the number is the
  estimated chance to win after the move (``win``), the most searched first;
- Caesar & Cleopatra: the rollout level's (``strong-old``) candidates and
  rollouts; the number is the estimated final points margin (``points``);
- Strijd om het Kasteel: one-ply scores by the strong level's evaluation
  (the heuristic's, with the race to a length limit: ``evaluate.RACE``), in
  squares of progress, as the difference from the best move (``squares``).
  The strong level's own Joker rule is left out: it is a rule of play that
  rules moves out, and advice ranks every move. The home order it suggests
  is the strong level's.

Like the bots, nothing here sees the full state, so advice cannot leak a
hidden card. No Django.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .base import Budget, Deadline, Event, Move, View

#: Sampled deals a Caesar & Cleopatra setup hint is averaged over.
SETUP_DEALS = 16


@dataclass(frozen=True)
class Advice:
    move: Move
    value: float | None
    unit: str  # "win", "points", "squares" or "" (no estimate: a forced or setup move)


def advise(game: str, view: View, legal_moves: list[Move], rng: random.Random,
           budget: Budget, history: list[Event] | None = None, count: int = 3) -> list[Advice]:
    """The ``count`` best moves of ``legal_moves`` by the game's strongest level."""
    if not legal_moves:
        return []
    if len(legal_moves) == 1:
        return [Advice(dict(legal_moves[0]), None, "")]
    ranked = _ADVISERS[game](view, legal_moves, rng, budget, history)
    return ranked[:count]


def _druidenwalzer(view: View, legal_moves: list[Move], rng: random.Random, budget: Budget,
                   history: list[Event] | None) -> list[Advice]:
    from .druidenwalzer.determinize import Observation
    from .druidenwalzer.heuristic import moves_and_actions
    from .druidenwalzer.search import search

    deadline = Deadline(budget.cpu_seconds)
    observation = Observation(view, history)
    pairs = moves_and_actions(legal_moves, observation.seat)
    children = search(observation, rng, budget.iterations, deadline)
    scored = []
    for move, action in pairs:
        node = children.get(action)
        if node is not None and node.visits:
            scored.append((node.visits, node.reward / node.visits, move))
    scored.sort(key=lambda item: (-item[0], -item[1]))
    return [Advice(dict(move), chance, "win") for _visits, chance, move in scored]


def _caesar_cleopatra(view: View, legal_moves: list[Move], rng: random.Random, budget: Budget,
                      history: list[Event] | None) -> list[Advice]:
    from games.rules.caesar_cleopatra.constants import SETUP
    from games.rules.caesar_cleopatra.moves import move_to_action

    from .caesar_cleopatra.determinize import Observation
    from .caesar_cleopatra.heuristic import score_actions
    from .caesar_cleopatra.rollouts import candidates_of, rollout_scores

    deadline = Deadline(budget.cpu_seconds)
    observation = Observation(view)
    actions = [move_to_action(move) for move in legal_moves]
    if observation.template.phase == SETUP:
        # Averaged over several deals, so that the hint does not hang on one sampled
        # opponent setup; equal scores keep the legal moves' order (a stable hint).
        deals = [observation.sample(rng) for _ in range(SETUP_DEALS)]
        totals = score_actions(deals, actions, observation.seat, deadline)
        order = sorted(range(len(actions)), key=lambda i: -round(totals[i], 6))
        return [Advice(dict(legal_moves[i]), None, "") for i in order]
    candidates = candidates_of(observation, actions, rng, deadline)
    scores = rollout_scores(observation, candidates, rng, budget.iterations or 50, deadline)
    order = sorted(range(len(candidates)), key=lambda i: -scores[i])
    return [Advice(dict(legal_moves[actions.index(candidates[i])]), scores[i], "points")
            for i in order]


def _kasteel(view: View, legal_moves: list[Move], rng: random.Random, budget: Budget,
             history: list[Event] | None) -> list[Advice]:
    from dataclasses import replace

    from .kasteel.heuristic import score_moves
    from .kasteel.observe import state_from_view
    from .kasteel.search import StrongBot

    if legal_moves[0]["type"] == "place":
        best = StrongBot().choose(view, legal_moves, rng, budget)
        return [Advice(best, None, "")]
    deadline = Deadline(budget.cpu_seconds)
    weights = replace(StrongBot.weights, joker_next=False)
    scores = score_moves(state_from_view(view), view["viewer"], legal_moves, deadline, weights)
    top = max(scores)
    order = sorted(range(len(legal_moves)), key=lambda i: -scores[i])
    return [Advice(dict(legal_moves[i]), scores[i] - top, "squares") for i in order]


_ADVISERS = {
    "druidenwalzer": _druidenwalzer,
    "caesar-cleopatra": _caesar_cleopatra,
    "kasteel": _kasteel,
}


def judge(game: str, view: View, legal_moves: list[Move], chosen: Move, rng: random.Random,
          budget: Budget, history: list[Event] | None = None) -> tuple[Advice, Advice] | None:
    """The AI's preferred move and the move ``chosen``, each with its estimate, from
    the mover's view; None where the level gives no estimate (a setup decision)."""
    scored = _JUDGES[game](view, legal_moves, chosen, rng, budget, history)
    if not scored:
        return None
    best = scored[0]
    mine = next((item for item in scored if item.move == chosen), None)
    if mine is None:
        return None
    return best, mine


def _judge_druidenwalzer(view: View, legal_moves: list[Move], chosen: Move, rng: random.Random,
                         budget: Budget, history: list[Event] | None) -> list[Advice]:
    return _druidenwalzer(view, legal_moves, rng, budget, history)


def _judge_caesar_cleopatra(view: View, legal_moves: list[Move], chosen: Move, rng: random.Random,
                            budget: Budget, history: list[Event] | None) -> list[Advice]:
    from games.rules.caesar_cleopatra.constants import SETUP
    from games.rules.caesar_cleopatra.moves import move_to_action

    from .caesar_cleopatra.determinize import Observation
    from .caesar_cleopatra.rollouts import candidates_of, rollout_scores

    deadline = Deadline(budget.cpu_seconds)
    observation = Observation(view)
    if observation.template.phase == SETUP:
        return []
    actions = [move_to_action(move) for move in legal_moves]
    candidates = candidates_of(observation, actions, rng, deadline)
    mine = move_to_action(chosen)
    if mine not in candidates:
        candidates.append(mine)
    scores = rollout_scores(observation, candidates, rng, budget.iterations or 50,
                            Deadline(budget.cpu_seconds))
    order = sorted(range(len(candidates)), key=lambda i: -scores[i])
    return [Advice(dict(legal_moves[actions.index(candidates[i])]), scores[i], "points")
            for i in order]


def _judge_kasteel(view: View, legal_moves: list[Move], chosen: Move, rng: random.Random,
                   budget: Budget, history: list[Event] | None) -> list[Advice]:
    if legal_moves[0]["type"] == "place":
        return []
    return _kasteel(view, legal_moves, rng, budget, history)


_JUDGES = {
    "druidenwalzer": _judge_druidenwalzer,
    "caesar-cleopatra": _judge_caesar_cleopatra,
    "kasteel": _judge_kasteel,
}


def judge_alike(game: str, view: View, legal_moves: list[Move], best: Move, chosen: Move,
                rng: random.Random, budget: Budget,
                history: list[Event] | None = None) -> tuple[Advice, Advice] | None:
    """A second opinion on ``chosen`` against ``best``, both estimated alike (the review
    confirms a flag with it). Druidenwalzer: each of the two moves searched alone, on
    half the budget each and the same seed, so both means come from equally deep
    trees. ``judge`` compares the mean of the move its search settled on with that of a
    move it searched little, whose own later moves were hardly searched: such a mean
    comes out low (a hint's move 11 points below its value searched alone where the
    review's search settled on a near-equal move; docs/ai.md, "One unit, thresholds and
    noise"). The other games judge again: Caesar & Cleopatra's candidates already
    share their deals and rollouts, Kasteel's scores have no noise."""
    if game != "druidenwalzer" or best == chosen:
        return judge(game, view, legal_moves, chosen, rng, budget, history)
    from .druidenwalzer.determinize import Observation
    from .druidenwalzer.heuristic import moves_and_actions
    from .druidenwalzer.search import search

    observation = Observation(view, history)
    iterations = None if budget.iterations is None else max(1, budget.iterations // 2)
    seconds = None if budget.cpu_seconds is None else budget.cpu_seconds / 2
    seed = rng.getrandbits(64)
    values = []
    for _move, action in moves_and_actions([best, chosen], observation.seat):
        node = search(observation, random.Random(seed), iterations, Deadline(seconds),
                      allowed={action}).get(action)
        if node is None or not node.visits:
            return None
        values.append(node.reward / node.visits)
    return Advice(dict(best), values[0], "win"), Advice(dict(chosen), values[1], "win")
