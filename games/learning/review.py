"""The AI's review of a finished two-player game.

Either player asks for it once the game is over; a task (``games.review_match``)
replays the game from its seed and, at each decision (a move with a choice),
asks the strongest AI level from the mover's view at that moment, with the log
as the mover saw it then (never the full state, though the game is over), for
its preferred move and its estimate of the move played
(games.ai.advice.judge). A decision where the move played loses much against
the preferred one is marked a mistake or a blunder. Progress goes to the
game's sockets; the result is stored (``Review``) and shown to players and
spectators. ``REVIEW_CPU_SECONDS`` bounds each decision; one review runs per
game at a time (one ``Review`` row per game).
"""

from __future__ import annotations

import hashlib
import random
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.ai import Budget
from games.ai.advice import judge, judge_alike
from games.ai.base import start_record
from games.core.errors import Conflict, Forbidden
from games.core.verify import new_game_options
from games.learning.estimates import chance
from games.learning.hints import move_words
from games.models import Match, MoveRecord, Review
from games.rules import get_rules

#: Win-chance losses (0 to 1) that make an inaccuracy, a mistake and a blunder.
INACCURACY, MISTAKE, BLUNDER = 0.08, 0.15, 0.30
#: Kasteel's evaluation speaks in squares of progress: the same marks in squares.
INACCURACY_SQUARES, MISTAKE_SQUARES, BLUNDER_SQUARES = 2.0, 4.0, 8.0
#: The standard error of a decision's loss at the review's budget, per game, measured
#: by re-running positions with other seeds (docs/ai.md, "Review thresholds and
#: noise"); Kasteel's one-ply evaluation has no sampling noise.
LOSS_STANDARD_ERROR = {"druidenwalzer": 0.045, "caesar-cleopatra": 0.015, "kasteel": 0.0}
#: A loss is flagged only beyond this many standard errors as well as its threshold.
NOISE_SIGMAS = 2.0
#: A review without progress for this long may be asked for again.
STALLED = timedelta(minutes=10)


def request(match: Match, user) -> Review:
    """Ask for ``match``'s review (a player of a finished two-player game); the stored
    review if it exists and is not failed. Queues the task after the commit."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise Forbidden(_("Log in to ask for a review."))
    seats = list(match.seats.all())
    if not any(seat.user_id == user.pk for seat in seats):
        raise Forbidden(_("Only the players of a game may ask for its review."))
    if not match.is_over:
        raise Conflict(_("A game is reviewed once it is over."))
    if len(seats) != 2:
        raise Conflict(_("Only two-player games are reviewed."))
    with transaction.atomic():
        review = Review.objects.select_for_update().filter(match=match).first()
        if review is not None and review.status != Review.Status.FAILED and not stalled(review):
            if review.running:
                raise Conflict(_("The review of this game is already under way."))
            return review
        if review is None:
            try:
                with transaction.atomic():
                    review = Review.objects.create(match=match, requested_by=user)
            except IntegrityError:  # asked twice at once: the other request queued it
                raise Conflict(_("The review of this game is already under way.")) from None
        else:
            review.status, review.done, review.decisions, review.error = (
                Review.Status.QUEUED, 0, [], "")
            review.requested_by = user
            review.save()
        transaction.on_commit(lambda: _queue(review.pk))
    return review


def stalled(review: Review) -> bool:
    """A review queued or running without progress for STALLED (its worker died)."""
    return review.running and review.updated_at < timezone.now() - STALLED


def _queue(review_id: int) -> None:
    from druidsite.enqueue import queue

    # The task is games.learning.tasks' (which imports this module): named, not imported.
    queue("games.review_match", (review_id,))


def mark(before: float | None, after: float | None, unit: str, noise: float = 0.0) -> str:
    """"blunder", "mistake", "inaccuracy" or "": a loss is flagged only when it
    exceeds both its threshold and ``NOISE_SIGMAS`` times the estimate's ``noise``."""
    if before is None or after is None:
        return ""
    loss = before - after
    if loss <= NOISE_SIGMAS * noise:
        return ""
    inaccuracy, mistake, blunder = (
        (INACCURACY_SQUARES, MISTAKE_SQUARES, BLUNDER_SQUARES) if unit == "squares"
        else (INACCURACY, MISTAKE, BLUNDER))
    for name, threshold in (("blunder", blunder), ("mistake", mistake),
                            ("inaccuracy", inaccuracy)):
        if loss >= threshold:
            return name
    return ""


def _rng(match: Match, version: int) -> random.Random:
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:review:{match.pk}:{version}".encode())
    return random.Random(int.from_bytes(digest.digest()[:8], "big"))


def _scale(best, mine) -> tuple[float | None, float | None]:
    """Best and played in the scale a flag is judged in: squares for Kasteel, else
    the chance to win."""
    if best.unit == "squares":
        return best.value, mine.value
    return chance(best.value, best.unit), chance(mine.value, mine.unit)


def _loss(best, mine) -> float:
    """What the move played gave up against the best."""
    before, after = _scale(best, mine)
    return 0.0 if before is None or after is None else before - after


def _mark_of(best, mine, noise: float) -> str:
    return mark(*_scale(best, mine), best.unit, noise)


def review_decision(game: str, view: dict[str, Any], legal: list[dict[str, Any]],
                    move: dict[str, Any], history: list[dict[str, Any]], seat: str,
                    rng: random.Random, budget: Budget) -> dict[str, Any] | None:
    """One decision's review from the mover's view only (None: no choice, or no
    estimate there)."""
    if len(legal) < 2:
        return None
    judged = judge(game, view, legal, move, rng, budget, history)
    if judged is None:
        return None
    best, mine = judged
    noise = LOSS_STANDARD_ERROR.get(game, 0.0)
    if best.move != move and _mark_of(best, mine, noise):
        # A flag is confirmed by a second estimate with other deals, and the smaller
        # loss of the two counts: one estimate at the review's budget can be far off
        # (a handful of unlucky deals), and a player must not be told that a good
        # move, or the hint's own, was a mistake on the strength of one outlier. In
        # Druidenwalzer the second estimate searches the two moves alone, equally deep
        # (the first one's search may have settled on another near-equal move and
        # hardly searched the one played: its mean then comes out low).
        again = judge_alike(game, view, legal, best.move, move,
                            random.Random(rng.getrandbits(64)), budget, history)
        if again is not None and _loss(*again) < _loss(best, mine):
            best, mine = again
    before = chance(best.value, best.unit)
    after = chance(mine.value, mine.unit)
    entry = {"seat": seat, "move": move, "text": move_words(game, seat, move, mover=False),
             "best": best.move, "best_text": move_words(game, seat, best.move, mover=False),
             "unit": best.unit, "value_before": best.value, "value_after": mine.value,
             "before": before, "after": after}
    entry["mark"] = "" if best.move == move else _mark_of(best, mine, noise)
    return entry


def run(review_id: int, publish=None) -> Review | None:
    """Review the game of ``review_id``, saving progress; ``publish(review)`` is told
    after each decision (the sockets)."""
    review = Review.objects.select_related("match").filter(pk=review_id).first()
    if review is None or review.status == Review.Status.DONE:
        return review
    match = review.match
    rules = get_rules(match.game)
    records = list(match.records.order_by("version"))
    moves = [record for record in records if record.kind == MoveRecord.Kind.MOVE]
    review.status, review.total, review.done, review.decisions = (
        Review.Status.RUNNING, len(moves), 0, [])
    review.save(update_fields=["status", "total", "done", "decisions", "updated_at"])
    budget = Budget(cpu_seconds=settings.REVIEW_CPU_SECONDS)
    try:
        state = rules.new_game(match.seed, new_game_options(match.options))
        # Each seat's log opens with its first view, as the AI players get it.
        firsts = {record.seat: start_record(rules.view(state, record.seat)) for record in moves}
        for number, record in enumerate(moves, start=1):
            seat = record.seat
            view = rules.view(state, seat)
            legal = rules.legal_moves(state)
            history = [firsts[seat]] + [
                event for earlier in records if earlier.version < record.version
                for event in rules.redact_events(earlier.events, seat)]
            entry = review_decision(match.game, view, legal, record.move, history, seat,
                                    _rng(match, record.version), budget)
            if entry is not None:
                entry.update({"n": number, "version": record.version})
                review.decisions.append(entry)
            state = rules.apply(state, record.move).state
            review.done = number
            review.save(update_fields=["done", "decisions", "updated_at"])
            if publish is not None:
                publish(review)
    except Exception as error:  # a broken record: the review fails, the game stays
        review.status, review.error = Review.Status.FAILED, str(error)[:200]
        review.save(update_fields=["status", "error", "updated_at"])
        if publish is not None:
            publish(review)
        raise
    review.status, review.finished_at = Review.Status.DONE, timezone.now()
    review.save(update_fields=["status", "finished_at", "updated_at"])
    if publish is not None:
        publish(review)
    return review


def progress_message(review: Review) -> dict[str, Any]:
    return {"type": "review.progress", "review": {
        "status": review.status, "done": review.done, "total": review.total}}


def publish_progress(review: Review) -> None:
    """To every socket of the game (players and spectators: a review is public)."""
    from druidsite.realtime import publish_many
    from games.realtime.broadcast import group_name

    seats = [seat.seat for seat in review.match.seats.all()]
    message = progress_message(review)
    publish_many([(group_name(review.match_id, seat), message) for seat in [*seats, None]])


def ending(match: Match) -> dict[str, str] | None:
    """How the game ended when not by a move: the last resignation or timeout (its kind
    and seat), None when the last word was the board's."""
    record = (match.records.exclude(kind__in=[MoveRecord.Kind.DRAW_OFFER,
                                              MoveRecord.Kind.DRAW_DECLINE,
                                              MoveRecord.Kind.PAUSE, MoveRecord.Kind.RESUME,
                                              MoveRecord.Kind.CLOCK])
              .order_by("-version").first())
    if record is None or record.kind not in (MoveRecord.Kind.RESIGN, MoveRecord.Kind.TIMEOUT):
        return None
    return {"kind": str(record.kind), "seat": record.seat or ""}


def curve(review: Review) -> dict[str, Any]:
    """The first seat's estimated chance after each reviewed decision, as SVG points;
    a resignation or timeout ends the curve at the result, marked (``end``)."""
    seats = [seat.seat for seat in review.match.seats.order_by("id")]
    first = seats[0] if seats else ""
    points = []
    for entry in review.decisions:
        after = entry.get("after")
        if after is None:
            continue
        points.append((entry["n"], after if entry["seat"] == first else 1.0 - after))
    end = ending(review.match)
    total = max(review.total, 1)
    if end is not None and points:
        total += 1  # the resignation or timeout is the last step of the curve
        points.append((total, 0.0 if end["seat"] == first else 1.0))
    width, height = 600, 160

    def xy(n: float, p: float) -> tuple[float, float]:
        return round(n / total * width, 1), round((1 - p) * height, 1)

    svg = " ".join("{},{}".format(*xy(n, p)) for n, p in points)
    if end is not None and points:
        end["x"], end["y"] = (str(value) for value in xy(*points[-1]))
    return {"points": svg, "width": width, "height": height, "seat": first,
            "count": len(points), "end": end if points else None}
