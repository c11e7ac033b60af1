"""``manage.py mine_puzzles [--limit N] [--match ID]``: puzzles from finished games.

The same work as the beat's ``games.mine_puzzles`` (games.learning.puzzles): each
finished game is looked through once; ``--match`` looks through one game again
(the puzzles already found stay, none is stored twice).
"""

from __future__ import annotations

import argparse
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.learning import puzzles
from games.models import Match


class Command(BaseCommand):
    help = "Find puzzles in finished games (docs/playing.md, Puzzles)."

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--limit", type=int, default=200,
                            help="at most this many games not looked through yet")
        parser.add_argument("--match", type=int, help="look through this one game")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["match"] is not None:
            match = Match.objects.filter(pk=options["match"]).first()
            if match is None:
                raise CommandError(f"there is no game {options['match']}")
            found = len(puzzles.mine(match))
        else:
            found = puzzles.mine_finished(options["limit"])
        self.stdout.write(f"{found} puzzles found")
