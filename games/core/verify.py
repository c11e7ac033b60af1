"""Replaying a stored game through its rules and comparing with what is stored.

A game is stored three ways: its seed and options, the log of its records
(each MOVE record with the move and the engine's events), and the state after
the last move. Since the rules are deterministic given the seed, the first two
determine the third. ``verify_game`` replays the records from a fresh game and
names the first thing that differs, or returns None when all agree.

The description names fields and versions, never their values: the output
goes to logs and terminals, and a game in progress holds hidden cards.

Pure: no Django and no database here; ``manage.py verify_games`` reads the
games and prints the results.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.rules import RulesError, get_rules

MOVE = "move"
#: Records that end a game by themselves, and the end reason each stores (the
#: rules' own end comes from a move: reason "rules").
ENDING_KINDS = {"resign": "resign", "timeout": "timeout", "draw_accept": "draw",
                "adjudicate": "adjudicated"}
RULES = "rules"
#: An admin's correction or annulment of a finished game's result: only after the end.
CORRECT = "correct"
CORRECTED = "corrected"
ANNUL = "annul"
ANNULLED = "annulled"
#: After the end, besides those: a player's dispute and an admin's ruling upholding it.
ADMIN_KINDS = (CORRECT, ANNUL)
AFTER_THE_END = (*ADMIN_KINDS, "dispute", "ruling")


def _hands_over(record: StoredRecord) -> bool:
    """A resignation or timeout at a table: an AI player takes the seat, play goes on."""
    events = record.events if isinstance(record.events, list) else []
    return any(isinstance(e, dict) and e.get("takeover") for e in events)


def _cancels(record: StoredRecord) -> bool:
    """An annulment of a running game: the site cancelled a game it no longer wanted
    (games.services.cancel_running, a knockout's bracket changed)."""
    events = record.events if isinstance(record.events, list) else []
    return any(isinstance(e, dict) and e.get("type") == ANNUL and e.get("cancelled")
               for e in events)


@dataclass(frozen=True)
class StoredRecord:
    version: int
    seat: str
    kind: str
    move: Any = None
    events: Any = field(default_factory=list)


@dataclass(frozen=True)
class StoredGame:
    id: int
    game: str
    seed: int
    options: Any
    state: Any
    version: int
    status: str  # "active" or "finished"
    end_reason: str = ""
    winner_seat: str = ""
    records: Sequence[StoredRecord] = ()
    #: Each seat's stored result ("win", "loss", "draw" or ""); empty: not checked.
    results: Any = field(default_factory=dict)


def _plain(value: Any) -> Any:
    """JSON as stored: tuples become lists, keys strings."""
    return json.loads(json.dumps(value))


def first_difference(expected: Any, actual: Any, path: str = "") -> str | None:
    """The path of the first place where two JSON values differ, or None."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in [*expected, *(k for k in actual if k not in expected)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in actual:
                return f"{where} (missing)"
            if key not in expected:
                return f"{where} (unexpected)"
            found = first_difference(expected[key], actual[key], where)
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for index, (left, right) in enumerate(zip(expected, actual)):
            found = first_difference(left, right, f"{path}[{index}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{path or '(top)'} (length)"
        return None
    if type(expected) is not type(actual) or expected != actual:
        return path or "(top)"
    return None


def new_game_options(options: Any) -> dict[str, Any]:
    """The ``new_game`` options a match was started with, from its stored options:
    ``new_game`` as games.core.services.start_match keeps it; a match stored before that
    key existed keeps only the cards each seat removed, its one option then."""
    options = options if isinstance(options, dict) else {}
    if "new_game" in options:
        return options["new_game"]
    return {"removed": options.get("removed", {})}


def verify_game(game: StoredGame) -> str | None:
    """The first difference between the stored game and its replay, or None."""
    try:
        rules = get_rules(game.game)
    except RulesError:
        return "game (unknown game)"
    options = game.options if isinstance(game.options, dict) else {}
    if "new_game" not in options and "removed" not in options:
        return "options.removed (missing)"
    try:
        state = rules.new_game(game.seed, new_game_options(options))
    except RulesError as exc:
        return f"options (refused by the rules: {type(exc).__name__})"
    except (TypeError, ValueError):
        return "seed or options (unusable)"

    ended_by: str | None = None
    correction: StoredRecord | None = None
    expected_version = 0
    for record in sorted(game.records, key=lambda r: r.version):
        expected_version += 1
        where = f"record v{record.version}"
        if record.version != expected_version:
            return f"records (v{expected_version} missing)"
        if record.kind == ANNUL and ended_by is None and _cancels(record):
            ended_by, correction = ANNUL, record  # the site ended it: annulled at once
            continue
        if record.kind in AFTER_THE_END:
            if ended_by is None:
                return f"{where} (a {record.kind} before the end of the game)"
            if record.kind in ADMIN_KINDS:
                correction = record
            continue
        if ended_by is not None:
            return f"{where} (after the end of the game)"
        if record.kind in ENDING_KINDS and not _hands_over(record):
            ended_by = record.kind
        if record.kind != MOVE:
            continue
        if not isinstance(record.move, dict):
            return f"{where}.move (not a move)"
        try:
            applied = rules.apply(state, record.move, seat=record.seat)
        except RulesError as exc:
            return f"{where}.move (refused on replay: {type(exc).__name__})"
        found = first_difference(_plain(applied.events), record.events)
        if found:
            return f"{where}.events at {found}"
        state = applied.state
        if rules.is_over(state):
            ended_by = RULES

    if game.version != expected_version:
        return "version (differs from the last record)"
    found = first_difference(_plain(rules.to_json(state)), game.state)
    if found:
        return f"state at {found}"
    return _check_ending(game, rules, state, ended_by, correction)


def _check_ending(game: StoredGame, rules, state, ended_by: str | None,
                  correction: StoredRecord | None = None) -> str | None:
    finished = game.status == "finished"
    if ended_by is None:
        return "status (finished without a final record)" if finished else None
    if not finished:
        return "status (active after the end of the game)"
    if correction is not None:
        return _check_correction(game, correction)
    found = _check_results(game)
    if found:
        return found
    reason = RULES if ended_by == RULES else ENDING_KINDS[ended_by]
    if game.end_reason != reason:
        return "end_reason (differs from the final record)"
    if ended_by == RULES and (game.winner_seat or None) != rules.outcome(state).winner:
        return "winner_seat (differs from the rules' outcome)"
    return None


def _check_correction(game: StoredGame, record: StoredRecord) -> str | None:
    """A corrected game ends as its last correction says; an annulled one has no result."""
    event = next((e for e in record.events if isinstance(e, dict)
                  and e.get("type") == record.kind), None) if isinstance(record.events,
                                                                        list) else None
    where = f"record v{record.version}"
    if event is None:
        return f"{where}.events (no {record.kind} event)"
    if record.kind == ANNUL:
        if game.end_reason != ANNULLED:
            return "end_reason (differs from the annulment)"
        if game.winner_seat:
            return "winner_seat (differs from the annulment)"
        for seat, result in sorted(dict(game.results).items()):
            if result:
                return f"results.{seat} (a result in an annulled game)"
        return None
    if game.end_reason != CORRECTED:
        return "end_reason (differs from the correction)"
    if (game.winner_seat or None) != event.get("winner"):
        return "winner_seat (differs from the correction)"
    return _check_results(game)


def _check_results(game: StoredGame) -> str | None:
    """Each seat's result follows the winner: a win for the winner's seats (a team's
    seats joined by "+"), a loss for the others, a draw for all when nobody won."""
    winners = set(game.winner_seat.split("+")) if game.winner_seat else set()
    for seat, result in sorted(dict(game.results).items()):
        expected = "draw" if not winners else ("win" if seat in winners else "loss")
        if result != expected:
            return f"results.{seat} (differs from winner_seat)"
    return None
