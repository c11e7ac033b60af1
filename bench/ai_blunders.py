"""Certain wins missed and certain losses walked into, per level.

    python bench/ai_blunders.py --a strong --b baseline --games 20 --cpu 0.1 --seed 1
    python bench/ai_blunders.py --game caesar-cleopatra --a strong --b baseline --games 20 --cpu 0.1

Plays the arena's games (the same deals and seat order as
``games.ai.arena_match`` for the seed; each seat's history opens with its
first view) and judges every decision that is not forced, from the deciding
seat's own information: ``--deals`` deals that fit everything the seat
observed (``games.ai.druidenwalzer.knowledge``), plus the true state.

- a *certain win* is a move that wins the game at once in every one of them;
  *missed* when the level played another move that does not win at once;
- a *certain loss* is a move that ends the game against the mover, or after
  which the opponent has a waltz that wins at once, in every one of them;
  *walked into* when the level played one while another move was not a
  certain loss.

In Caesar & Cleopatra the game ends only at the end of an active turn, so
a move wins (or loses) *at once* when the game is won (or lost) by the end
of the mover's turn, the rest of the turn searched in each deal
(``games.ai.caesar_cleopatra.tactics``: the mover's later decisions at best,
the opponent's Veto answers at worst); the deals are those of
``games.ai.caesar_cleopatra.knowledge``, and positions where the game cannot
end this turn are judged without dealing (nothing is certain there).

``--results FILE`` appends each finished game to a JSON-lines file and a run
with the same file plays only the games it does not hold yet (a long audit
survives a stop); the report then covers every game of the file played with
the same settings.

A blunder (a certain win missed, a certain loss walked into) counts only once
``--confirm`` more deals (1,000) confirm it: a move that wins in 98 % of the
deals that fit passes 65 deals for certain one time in four. Each confirmed
blunder's position is kept in ``bench/.blunders/`` (view, legal moves, log
and true state).

The report gives, per level, the decisions judged and the counts per 1,000
of them. The judging's CPU is not charged to the bots (each bot's budget is
its own ``time.process_time`` per move).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.ai.arena_tools import play_all, play_kept, seed_for, wilson  # noqa: E402
from games.ai.base import Budget, start_record  # noqa: E402
from games.ai.caesar_cleopatra import tactics as cc_tactics  # noqa: E402
from games.ai.caesar_cleopatra.determinize import Observation as CCObservation  # noqa: E402
from games.ai.caesar_cleopatra.knowledge import NoStory  # noqa: E402
from games.ai.druidenwalzer.determinize import Observation  # noqa: E402
from games.ai.druidenwalzer.search import moves_and_actions  # noqa: E402
from games.ai.druidenwalzer.tactics import exposed, wins_at_once  # noqa: E402
from games.ai.registry import get_arena_bot  # noqa: E402
from games.rules import get_rules  # noqa: E402
from games.rules.caesar_cleopatra.moves import move_to_action as cc_action  # noqa: E402
from games.rules.druidenwalzer.constants import OVER  # noqa: E402
from games.rules.druidenwalzer.engine import play  # noqa: E402

TURN_LIMIT = 400


@dataclass
class Tally:
    decisions: int = 0
    win_positions: int = 0  # decisions with a certain win
    wins_missed: int = 0
    loss_positions: int = 0  # decisions with a certain loss and a move that is not one
    losses_walked: int = 0
    untold: int = 0  # Caesar & Cleopatra: decisions whose deals no story explained
    refuted: int = 0  # blunders the judge's first deals showed and more deals disproved
    examples: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.decisions += other.decisions
        self.win_positions += other.win_positions
        self.wins_missed += other.wins_missed
        self.loss_positions += other.loss_positions
        self.losses_walked += other.losses_walked
        self.untold += other.untold
        self.refuted += other.refuted
        self.examples += other.examples


@dataclass
class Config:
    a: str
    b: str
    games: int
    seed: int
    budget: Budget
    deals: int
    jobs: int
    first_view: bool = True
    game: str = "druidenwalzer"
    confirm: int = 1000


@dataclass
class Result:
    index: int
    tallies: dict[str, Tally]
    a_won: bool | None = None  # None: a draw or the turn limit


def outcomes(state, actions, seat: int) -> tuple[list[bool], list[bool]]:
    """Per action: does it win at once, does it lose at once (or let a waltz win)?"""
    wins, losses = [], []
    for action in actions:
        child = state.copy()
        play(child, action)
        if child.phase == OVER:
            wins.append(child.winner == seat)
            losses.append(child.winner != seat)
        else:
            wins.append(False)
            losses.append(exposed(child, seat) and wins_at_once(child))
    return wins, losses


#: (a certain win existed, it was missed, an avoidable certain loss existed, walked
#: into, a blunder the first deals showed was disproved by more deals)
Verdict = tuple[bool, bool, bool, bool, bool]


def holding(sample, test, indices: list[int], deals: int) -> list[int]:
    """The moves of ``indices`` for which ``test(state, index)`` holds in ``deals``
    more deals. A blunder is counted only once confirmed so: a move that wins in
    98 % of the deals that fit passes 65 deals for certain one time in four."""
    left = list(indices)
    for _ in range(deals):
        if not left:
            break
        state = sample()
        left = [index for index in left if test(state, index)]
    return left


def confirmed(first: tuple[bool, bool, bool, bool], sample, wins, loses,
              certain_win: list[bool], chosen: int, deals: int) -> Verdict:
    """The verdict of the first deals (``first``: all but ``refuted``) with its
    blunder, if any, checked on ``deals`` more deals."""
    has_win, missed, avoidable, walked = first
    refuted = False
    if missed and deals:
        winners = [index for index, certain in enumerate(certain_win) if certain]
        if not holding(sample, wins, winners, deals):
            has_win = missed = False
            refuted = True
    if walked and deals and not holding(sample, loses, [chosen], deals):
        walked = False
        refuted = True
    return has_win, missed, avoidable, walked, refuted


def judge(view, legal, history, truth, chosen, deals: int, rng: random.Random,
          confirm: int = 0) -> Verdict:
    """Whether a certain win existed and was missed, an avoidable certain loss
    existed and was walked into (each blunder confirmed on ``confirm`` more deals)."""
    observation = Observation(view, history)
    pairs = moves_and_actions(legal, observation.seat)
    actions = [action for _move, action in pairs]
    states = [truth] + [observation.sample(rng) for _ in range(deals)]
    certain_win = [True] * len(actions)
    certain_loss = [True] * len(actions)
    for state in states:
        wins, losses = outcomes(state, actions, observation.seat)
        certain_win = [c and w for c, w in zip(certain_win, wins)]
        certain_loss = [c and lo for c, lo in zip(certain_loss, losses)]
    index = next(i for i, (move, _a) in enumerate(pairs) if move == chosen)
    has_win = any(certain_win)
    missed = has_win and not outcomes(truth, [actions[index]], observation.seat)[0][0]
    avoidable = any(certain_loss) and not all(certain_loss)
    walked = avoidable and certain_loss[index]
    seat = observation.seat
    return confirmed(
        (has_win, missed, avoidable, walked), lambda: observation.sample(rng),
        lambda state, i: outcomes(state, [actions[i]], seat)[0][0],
        lambda state, i: outcomes(state, [actions[i]], seat)[1][0],
        certain_win, index, confirm)


def judge_cc(view, legal, history, truth, chosen, deals: int, rng: random.Random,
             confirm: int = 0) -> Verdict:
    """``judge`` for Caesar & Cleopatra: outcomes by the end of the mover's turn."""
    if not cc_tactics.can_end_this_turn(truth):
        return False, False, False, False, False
    observation = CCObservation(view, history)
    observation.fall_back = False  # judged on exact deals or not at all (NoStory)
    actions = [cc_action(move) for move in legal]
    seat = observation.seat
    certain_win = [True] * len(actions)
    certain_loss = [True] * len(actions)
    for number in range(deals + 1):
        state = truth if number == 0 else observation.sample(rng)
        for index, action in enumerate(actions):
            if certain_win[index] or certain_loss[index]:
                outcome = cc_tactics.move_outcome(state, action, seat)
                certain_win[index] = certain_win[index] and outcome == cc_tactics.WIN
                certain_loss[index] = certain_loss[index] and outcome == cc_tactics.LOSS
        if not any(certain_win) and not any(certain_loss):
            break
    index = actions.index(cc_action(chosen))
    has_win = any(certain_win)
    missed = has_win and cc_tactics.move_outcome(truth, actions[index], seat) != cc_tactics.WIN
    avoidable = any(certain_loss) and not all(certain_loss)
    walked = avoidable and certain_loss[index]
    return confirmed(
        (has_win, missed, avoidable, walked), lambda: observation.sample(rng),
        lambda state, i: cc_tactics.move_outcome(state, actions[i], seat) == cc_tactics.WIN,
        lambda state, i: cc_tactics.move_outcome(state, actions[i], seat) == cc_tactics.LOSS,
        certain_win, index, confirm)


UNTOLD = Path(__file__).resolve().parent / ".untold"
#: The positions of confirmed blunders, to study and to make tests of.
BLUNDERS = Path(__file__).resolve().parent / ".blunders"


def keep_position(config: Config, index: int, move: int, view, legal, history, state,
                  folder: Path) -> None:
    """A judged position, to study and to make a test of (FOLDER/<seed>-<game>-<move>.json)."""
    folder.mkdir(exist_ok=True)
    name = folder / f"{config.seed}-{index}-{move}.json"
    name.write_text(json.dumps({"view": view, "legal": legal, "history": history,
                                "state": state}))


def play_game(config: Config, index: int) -> Result:
    rules = get_rules(config.game)
    state = rules.new_game(seed_for(config.seed, index, "deal"))
    seats = rules.seats(state)
    a_seat = seats[index % 2]
    level = {a_seat: config.a, seats[1 - index % 2]: config.b}
    bots = {seat: get_arena_bot(config.game, level[seat]) for seat in seats}
    rngs = {seat: random.Random(seed_for(config.seed, index, "A" if seat == a_seat else "B"))
            for seat in seats}
    judge_rng = random.Random(seed_for(config.seed, index, "judge"))
    histories = {seat: [start_record(rules.view(state, seat))] for seat in seats}
    tallies = {name: Tally() for name in {config.a, config.b}}
    moves = 0
    while not rules.is_over(state) and moves < TURN_LIMIT:
        seat = rules.to_move(state)
        view = rules.view(state, seat)
        legal = rules.legal_moves(state)
        # Without the first view the bots remember as before (the log alone);
        # the judge always knows it.
        given = histories[seat] if config.first_view else histories[seat][1:]
        move = bots[seat].choose(view, legal, rngs[seat], config.budget, history=given)
        if len(legal) > 1 and view["phase"] == "play":
            judging = judge if config.game == "druidenwalzer" else judge_cc
            tally = tallies[level[seat]]
            try:
                has_win, missed, avoidable, walked, refuted = judging(
                    view, legal, histories[seat], state, move, config.deals, judge_rng,
                    config.confirm)
            except NoStory:
                # The deals' sampler gave up: not judged, and the position kept for
                # a test (UNTOLD/<seed>-<game>-<move>.json).
                tally.untold += 1
                tally.examples.append(f"game {index} move {moves} {seat}: no story")
                keep_position(config, index, moves, view, legal, histories[seat],
                              rules.to_json(state), UNTOLD)
                has_win = missed = avoidable = walked = refuted = False
            tally.decisions += 1
            tally.win_positions += has_win
            tally.wins_missed += missed
            tally.loss_positions += avoidable
            tally.losses_walked += walked
            tally.refuted += refuted
            if missed or walked:
                tally.examples.append(
                    f"game {index} move {moves} {seat}: {'win missed' if missed else 'loss'}")
                keep_position(config, index, moves, view, legal, histories[seat],
                              rules.to_json(state), BLUNDERS)
        applied = rules.apply(state, move, seat=seat)
        state = applied.state
        for viewer, history in histories.items():
            history.extend(rules.redact_events(applied.events, viewer))
        moves += 1
    outcome = rules.outcome(state)
    won = None if outcome is None or outcome.winner is None else outcome.winner == a_seat
    return Result(index, tallies, won)


def settings_of(config: Config) -> dict:
    """What makes two runs' games the same games (the jobs do not)."""
    return {"game": config.game, "a": config.a, "b": config.b, "seed": config.seed,
            "cpu": config.budget.cpu_seconds, "deals": config.deals,
            "first_view": config.first_view}


def row_of(result: Result) -> dict:
    """A game's line of the results file."""
    return {"index": result.index, "a_won": result.a_won,
            "tallies": {name: asdict(tally) for name, tally in result.tallies.items()}}


def result_of(row: dict) -> Result:
    return Result(row["index"], {name: Tally(**fields) for name, fields in row["tallies"].items()},
                  row["a_won"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="druidenwalzer",
                        choices=("druidenwalzer", "caesar-cleopatra"))
    parser.add_argument("--a", default="strong")
    parser.add_argument("--b", default="baseline")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--cpu", type=float, default=None,
                        help="CPU seconds a move, each side (default: each level's own)")
    parser.add_argument("--deals", type=int, default=64, help="deals that judge a decision")
    parser.add_argument("--confirm", type=int, default=1000,
                        help="more deals that must confirm a blunder before it counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--results", type=Path, default=None,
                        help="JSON-lines file: each game appended, a run resumed from it")
    parser.add_argument("--without-first-view", action="store_true",
                        help="give the bots the log alone (the memory before 2026-12-05)")
    options = parser.parse_args()
    config = Config(options.a, options.b, options.games, options.seed,
                    Budget(cpu_seconds=options.cpu), options.deals, options.jobs,
                    not options.without_first_view, options.game, options.confirm)
    started = time.perf_counter()
    totals: dict[str, Tally] = {}
    if options.results is None:
        results = play_all(play_game, config)
    else:
        results = play_kept(play_game, config, options.results, settings_of(config), row_of,
                            result_of)
    a_wins = sum(1 for result in results if result.a_won)
    for result in results:
        for name, tally in result.tallies.items():
            totals.setdefault(name, Tally()).add(tally)
    print(f"{options.game}: {options.games} games of {options.a} (A) against {options.b} (B), seed "
          f"{options.seed}, {options.cpu if options.cpu is not None else 'default'} CPU s a move, "
          f"{'' if config.first_view else 'bots without the first view, '}"
          f"judged on {options.deals} deals + the true state, a blunder confirmed on "
          f"{options.confirm} more; "
          f"{time.perf_counter() - started:.0f} s wall")
    print("| level | decisions | certain wins | missed | per 1,000 | avoidable certain losses "
          "| walked into | per 1,000 |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, t in totals.items():
        per = 1000 / t.decisions if t.decisions else 0.0
        print(f"| {name} | {t.decisions} | {t.win_positions} | {t.wins_missed} | "
              f"{t.wins_missed * per:.1f} | {t.loss_positions} | {t.losses_walked} | "
              f"{t.losses_walked * per:.1f} |")
    untold = sum(t.untold for t in totals.values())
    if untold:
        print(f"decisions not judged, no story explained their log: {untold} "
              f"(positions in {UNTOLD})")
    refuted = sum(t.refuted for t in totals.values())
    if refuted:
        print(f"blunders the first deals showed and the {options.confirm} more disproved "
              f"(not counted): {refuted}")
    print(f"the blunders' positions: {BLUNDERS}")
    low, high = wilson(a_wins, len(results))
    share = 100 * a_wins / max(len(results), 1)
    print(f"A ({options.a}) won {a_wins} of {len(results)} "
          f"({share:.1f} %, 95 % CI {100 * low:.1f}-{100 * high:.1f} %)")
    for name, t in totals.items():
        for example in t.examples[:10]:
            print(f"  {name}: {example}")


if __name__ == "__main__":
    main()
