"""Guided first games: a tutorial per game against the random AI.

A tutorial is an ordinary match (same engine, created and played through
games.core.commit like any other) with ``Match.tutorial`` set: unrated, listed
nowhere, never rated. Its deal is fixed by the tutorial's seed, and its first
turns follow a script: for the player's steps the game page shows a lesson
about the scripted move and offers to play it; the AI's steps of the script
are played by the AI instead of its own choice (games.ai_players.bots). Once the player
plays something else, or the script is done, the game goes on freely, with
the hint button (games.learning.hints).

The script is not stored: it is replayed from the seed by the engine, each
move chosen by a rule ("the first waltz that makes cards dance") and each
lesson built from the engine's events of the scripted move as the player
will see them, so a rules change rewrites the lessons. The scripts, one module
per game, are in games/learning/tutorials/; this module replays them and
starts and follows the tutorial games. The deal is the same
for every player, public in this source: a tutorial teaches, it is not a
contest.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from games.core import catalog
from games.models import Match, MoveRecord
from games.rules import get_rules

from .tutorials.caesar_cleopatra import CAESAR_CLEOPATRA
from .tutorials.druidenwalzer import DRUIDENWALZER
from .tutorials.kasteel import KASTEEL, with_kasteel_steps
from .tutorials.script_parts import Move, Scripted, Tutorial, sentences

__all__ = ["CAESAR_CLEOPATRA", "DRUIDENWALZER", "KASTEEL", "Scripted", "Tutorial", "games",
           "lesson", "lesson_text", "progress", "script", "scripted_move", "start",
           "tutorial", "unfinished"]

AI_LEVEL = "random"
DAYS_PER_MOVE = 14


def tutorial(game: str) -> Tutorial | None:
    if game == "kasteel":
        return with_kasteel_steps()
    return {"druidenwalzer": DRUIDENWALZER, "caesar-cleopatra": CAESAR_CLEOPATRA}.get(game)


def games() -> list[str]:
    return [game for game in ("druidenwalzer", "caesar-cleopatra", "kasteel")
            if catalog.find(game) is not None]


@lru_cache(maxsize=8)
def script(game: str) -> tuple[Scripted, ...]:
    """The tutorial's script replayed by the engine: each move, its seat and its events
    as the tutorial's player sees them (cached per process: it changes with a deploy)."""
    found = tutorial(game)
    if found is None:
        return ()
    rules = get_rules(game)
    state = rules.new_game(found.seed, found.new_game)
    moves: list[Scripted] = []
    for step in found.steps:
        owed = rules.owed_by(state)
        if not owed:
            break
        move = step.choose(rules.legal_moves(state))
        applied = rules.apply(state, move)
        moves.append(Scripted(owed[0], dict(move), rules.redact_events(
            list(applied.events), found.seat)))
        state = applied.state
    return tuple(moves)


def lesson_text(game: str, index: int) -> str:
    """The lesson of the script's step ``index`` ("" for a step without one); a step
    with ``recap`` first tells, from the engine's events, what happened since the
    player's previous step."""
    return _after_recap(*lesson_parts(game, index))


def _after_recap(recap: str, text: str) -> str:
    return f"{recap} {text}" if recap else text


def lesson_parts(game: str, index: int) -> tuple[str, str]:
    """``lesson_text``'s recap ("" without one) and lesson, apart."""
    found = tutorial(game)
    steps = script(game)
    if found is None or index >= len(steps) or found.steps[index].lesson is None:
        return "", ""
    step, scripted = found.steps[index], steps[index]
    text = step.lesson(scripted.move, scripted.events)  # type: ignore[misc]
    recap = ""
    if step.recap:
        since = index
        while since > 0 and steps[since - 1].seat != found.seat:
            since -= 1
        events = [event for earlier in steps[since:index] for event in earlier.events]
        happened = sentences(game, events, skip=("draw", "turn", "place", "setup"))
        if happened:
            recap = _("Meanwhile: %(what)s.") % {"what": "; ".join(happened)}
    return recap, text


def progress(match: Match) -> int | None:
    """How many moves of the script the tutorial ``match`` has played, or None once it
    left the script (a move that was not the script's)."""
    played = list(match.records.filter(kind=MoveRecord.Kind.MOVE).order_by("version")
                  .values_list("move", flat=True))
    moves = [scripted.move for scripted in script(match.game)]
    if played != moves[:len(played)]:
        return None
    return len(played)


def scripted_move(match: Match, seat: str) -> Move | None:
    """The script's move for ``seat`` now, if the tutorial is on its script and that
    move is ``seat``'s (the AI plays it instead of its own choice)."""
    if not match.tutorial:
        return None
    done = progress(match)
    steps = script(match.game)
    if done is None or done >= len(steps) or steps[done].seat != seat:
        return None
    return dict(steps[done].move)


def lesson(match: Match, seat: str | None) -> dict[str, Any] | None:
    """What the tutorial panel of the game page says to ``seat`` (its player) now."""
    found = tutorial(match.game)
    if not match.tutorial or found is None or seat != found.seat:
        return None
    steps = script(match.game)
    mine = [index for index, scripted in enumerate(steps) if scripted.seat == seat]
    done = progress(match)
    if match.is_over:
        return {"state": "over", "text": _("The tutorial game is over. Ask the AI what it "
                                           "thinks of your moves, play a real game from "
                                           "the lobby, or start the tutorial again.")}
    if done is None or done >= len(steps) or (done not in mine and done > max(mine)):
        return {"state": "free", "text": _("The guided part is over: play on by yourself. "
                                           "The hint button shows what the AI would play.")}
    if steps[done].seat != seat:
        return {"state": "wait", "text": _("The AI is moving.")}
    scripted = steps[done]
    recap, text = lesson_parts(match.game, done)
    text = text or _("Play the move shown.")
    lead, rest = lead_and_rest(text)
    return {"state": "step", "step": mine.index(done) + 1, "of": len(mine),
            "text": _after_recap(recap, text), "lead": lead,
            "more": " ".join(part for part in (rest, recap) if part), "move": scripted.move,
            "move_json": json.dumps(scripted.move)}


#: Where a lesson's sentences part: after a full stop, a space, then a capital.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")


def lead_and_rest(text: str) -> tuple[str, str]:
    """A lesson's first sentence (what to play) and the rest (why, what follows): a
    phone shows the rest folded, with the recap of the others' moves, so that the
    board stays on its first screen."""
    parts = _SENTENCE_END.split(text.strip(), maxsplit=1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def start(user, game: str) -> Match:
    """``user``'s running tutorial game of ``game`` if there is one (one per game and
    player: "Start" twice resumes it), else a new one against the random AI."""
    from games.ai_players.bots import bot_for_level
    from games.core import services

    found = tutorial(game)
    if found is None:
        raise services.NotFound(_("There is no tutorial for this game."))
    running = unfinished(user, game)
    if running is not None:
        return running
    bot = bot_for_level(AI_LEVEL)
    if bot is None:
        raise services.NotFound(_("The AI player of the tutorial is not set up on this site."))
    info = catalog.get(game)
    seats = list(info.seat_names[:int(found.new_game.get("players", len(info.challenge_seats)))])
    players = {seat: (user if seat == found.seat else bot) for seat in seats}
    return services.start_match(game, players, rated=False, seed=found.seed,
                                days_per_move=DAYS_PER_MOVE, rematch_rule=False,
                                new_game=found.new_game, tutorial=True)


def unfinished(user, game: str) -> Match | None:
    """``user``'s tutorial of ``game`` still in progress (the latest), if any."""
    if user is None or not user.is_authenticated:
        return None
    return (Match.objects.filter(tutorial=True, game=game, status=Match.Status.ACTIVE,
                                 seats__user=user).order_by("-pk").first())
