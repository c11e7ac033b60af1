"""Positions of arena games for the one-judge tests of hints and reviews
(``test_review_consistency.py``, quick, and ``test_review_consistency_long.py``).

The arena (``games.ai.arena_match.play_game``) plays two cheap levels against each
other, seeded, so the games repeat exactly (their budgets are counts of deals, not
CPU time); its observer hands over every decision with the seat's log as the seat
saw it, opened by its first view, as the site gives the hint and the review.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from games.ai.arena_match import ArenaConfig, play_game
from games.rules import get_rules

GAMES = ("druidenwalzer", "caesar-cleopatra")
#: Two cheap levels (a few milliseconds a move): the Wanderer against the Bard, the
#: Wanderer with a random move now and then, so the games are not all alike.
LEVELS = ("heuristic", "apprentice")
SEED = 1
#: Deals of the unseen cards a planted loss must lose in as well as in the real
#: state: a loss that hangs on a card the mover cannot see is no blunder to flag.
DEALS = 16
#: Continuations of the mover's own turn tried before a move is taken not to lose.
TURN_NODES = 500


@dataclass(frozen=True)
class Position:
    state: Any
    seat: str
    legal: list[dict[str, Any]]
    history: list[dict[str, Any]]
    game_index: int  # the arena game it comes from
    decision: int  # its number among the game's decisions


def decisions(game: str, index: int, seed: int = SEED) -> list[Position]:
    """Every decision with a choice of arena game ``index`` (Caesar & Cleopatra's setup
    placements, which the review does not judge, left out; Druidenwalzer's placements
    of the druids are judged and kept)."""
    config = ArenaConfig(a=LEVELS[0], b=LEVELS[1], games=index + 1, seed=seed, game=game)
    rules = get_rules(game)
    found: list[Position] = []

    def observe(state, seat, legal, history) -> None:
        if len(legal) < 2:
            return
        if game == "caesar-cleopatra" and rules.view(state, seat)["phase"] == "setup":
            return
        found.append(Position(state, seat, legal, history, index, len(found)))

    play_game(config, index, observe)
    return found


def spread(positions: list[Position], count: int) -> list[Position]:
    """``count`` positions evenly spread over ``positions`` (the middle of each share)."""
    if len(positions) <= count:
        return list(positions)
    return [positions[(2 * k + 1) * len(positions) // (2 * count)] for k in range(count)]


def sampled(game: str, games: int, per_seat: int, seed: int = SEED) -> list[Position]:
    """``per_seat`` decisions of each seat in each of ``games`` arena games, spread
    over the game (opening, middle game, end)."""
    chosen: list[Position] = []
    for index in range(games):
        every = decisions(game, index, seed)
        for seat in sorted({position.seat for position in every}):
            chosen += spread([p for p in every if p.seat == seat], per_seat)
    return chosen


def _lost_in_turn(rules, state, seat: str, budget: list[int]) -> bool:
    """The opponent has won before moving again, whatever ``seat`` still does in its
    turn (Druidenwalzer: the move itself; Caesar & Cleopatra: the placements, pass and
    draws that end the turn and its vote)."""
    if rules.is_over(state):
        winner = rules.outcome(state).winner  # None for a draw: no loss
        return winner is not None and winner != seat
    if tuple(rules.owed_by(state)) != (seat,):
        return False
    budget[0] -= 1
    if budget[0] < 0:
        return False  # too many ways on to tell: not taken for a loss
    return all(_lost_in_turn(rules, rules.apply(state, move).state, seat, budget)
               for move in rules.legal_moves(state))


def loses_at_once(game: str, state: Any, seat: str, move: dict[str, Any]) -> bool:
    rules = get_rules(game)
    return _lost_in_turn(rules, rules.apply(state, move).state, seat, [TURN_NODES])


def _observation(game: str, view: dict[str, Any], history: list[dict[str, Any]]):
    if game == "druidenwalzer":
        from games.ai.druidenwalzer.determinize import Observation
    else:
        from games.ai.caesar_cleopatra.determinize import Observation
    return Observation(view, history)


def planted_blunder(game: str, position: Position) -> dict[str, Any] | None:
    """A move of ``position`` after which the opponent wins at once, in the real state
    and in every one of ``DEALS`` deals of what the mover cannot see, where another
    legal move does not lose at once (None if there is none)."""
    rules = get_rules(game)
    state, seat = position.state, position.seat
    losing = [m for m in position.legal if loses_at_once(game, state, seat, m)]
    if not losing or len(losing) == len(position.legal):
        return None
    observation = _observation(game, rules.view(state, seat), position.history)
    rng = random.Random(position.decision)
    deals = [observation.sample(rng) for _ in range(DEALS)]
    for move in losing:
        if all(loses_at_once(game, deal, seat, move) for deal in deals):
            return move
    return None


def planted_blunders(game: str, first_game: int, games: int, seed: int = SEED,
                     scanned: Counter[str] | None = None,
                     ) -> Iterator[tuple[Position, dict[str, Any]]]:
    """Every decision of arena games ``first_game`` .. ``first_game + games - 1`` with
    a planted blunder, and the blunder; ``scanned`` counts the decisions looked at."""
    for index in range(first_game, first_game + games):
        for position in decisions(game, index, seed):
            if scanned is not None:
                scanned["decisions"] += 1
            move = planted_blunder(game, position)
            if move is not None:
                yield position, move


def hint_judged(game: str, position: Position, number: int, budget) -> dict[str, Any] | None:
    """The review's entry for the hint's first move at ``position``: the hint and the
    review each at ``budget`` (the review's), each with its own seed."""
    from games.learning import hints, review

    rules = get_rules(game)
    view = rules.view(position.state, position.seat)
    hint = hints.advice_for_view(game, view, position.legal, position.history,
                                 random.Random(number), cpu_seconds=budget.cpu_seconds)[0].move
    return review.review_decision(game, view, position.legal, hint, position.history,
                                  position.seat, random.Random(10_000 + number), budget)


def blunder_judged(game: str, position: Position, move: dict[str, Any], number: int,
                   budget) -> dict[str, Any]:
    """The review's entry for the planted blunder ``move`` at ``position``."""
    from games.learning import review

    rules = get_rules(game)
    entry = review.review_decision(game, rules.view(position.state, position.seat),
                                   position.legal, move, position.history, position.seat,
                                   random.Random(number), budget)
    assert entry is not None, (game, position.game_index, position.decision)
    return entry


def hints_judged(game: str, positions: list[Position], budget) -> dict[str, Any]:
    """The review's marks of the hint's first move at every position: their count per
    mark, the largest loss, the flagged entries (a mistake or worse) and the CPU."""
    started = time.process_time()
    marks: Counter[str] = Counter()
    flagged, largest = [], 0.0
    for number, position in enumerate(positions):
        entry = hint_judged(game, position, number, budget)
        if entry is None:
            marks["not judged"] += 1
            continue
        marks[entry["mark"] or "none"] += 1
        largest = max(largest, (entry["before"] or 0.0) - (entry["after"] or 0.0))
        if entry["mark"] not in ("", "inaccuracy"):
            flagged.append((position.game_index, position.decision, position.seat, entry))
    return {"positions": len(positions), "marks": dict(marks), "largest_loss": largest,
            "flagged": flagged, "cpu": time.process_time() - started}


def blunders_judged(game: str, found, budget, most: int | None = None) -> dict[str, Any]:
    """The review's marks of the planted blunders of ``found`` (pairs of a position and
    its blunder), up to ``most`` of them judged where the mover was not already lost:
    how many were planted, judged and missed (not marked a blunder)."""
    from games.learning import review

    started = time.process_time()
    planted, judged, missed = 0, 0, []
    for position, move in found:
        planted += 1
        entry = blunder_judged(game, position, move, planted, budget)
        if entry["before"] < review.BLUNDER:
            continue  # already lost whatever the move: nothing to blunder away
        judged += 1
        if entry["mark"] != "blunder":
            missed.append((position.game_index, position.decision, move, entry))
        if most is not None and judged >= most:
            break
    return {"planted": planted, "judged": judged, "missed": missed,
            "cpu": time.process_time() - started}
