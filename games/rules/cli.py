"""The conformance command as a pure function (no Django).

::

    rules GAME new    --seed N [game options]
    rules GAME apply  --state STATE.json --move MOVE.json [--seed N]
    rules GAME legal  --state STATE.json
    rules GAME view   --state STATE.json --player SEAT

``run(argv)`` returns ``(exit_code, stdout_text)``: the JSON answer and 0, or
``{"error": "<reason>"}`` and 2 for anything wrong (unknown game, bad
argument, missing or unreadable file, invalid JSON, invalid state, malformed
or illegal move). It never writes a file and never raises.
``manage.py rules`` is a thin wrapper around it.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, NoReturn

from . import GAMES, get_rules
from .base import GameRules, RulesError

EXIT_OK = 0
EXIT_ERROR = 2
COMMANDS = ("new", "apply", "legal", "view")


class UsageError(Exception):
    """A bad command line; the message becomes the JSON error."""


class _Parser(argparse.ArgumentParser):
    """An argparse parser that raises instead of printing and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise UsageError(message or "bad arguments")


def error_text(reason: str) -> str:
    """The one-line JSON error the command prints."""
    return json.dumps({"error": reason})


def _dump(data: Any) -> str:
    return json.dumps(data, indent=2)


def _read_json(path: str, what: str) -> Any:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except FileNotFoundError:
        raise UsageError(f"{what} file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as problem:
        raise UsageError(f"cannot read {what} file {path}: {problem.__class__.__name__}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as problem:
        raise UsageError(f"{what} file {path} is not valid JSON: {problem}") from None
    except RecursionError:
        raise UsageError(f"{what} file {path} is nested too deeply") from None


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"--seed must be an integer, got {text!r}") from None


def _build_parser(rules: GameRules, command: str) -> _Parser:
    parser = _Parser(prog=f"rules {rules.name} {command}", add_help=False)
    if command == "new":
        parser.add_argument("--seed", required=True)
        rules.add_new_arguments(parser)
    elif command == "apply":
        parser.add_argument("--state", required=True)
        parser.add_argument("--move", required=True)
        parser.add_argument("--seed")
    elif command == "legal":
        parser.add_argument("--state", required=True)
    else:  # view
        parser.add_argument("--state", required=True)
        parser.add_argument("--player", required=True)
    return parser


def _run(argv: list[str]) -> str:
    if not argv:
        raise UsageError(f"name a game: {', '.join(GAMES)}")
    game, *rest = argv
    if game not in GAMES:
        raise UsageError(f"unknown game {game!r}; known games: {', '.join(GAMES)}")
    rules = get_rules(game)
    if not rest or rest[0] not in COMMANDS:
        got = repr(rest[0]) if rest else "nothing"
        raise UsageError(f"command must be one of {', '.join(COMMANDS)}, got {got}")
    command, *options = rest
    arguments = _build_parser(rules, command).parse_args(options)

    if command == "new":
        seed = _seed(arguments.seed)
        state = rules.new_game(seed, rules.options_from_arguments(arguments))
        return _dump(rules.to_json(state))

    data = _read_json(arguments.state, "state")
    if command == "apply":
        move = _read_json(arguments.move, "move")
        if arguments.seed is not None:
            seed = _seed(arguments.seed)
            if isinstance(data, dict):
                # --seed seeds any shuffle the move causes; the state keeps it.
                data = {**data, "seed": seed}
        state = rules.from_json(data)
        applied = rules.apply(state, move)
        return _dump(rules.to_json(applied.state))
    state = rules.from_json(data)
    if command == "legal":
        return _dump(rules.legal_moves(state))
    seat = rules.parse_seat(arguments.player, state)
    return _dump(rules.view(state, seat))


def run(argv: list[str]) -> tuple[int, str]:
    """Run the command line ``argv`` (without the program name)."""
    try:
        return EXIT_OK, _run(list(argv))
    except (RulesError, UsageError) as problem:
        return EXIT_ERROR, error_text(str(problem))
    except RecursionError:
        return EXIT_ERROR, error_text("input nested too deeply")
    except Exception as problem:  # noqa: BLE001 - the contract is JSON, always
        return EXIT_ERROR, error_text(f"internal error: {problem.__class__.__name__}")


def main(argv: list[str] | None = None) -> int:
    """Entry point for ``python -m games.rules.cli``."""
    import sys

    code, text = run(sys.argv[1:] if argv is None else argv)
    sys.stdout.write(text + "\n")
    return code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
