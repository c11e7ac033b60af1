"""The two-player arena match: bot A against bot B, seats alternating.

Bot A takes the first seat (moon) in even games and the second (sun) in odd
games, so both sides of the table are played equally. Every game is seeded
from the match's seed and its number: the deal and each bot's rng. With
iteration budgets the results repeat exactly; a CPU-time cap that is reached
depends on the machine's load. A game still running at the turn limit is
stopped and counted as a draw.

CPU time per move is ``time.process_time`` around ``choose`` (the process's
own CPU, so other work on the machine barely distorts it). With ``jobs`` the
games are spread over worker processes, one game at a time each. The command
line is ``games.ai.arena``; the round robin (``round_robin``) plays its games
with ``play_game``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from games.rules import get_rules

from .arena_tools import play_all, play_kept, seed_for, wilson
from .base import Budget, start_record
from .registry import get_arena_bot

DEFAULT_TURN_LIMIT = 500
TURN_LIMIT_ENDING = "turn limit (draw)"


@dataclass
class GameResult:
    index: int
    a_seat: str
    winner: str | None  # "A", "B" or None for a draw
    ending: str
    turns: int
    cpu: dict[str, list[float]] = field(default_factory=dict)  # "A"/"B": per move


@dataclass
class ArenaConfig:
    a: str
    b: str
    games: int
    seed: int = 1
    game: str = "druidenwalzer"
    jobs: int = 1
    turn_limit: int = DEFAULT_TURN_LIMIT
    budget_a: Budget | None = None
    budget_b: Budget | None = None


def _end_detail(events: list[dict[str, Any]]) -> str | None:
    """Why the last move ended the game, when the game's events say so
    (Druidenwalzer: the deciding flip was a conquest or an empty tree)."""
    for event in reversed(events):
        if event.get("type") == "flip" and "reason" in event:
            return str(event["reason"])
    return None


#: Told each decision of an arena game before the bot chooses: the full state, the
#: seat to move, its legal moves and its log as it saw it (a copy: the tests and
#: benches that sample arena positions keep it).
Observer = Callable[[Any, str, list[dict[str, Any]], list[dict[str, Any]]], None]


#: Picks the move of the seat to move: (seat, its view, legal moves, its log).
Chooser = Callable[[str, dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]],
                   dict[str, Any]]


@dataclass
class PlayedOut:
    """A game played until it ended or reached its turn limit."""

    state: Any
    #: Each seat's log as it saw it, opening with its view of the new game.
    histories: dict[str, list[dict[str, Any]]]
    #: The events of the last move (why the game ended, when it did).
    last_events: list[dict[str, Any]]


def play_out(rules: Any, state: Any, choose: Chooser, turn_limit: int = DEFAULT_TURN_LIMIT,
             observe: Observer | None = None) -> PlayedOut:
    """Play ``state`` on, ``choose`` deciding every move, until the game ends
    or ``turn_limit`` moves were made. The one loop of the arena, the round
    robin and the benches that need each seat's log at the end."""
    # The public move log as each seat saw it (its own secrets included).
    # It opens with what each seat saw of the new game (the setup writes no
    # events), as on the site.
    histories: dict[str, list[dict[str, Any]]] = {
        seat: [start_record(rules.view(state, seat))] for seat in rules.seats(state)}
    events: list[dict[str, Any]] = []
    moves = 0
    while not rules.is_over(state) and moves < turn_limit:
        seat = rules.to_move(state)
        assert seat is not None  # the game is not over
        legal = rules.legal_moves(state)
        if observe is not None:
            observe(state, seat, legal, list(histories[seat]))
        move = choose(seat, rules.view(state, seat), legal, histories[seat])
        applied = rules.apply(state, move, seat=seat)  # refuses an illegal move
        state, events = applied.state, applied.events
        for viewer, history in histories.items():
            history.extend(rules.redact_events(events, viewer))
        moves += 1
    return PlayedOut(state, histories, events)


def play_game(config: ArenaConfig, index: int, observe: Observer | None = None) -> GameResult:
    """Play game number ``index`` of the match (A first in even games); ``observe``
    is told every decision (positions of arena games for the tests)."""
    rules = get_rules(config.game)
    state = rules.new_game(seed_for(config.seed, index, "deal"))
    a_seat = rules.seats(state)[index % 2]
    bots = {"A": get_arena_bot(config.game, config.a), "B": get_arena_bot(config.game, config.b)}
    rngs = {side: random.Random(seed_for(config.seed, index, side)) for side in ("A", "B")}
    budgets = {"A": config.budget_a, "B": config.budget_b}
    cpu: dict[str, list[float]] = {"A": [], "B": []}

    def choose(seat: str, view: dict[str, Any], legal: list[dict[str, Any]],
               history: list[dict[str, Any]]) -> dict[str, Any]:
        side = "A" if seat == a_seat else "B"
        started = time.process_time()
        move = bots[side].choose(view, legal, rngs[side], budgets[side], history=history)
        cpu[side].append(time.process_time() - started)
        return move

    played = play_out(rules, state, choose, config.turn_limit, observe)
    outcome = rules.outcome(played.state)
    turns = rules.turn_number(played.state)
    if outcome is None:
        return GameResult(index, a_seat, None, TURN_LIMIT_ENDING, turns, cpu)
    detail = _end_detail(played.last_events)
    ending = f"{outcome.reason} ({detail})" if detail else outcome.reason
    if outcome.winner is None:
        winner = None
    else:
        winner = "A" if outcome.winner == a_seat else "B"
    return GameResult(index, a_seat, winner, ending, turns, cpu)


def run_arena(
    config: ArenaConfig, progress: Callable[[GameResult, int], None] | None = None,
    results_path: str | None = None,
) -> list[GameResult]:
    """Play all games (on ``config.jobs`` processes); results in game order.

    With ``results_path`` each game is appended to that JSON-lines file as it
    ends, and the games the file already holds for the same match (levels,
    budgets, seed, game, turn limit) are read from it instead of played: a
    match of hundreds of games goes on where it stopped."""
    if results_path is None:
        return play_all(play_game, config, progress)
    return play_kept(play_game, config, results_path, match_settings(config), asdict,
                     lambda row: GameResult(**row), progress)


def match_settings(config: ArenaConfig) -> dict[str, Any]:
    """What makes two runs' games the same games (the jobs do not)."""
    def budget(value: Budget | None) -> list[Any] | None:
        return None if value is None else [value.iterations, value.cpu_seconds]

    return {"game": config.game, "a": config.a, "b": config.b, "seed": config.seed,
            "turn_limit": config.turn_limit, "budget_a": budget(config.budget_a),
            "budget_b": budget(config.budget_b)}


def format_report(config: ArenaConfig, results: list[GameResult], wall: float | None = None) -> str:
    """The results table: wins by seat, A's win rate with its Wilson
    interval, CPU per move per side, and how the games ended."""
    rules = get_rules(config.game)
    seats = rules.seats(rules.new_game(0))
    lines = [
        f"{config.game}: A = {config.a} vs B = {config.b}, {len(results)} games, "
        f"seed {config.seed}, A is {seats[0]} in even games and {seats[1]} in odd games",
        "",
        f"{'':<12}{'games':>7}{'A wins':>8}{'B wins':>8}{'draws':>7}",
    ]
    rows = [(f"A as {seat}", [r for r in results if r.a_seat == seat]) for seat in seats]
    rows.append(("total", results))
    for label, group in rows:
        wins = sum(1 for r in group if r.winner == "A")
        losses = sum(1 for r in group if r.winner == "B")
        draws = len(group) - wins - losses
        lines.append(f"{label:<12}{len(group):>7}{wins:>8}{losses:>8}{draws:>7}")
    wins = sum(1 for r in results if r.winner == "A")
    low, high = wilson(wins, len(results))
    rate = wins / len(results) if results else 0.0
    lines += [
        "",
        f"A win rate: {rate:.1%} (95% CI {low:.1%} - {high:.1%}, Wilson; draws count as not won)",
        "",
        f"{'CPU per move':<24}{'mean':>10}{'max':>10}{'moves':>8}",
    ]
    for side, level in (("A", config.a), ("B", config.b)):
        times = [t for r in results for t in r.cpu[side]]
        mean = sum(times) / len(times) if times else 0.0
        top = max(times) if times else 0.0
        lines.append(f"{side + ' ' + level:<24}{mean:>9.4f}s{top:>9.4f}s{len(times):>8}")
    turns = [r.turns for r in results]
    if turns:
        lines += [
            "",
            f"game length (turns in play): mean {sum(turns) / len(turns):.1f}, max {max(turns)}",
        ]
    endings = Counter(r.ending for r in results)
    lines.append(
        "endings: " + ", ".join(f"{ending} {count}" for ending, count in endings.most_common())
    )
    if wall is not None:
        lines.append(f"wall time: {wall:.1f} s on {config.jobs} process(es)")
    return "\n".join(lines)
