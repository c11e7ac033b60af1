"""``manage.py rules GAME new|apply|legal|view ...``: the conformance command.

A thin wrapper: all logic is in ``games.rules.cli.run``. Whatever goes wrong,
including argparse errors of Django's own parser, the command prints one
``{"error": ...}`` line on stdout and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from django.core.management.base import BaseCommand

from games.rules.cli import EXIT_ERROR, error_text, run


def _json_parser_error(message: str) -> None:
    sys.stdout.write(error_text(message) + "\n")
    sys.stdout.flush()
    raise SystemExit(EXIT_ERROR)


class Command(BaseCommand):
    help = "Drive a game's rules engine from JSON files (see docs/game-interface.md)."

    # The rules need neither the database nor the system checks.
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.error = _json_parser_error  # type: ignore[method-assign]
        return parser

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("game", help="the game, e.g. druidenwalzer")
        parser.add_argument(
            "arguments",
            nargs=argparse.REMAINDER,
            help="new|apply|legal|view and their options",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        code, text = run([options["game"], *options["arguments"]])
        self.stdout.write(text)
        self.stdout.flush()
        if code:
            raise SystemExit(code)
