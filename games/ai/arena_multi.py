"""The arena for games of N players: each seat a level, seats rotating.

    python manage.py arena --game kasteel --players 4 --seats heuristic,random,random,random \\
        [--teams] [--limit K] --games 200 --seed 1 --jobs 2

``--seats`` lists one level per position; in game *i* position *j* takes
seat *(i + j) mod N*, so over N games every position plays every seat once
(the first player's edge is shared out fairly). Game *i* is seeded from
``--seed`` and *i*, and so is each position's rng: a match repeats exactly.

**Wins**: a game's win is worth 1, split equally among the teams (in an
individual game: the seats) that share it (a tie at a length limit); every
seat of a winning team is credited with its team's share. A level's win
rate is its credit over the games its positions played; by chance it would
be 1 / (number of teams). The 95 % interval is Wilson's on that rate.

Strijd om het Kasteel takes ``--players``, ``--teams`` and ``--limit`` (in
dealing cycles); without ``--limit`` a game ends after
``ceil(200 / N)`` cycles (at most 13 · N · K ≈ 2,600 turns at any N, and
random seats never finish a 12-player game). ``--a-iterations`` and
``--a-cpu`` set the budget of the first level named (every position it
plays); the others play their defaults. Another game takes no options
and must have as many seats as ``--seats`` lists; ``--turn-limit`` moves
then stop a game without a winner.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.rules import get_rules

from .arena_tools import play_all, seed_for, wilson
from .base import Budget
from .registry import get_arena_bot

MOVE_CAP_ENDING = "move cap (no winner)"


def default_limit(players: int) -> int:
    """The default length limit of a Kasteel arena game, in dealing cycles."""
    return math.ceil(200 / players)


@dataclass
class MultiConfig:
    seats: tuple[str, ...]  # a level per position
    games: int
    seed: int = 1
    game: str = "kasteel"
    teams: bool = False
    limit: int | None = None  # None: default_limit (Kasteel)
    jobs: int = 1
    turn_limit: int | None = None  # a move cap, for games without a length limit
    first_budget: Budget | None = None  # --a-iterations/--a-cpu: the first level's budget

    def options(self) -> dict[str, Any] | None:
        if self.game != "kasteel":
            if self.teams or self.limit is not None:
                raise ValueError(f"--teams and --limit are options of kasteel, not {self.game}")
            return None
        players = len(self.seats)
        limit = self.limit if self.limit is not None else default_limit(players)
        return {"players": players, "teams": self.teams, "limit": limit}


@dataclass
class MultiResult:
    index: int
    seating: tuple[int, ...]  # seating[position] = seat index
    credit: list[float]  # per position
    scores: list[float | None]  # per position
    ending: str
    turns: int
    cpu: list[list[float]] = field(default_factory=list)  # per position: per move
    home: list[int] | None = None  # Kasteel: per position, pieces on their castle target


def _pieces_home(rules: Any, state: Any, seating: tuple[int, ...]) -> list[int]:
    """Kasteel: each position's pieces standing on their castle targets."""
    board = rules.to_json(state)["seats"]
    home = []
    for seat in seating:
        info = board[seat]
        order = info["order"]
        home.append(sum(1 for r, place in info["castle"].items() if place == 7 - order.index(r)))
    return home


def _credit(rules: Any, state: Any, outcome: Any, seats: tuple[str, ...]) -> dict[str, float]:
    """Each seat's share of the win (see the module's docstring)."""
    winners = set(outcome.winner.split("+")) if outcome.winner else set()
    teams = rules.teams(state)
    winning = [team for team in teams if winners & set(team)]
    share = 1.0 / len(winning) if winning else 0.0
    return {seat: share if any(seat in team for team in winning) else 0.0 for seat in seats}


def play_multi_game(config: MultiConfig, index: int) -> MultiResult:
    """Game ``index``: position ``j`` plays seat ``(index + j) mod N``."""
    rules = get_rules(config.game)
    state = rules.new_game(seed_for(config.seed, index, "deal"), config.options())
    seats = rules.seats(state)
    n = len(config.seats)
    if len(seats) != n:
        raise ValueError(f"{config.game} has {len(seats)} seats; --seats lists {n} levels")
    seating = tuple((index + j) % n for j in range(n))
    position_of = {seats[seat]: j for j, seat in enumerate(seating)}
    bots = [get_arena_bot(config.game, level) for level in config.seats]
    rngs = [random.Random(seed_for(config.seed, index, f"p{j}")) for j in range(n)]
    cpu: list[list[float]] = [[] for _ in range(n)]
    moves = 0
    while not rules.is_over(state):
        if config.turn_limit is not None and moves >= config.turn_limit:
            break
        seat = rules.to_move(state)
        assert seat is not None  # the game is not over
        j = position_of[seat]
        view = rules.view(state, seat)
        legal = rules.legal_moves(state)
        started = time.process_time()
        budget = config.first_budget if config.seats[j] == config.seats[0] else None
        move = bots[j].choose(view, legal, rngs[j], budget)
        cpu[j].append(time.process_time() - started)
        state = rules.apply(state, move, seat=seat).state  # refuses an illegal move
        moves += 1
    outcome = rules.outcome(state)
    turns = rules.turn_number(state)
    if outcome is None:
        return MultiResult(index, seating, [0.0] * n, [None] * n, MOVE_CAP_ENDING, turns, cpu)
    credit = _credit(rules, state, outcome, seats)
    scores = outcome.scores or {}
    return MultiResult(
        index,
        seating,
        [credit[seats[seat]] for seat in seating],
        [scores.get(seats[seat]) for seat in seating],
        outcome.reason,
        turns,
        cpu,
        _pieces_home(rules, state, seating) if config.game == "kasteel" else None,
    )


def run_multi(
    config: MultiConfig, progress: Callable[[MultiResult, int], None] | None = None
) -> list[MultiResult]:
    """Play all games (on ``config.jobs`` processes); results in game order."""
    return play_all(play_multi_game, config, progress)


def format_multi_report(
    config: MultiConfig, results: list[MultiResult], wall: float | None = None
) -> str:
    """Per level: positions, win rate (95 % Wilson), mean score, CPU per move."""
    n = len(config.seats)
    options = config.options() or {}
    teams = options.get("teams", False)
    sides = n // 2 if teams else n
    limit = options.get("limit")
    head = f"{config.game}: {n} players ({', '.join(config.seats)})" + (", teams" if teams else "")
    head += f", {len(results)} games, seed {config.seed}"
    head += f", limit {limit} cycles" if limit is not None else ""
    if config.first_budget is not None:
        head += f", {config.seats[0]}'s budget {config.first_budget}"
    lines = [
        head,
        f"position j plays seat (game + j) mod {n}; a shared win is split equally among "
        f"the winning teams, each seat of a winning team credited with its team's share; "
        f"chance {1 / sides:.1%}",
        "",
        f"{'level':<12}{'positions':>10}{'games':>7}{'wins':>9}{'win rate':>10}"
        f"{'95% CI (Wilson)':>18}{'mean score':>12}{'CPU/move mean':>15}{'max':>10}{'moves':>9}",
    ]
    for level in dict.fromkeys(config.seats):
        positions = [j for j, name in enumerate(config.seats) if name == level]
        trials = len(results) * len(positions)
        wins = sum(r.credit[j] for r in results for j in positions)
        low, high = wilson(wins, trials)
        scores = [s for r in results for j in positions if (s := r.scores[j]) is not None]
        times = [t for r in results for j in positions for t in r.cpu[j]]
        mean_score = sum(scores) / len(scores) if scores else 0.0
        mean_cpu = sum(times) / len(times) if times else 0.0
        lines.append(
            f"{level:<12}{len(positions):>10}{trials:>7}{wins:>9.1f}"
            f"{(wins / trials if trials else 0):>10.1%}{f'{low:.1%} - {high:.1%}':>18}"
            f"{mean_score:>12.2f}{mean_cpu * 1000:>13.2f}ms"
            f"{(max(times) if times else 0) * 1000:>8.1f}ms{len(times):>9}"
        )
    if results and all(r.home is not None for r in results):
        lines.append("")
        for level in dict.fromkeys(config.seats):
            positions = [j for j, name in enumerate(config.seats) if name == level]
            home = [homes[j] for r in results if (homes := r.home) is not None
                    for j in positions]
            lines.append(
                f"{level}: pieces on their castle target at the end, mean "
                f"{sum(home) / len(home):.2f}, max {max(home)}"
            )
    first = config.seats[0]
    by_seat = [sum(r.credit[0] for r in results if r.seating[0] == seat) for seat in range(n)]
    counts = Counter(r.seating[0] for r in results)
    lines += [
        "",
        f"position 0 ({first}) by seat: "
        + ", ".join(f"{seat}: {by_seat[seat]:.1f}/{counts[seat]}" for seat in range(n)),
    ]
    turns = [r.turns for r in results]
    if turns:
        lines.append(
            f"game length (turns in play): mean {sum(turns) / len(turns):.1f}, "
            f"median {statistics.median(turns):.0f}, max {max(turns)}"
        )
    endings = Counter(r.ending for r in results)
    lines.append("endings: " + ", ".join(f"{e} {c}" for e, c in endings.most_common()))
    if wall is not None:
        lines.append(f"wall time: {wall:.1f} s on {config.jobs} process(es)")
    return "\n".join(lines)


def multi_config_from_options(options: dict[str, Any]) -> MultiConfig:
    seats = tuple(level.strip() for level in options["seats"].split(",") if level.strip())
    players = options.get("players")
    if players is not None and players != len(seats):
        raise ValueError(f"--players {players} but --seats lists {len(seats)} levels")
    if options["games"] < 1:
        raise ValueError("--games must be at least 1")
    game = options["game"]
    for level in seats:
        get_arena_bot(game, level)  # ValueError for an unknown level or one that does not play it
    config = MultiConfig(
        seats=seats,
        games=options["games"],
        seed=options["seed"],
        game=game,
        teams=bool(options.get("teams")),
        limit=options.get("limit"),
        jobs=max(1, options["jobs"]),
        turn_limit=options.get("turn_limit") if game != "kasteel" else None,
    )
    iterations, cpu = options.get("a_iterations"), options.get("a_cpu")
    if iterations is not None or cpu is not None:
        config.first_budget = Budget(iterations=iterations, cpu_seconds=cpu)
    config.options()  # refuse options the game does not take
    return config


def run_multi_from_options(options: dict[str, Any], err: Any) -> str:
    config = multi_config_from_options(options)

    def progress(result: MultiResult, done: int) -> None:
        err.write(
            f"game {result.index}: seats {list(result.seating)} credit {result.credit} "
            f"in {result.turns} turns, {result.ending} [{done}/{config.games}]\n"
        )
        err.flush()

    started = time.perf_counter()
    results = run_multi(config, progress if options.get("progress") else None)
    return format_multi_report(config, results, time.perf_counter() - started)
