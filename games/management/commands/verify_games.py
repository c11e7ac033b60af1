"""``manage.py verify_games [--game ID ...] [--since DATE] [--no-derived]``: replay the record.

Each game is replayed from its seed, options and move records through its
rules (games.core.verify) and compared with its stored state and the stored events
of each record. One line per game that differs, naming the first field that
does (never its value: games in progress hold hidden cards).

Then what is derived from the games (unless a part of the games was asked for,
or ``--no-derived``): every game kind's ratings and rating history, and every
ladder's places and every closed season's stored final standings, against
their folds from scratch (ladders.verify), and every
started tournament's stored results and winner against its games
(tournaments.verify); one line per value that differs. Then a summary. Exit
status 1 when anything differs or a requested game does not exist.
"""

from __future__ import annotations

import sys
from datetime import datetime, time
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from games.core.verify import StoredGame, StoredRecord, verify_game
from games.models import Match, MoveRecord


def parse_since(text: str) -> datetime:
    """A date (midnight, in the site's time zone) or a date and time."""
    moment = parse_datetime(text)
    if moment is None:
        day = parse_date(text)
        if day is None:
            raise CommandError(f"--since must be a date (YYYY-MM-DD) or a date and time, "
                               f"got {text!r}")
        moment = datetime.combine(day, time.min)
    if timezone.is_naive(moment):
        moment = timezone.make_aware(moment)
    return moment


def stored_game(match: Match) -> StoredGame:
    return StoredGame(
        id=match.pk, game=match.game, seed=match.seed, options=match.options,
        state=match.state, version=match.version, status=match.status,
        end_reason=match.end_reason, winner_seat=match.winner_seat,
        records=[StoredRecord(r.version, r.seat, r.kind, r.move, r.events)
                 for r in match.records.all()],
        results={seat.seat: seat.result for seat in match.seats.all()},
    )


def check_tournaments(out, wanted: set[int]) -> int:
    """Tournaments' stored results against the fold of their games (tournaments.verify):
    one line per difference; returns how many."""
    if wanted:
        return 0
    from tournaments.verify import verify_tournaments

    lines = verify_tournaments()
    for line in lines:
        out.write(f"{line}: differs")
    return len(lines)


class Command(BaseCommand):
    help = ("Replay stored games from their seed and moves and compare with the stored "
            "state and events; exit status 1 when any differs.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", type=int, action="append", dest="games", metavar="ID",
                            help="only this game (repeatable)")
        parser.add_argument("--since", metavar="DATE",
                            help="only games changed on or after DATE (YYYY-MM-DD or ISO)")
        parser.add_argument("--no-derived", action="store_true",
                            help="skip the check of ratings and ladder places")

    def handle(self, *args: Any, **options: Any) -> None:
        matches = Match.objects.order_by("pk").prefetch_related(
            Prefetch("records", queryset=MoveRecord.objects.order_by("version")), "seats")
        wanted = set(options["games"] or ())
        missing = sorted(wanted - set(Match.objects.filter(pk__in=wanted)
                                      .values_list("pk", flat=True)))
        if wanted:
            matches = matches.filter(pk__in=wanted)
        if options["since"]:
            matches = matches.filter(updated_at__gte=parse_since(options["since"]))
        checked = differ = 0
        for match in matches.iterator(chunk_size=100):
            checked += 1
            try:
                difference = verify_game(stored_game(match))
            except Exception as exc:  # a broken record must not stop the check of the rest
                difference = f"replay failed ({type(exc).__name__})"
            if difference is None:
                if options["verbosity"] >= 2:
                    self.stdout.write(f"game {match.pk}: ok")
                continue
            differ += 1
            self.stdout.write(f"game {match.pk}: differs: {difference}")
        for pk in missing:
            self.stdout.write(f"game {pk}: not found")
        derived = 0
        if not (wanted or options["since"] or options["no_derived"]):
            derived = self.check_derived()
        tournaments = check_tournaments(self.stdout, wanted)
        noun = "game" if checked == 1 else "games"
        self.stdout.write(f"{checked} {noun} checked: {checked - differ} ok, {differ} differ"
                          + (f", {len(missing)} not found" if missing else "")
                          + (f"; {tournaments} tournament result(s) differ" if tournaments
                             else ""))
        if differ or missing or derived or tournaments:
            sys.exit(1)

    def check_derived(self) -> int:
        """Ratings, history and ladder places against their folds; returns the number of
        differences (each written as a line, then one summary line)."""
        from ladders.models import Ladder
        from ladders.verify import derived_differences, rated_game_kinds

        kinds, ladders = rated_game_kinds(), list(Ladder.objects.order_by("pk"))
        found = derived_differences(kinds, ladders)
        for line in found:
            self.stdout.write(line)
        plural = "" if len(ladders) == 1 else "s"
        self.stdout.write(f"derived: ratings ({', '.join(kinds) or 'none'}), places on "
                          f"{len(ladders)} ladder{plural} checked "
                          f"against a replay: {len(found)} differ")
        return len(found)
