"""``manage.py arena --a LEVEL --b LEVEL --games N [--seed S] [--jobs 2]``, or for N
players ``manage.py arena --game kasteel --seats LEVEL,LEVEL,... [--teams] [--limit K]``.

A thin wrapper: bots play bots and the command prints the results table.
All logic is in ``games.ai.arena`` (also ``python -m games.ai.arena``).
"""

from __future__ import annotations

import argparse
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.ai.arena import add_arguments, run_from_options


class Command(BaseCommand):
    help = "Let computer players play each other and print the results (docs/ai.md)."

    # The arena needs neither the database nor the system checks.
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        add_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = run_from_options(options, err=self.stderr)
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(report)
