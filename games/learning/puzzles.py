"""Puzzles from finished games: mining them, choosing one, telling its story.

The miner replays a finished game from its seed (two players, or a Kasteel table's
2 to 12) and, at each move, hands the game's pure puzzle finder (``FINDERS``)
exactly what the mover had: their view, their legal moves and the log as their
seat saw it, opened by their first view (the hints' and the bots' rule). A
position the finder claims is stored with the mover's view only, and with the
solution's public events that every deal of the hidden cards agrees on (so the
explanation after a try tells nothing the mover could not have known either).

Mining is idempotent: one ``Puzzle`` per decision, one ``PuzzleMining`` per game,
so the sweep (``games.mine_puzzles``) and the command (``mine_puzzles``) may run
any number of times.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.ai.base import start_record
from games.ai.caesar_cleopatra import puzzles as caesar_cleopatra_puzzles
from games.ai.druidenwalzer import puzzles as druidenwalzer_puzzles
from games.ai.kasteel import puzzles as kasteel_puzzles
from games.ai.puzzles import Candidate, chosen_claims
from games.core import catalog
from games.core.verify import new_game_options
from games.learning.hints import move_words
from games.models import Match, MoveRecord, Puzzle, PuzzleAttempt, PuzzleMining
from games.rules import get_rules

Finder = Callable[..., Any]
#: Each game's finder: ``find(view, legal, history, rng)`` -> a ``Found`` or None.
FINDERS: dict[str, Finder] = {"druidenwalzer": druidenwalzer_puzzles.find,
                               "caesar-cleopatra": caesar_cleopatra_puzzles.find,
                               "kasteel": kasteel_puzzles.find}
#: The games with puzzles, in the catalogue's order.
GAMES = tuple(FINDERS)


def _rng(match: Match, version: int) -> random.Random:
    # Keyed by the game's seed, not its id: the same game mines the same puzzles
    # wherever it is stored (ids differ from one database to the next).
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:puzzle:{match.seed}:{version}".encode())
    return random.Random(int.from_bytes(digest.digest()[:8], "big"))


def mine(match: Match) -> list[Puzzle]:
    """The puzzles of one finished game (stored once; mined again, the same ones)."""
    finder = FINDERS.get(match.game)
    if finder is None or not match.is_over:
        return []
    rules = get_rules(match.game)
    state = rules.new_game(match.seed, new_game_options(match.options))
    logs = {seat: [start_record(rules.view(state, seat))] for seat in rules.seats(state)}
    claims: list[Candidate] = []
    number = 0
    for record in match.records.order_by("version"):
        if record.kind == MoveRecord.Kind.MOVE and record.move is not None:
            number += 1
            seat = record.seat
            view = rules.view(state, seat)
            legal = rules.legal_moves(state)
            claim = finder(view, legal, logs[seat], _rng(match, record.version))
            if claim is not None:
                claims.append(Candidate(record.version, number, seat, view, legal, claim))
            state = rules.apply(state, record.move).state
        for seat, log in logs.items():
            log.extend(rules.redact_events(record.events, seat))
    found: list[Puzzle] = []
    for chosen in chosen_claims(claims):
        claim = chosen.claim
        puzzle, _created = Puzzle.objects.get_or_create(
            match=match, version=chosen.version, defaults={
                "game": match.game, "number": chosen.number, "seat": chosen.seat,
                "kind": claim.kind, "view": chosen.view, "legal": chosen.legal,
                "solution": claim.solution, "deals": claim.deals, "events": claim.events})
        found.append(puzzle)
    try:
        with transaction.atomic():
            PuzzleMining.objects.update_or_create(match=match, defaults={"found": len(found)})
    except IntegrityError:  # mined twice at once: the other one wrote the same
        pass
    return found


def mine_finished(limit: int = 50) -> int:
    """Mine up to ``limit`` finished games not looked through yet; the puzzles found."""
    matches = (Match.objects.filter(game__in=GAMES, status=Match.Status.FINISHED,
                                    tutorial=False, puzzle_mining__isnull=True)
               .order_by("finished_at", "id")[:limit])
    return sum(len(mine(match)) for match in matches)


def next_for(game: str, user) -> Puzzle | None:
    """The puzzle ``user`` has not tried yet that is closest to their rating (the
    oldest for a visitor)."""
    puzzles = Puzzle.objects.filter(game=game)
    if user is None or not user.is_authenticated:
        return puzzles.first()
    from games.models import PuzzleRating

    rating = PuzzleRating.objects.filter(user=user, game=game).values_list(
        "rating", flat=True).first() or 1500.0
    untried = puzzles.exclude(attempts__user=user)
    above = untried.filter(rating__gte=rating).order_by("rating", "id").first()
    return above or untried.order_by("-rating", "id").first()


def daily(day: datetime.date | None = None) -> Puzzle | None:
    """The day's puzzle: the same for everyone all day, a different one each day."""
    day = day or datetime.date.today()
    count = Puzzle.objects.count()
    if not count:
        return None
    return Puzzle.objects.order_by("id")[day.toordinal() % count]


def tried(puzzle: Puzzle, user) -> PuzzleAttempt | None:
    if user is None or not user.is_authenticated:
        return None
    return PuzzleAttempt.objects.filter(puzzle=puzzle, user=user).first()


def task_words(puzzle: Puzzle) -> str:
    """What the solver is asked, without giving the answer away."""
    if puzzle.game == "caesar-cleopatra":
        return _caesar_cleopatra_task(puzzle.kind)
    if puzzle.game == "kasteel":
        return _kasteel_task(puzzle)
    if puzzle.kind == Puzzle.Kind.WIN:
        return _("One move wins the game on the spot, whatever the cards you cannot see. "
                 "Find it.")
    return _("Every move but one loses the game at once, whatever the cards you cannot "
             "see. Find the move that saves it.")


def _caesar_cleopatra_task(kind: str) -> str:
    if kind == Puzzle.Kind.WIN:
        return _("One move makes sure you win the game by the end of this turn, whatever "
                 "the cards you cannot see and whatever your opponent answers. Find it.")
    if kind == Puzzle.Kind.VOTE:
        return _("One move makes sure you win more patricians than your opponent by the "
                 "end of this turn, whatever the cards you cannot see and whatever your "
                 "opponent answers. Find it.")
    return _("One move makes sure your opponent wins no patrician by the end of this "
             "turn, whatever the cards you cannot see and whatever they answer. Find it.")


def _kasteel_task(puzzle: Puzzle) -> str:
    if puzzle.kind == Puzzle.Kind.WIN:
        text = _("One move makes sure you win the game by the end of your turn, whatever "
                 "the dice and whatever the cards you cannot see. Find it.")
    elif puzzle.kind == Puzzle.Kind.CASTLE:
        text = _("One move makes sure one more of your pieces stands on its castle target "
                 "by the end of your turn, whatever the dice and whatever the cards you "
                 "cannot see. Find it.")
    else:
        text = _("One move makes sure a foe's piece is sent home by the end of your turn, "
                 "and none of yours, whatever the dice and whatever the cards you cannot "
                 "see. Find it.")
    if puzzle.view.get("teams"):
        text += " " + _("Your partner's pieces count as yours, and a win is your team's.")
    return text


def headline(puzzle: Puzzle) -> str:
    """The puzzle of the day in a few words."""
    if puzzle.game == "kasteel":
        if puzzle.kind == Puzzle.Kind.WIN:
            return _("One move wins the game by the end of the turn.")
        if puzzle.kind == Puzzle.Kind.CASTLE:
            return _("One move reaches a castle target for certain.")
        return _("One move sends a foe home for certain.")
    if puzzle.game == "caesar-cleopatra":
        if puzzle.kind == Puzzle.Kind.WIN:
            return _("One move wins the game by the end of the turn.")
        if puzzle.kind == Puzzle.Kind.VOTE:
            return _("One move wins the vote for certain.")
        return _("One move keeps every patrician.")
    if puzzle.kind == Puzzle.Kind.WIN:
        return _("One move wins on the spot.")
    return _("One move saves the game.")


def _kasteel_claim(kind: str) -> str:
    if kind == Puzzle.Kind.WIN:
        return _("This move (%(move)s) wins you the game by the end of your turn whatever "
                 "the dice show (every throw was checked), and so in every one of %(deals)s "
                 "deals of the hidden cards that fit what you knew; no other move makes that "
                 "certain.")
    if kind == Puzzle.Kind.CASTLE:
        return _("This move (%(move)s) puts one more of your pieces on its castle target by "
                 "the end of your turn whatever the dice show (every throw was checked), and "
                 "so in every one of %(deals)s deals of the hidden cards that fit what you "
                 "knew; no other move makes that certain.")
    return _("This move (%(move)s) sends a foe's piece home by the end of your turn, and none "
             "of yours, whatever the dice show (every throw was checked), and so in every "
             "one of %(deals)s deals of the hidden cards that fit what you knew; no other "
             "move makes that certain.")


def _claim_words(puzzle: Puzzle) -> str:
    if puzzle.game == "kasteel":
        return _kasteel_claim(puzzle.kind)
    if puzzle.game == "caesar-cleopatra":
        if puzzle.kind == Puzzle.Kind.WIN:
            return _("After %(move)s you win the game by the end of the turn in every one "
                     "of %(deals)s deals of the hidden cards that fit what you knew, "
                     "whatever your opponent answers; no other move makes that certain.")
        if puzzle.kind == Puzzle.Kind.VOTE:
            return _("After %(move)s you win more patricians than your opponent by the end "
                     "of the turn in every one of %(deals)s deals of the hidden cards that "
                     "fit what you knew, whatever your opponent answers; no other move "
                     "makes that certain.")
        return _("After %(move)s your opponent wins no patrician by the end of the turn in "
                 "any of %(deals)s deals of the hidden cards that fit what you knew, "
                 "whatever they answer; after every other move some of those deals let "
                 "them win one.")
    if puzzle.kind == Puzzle.Kind.WIN:
        return _("%(move)s wins the game at once in every one of %(deals)s deals of the "
                 "hidden cards that fit what you knew; no other move wins in any of them.")
    return _("After %(move)s the opponent has no waltz that wins at once in any of "
             "%(deals)s deals of the hidden cards that fit what you knew; after every "
             "other move the game was lost at once in all of them.")


def explanation(puzzle: Puzzle) -> list[str]:
    """Why the solution is the answer: the claim, then the engine's events of the
    solution (and, in Caesar & Cleopatra and Kasteel, of the rest of the turn as
    planned) that every deal of the hidden cards showed alike."""
    words = move_words(puzzle.game, puzzle.seat, puzzle.solution)
    lines = [_claim_words(puzzle) % {"move": words, "deals": puzzle.deals}]
    info = catalog.get(puzzle.game)
    if info.event_sentence is not None:
        lines += [text for event in puzzle.events if (text := info.event_sentence(event))]
    return [capfirst(line) for line in lines]
