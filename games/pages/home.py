"""A signed-in player's loop: the games waiting for them, and where to go next.

One source for the home page, the your-turn page, the header counter and the
"next game" control: ``games.core.turns.my_turn_seats`` (the seats whose clock runs or stands
paused for this player, least time left first).
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.boards.minis import mini_board
from games.core.turns import my_turn_seats
from games.core.visibility import board_view
from games.models import Challenge, Match, Seat
from games.pages import tables as views_tables
from games.rules import RulesError

log = logging.getLogger(__name__)


def _opponents(seat: Seat) -> list[Any]:
    return [other.user for other in seat.match.seats.all() if other.pk != seat.pk]


def _mini(seat: Seat) -> dict | None:
    """The small board of the seat's game, from its player's own view (none for a game
    whose stored state cannot be read: the list must still show the others)."""
    try:
        view = board_view(seat.match, seat.seat)
    except RulesError:
        log.warning("no small board for game %s: its state cannot be read", seat.match_id,
                    exc_info=True)
        return None
    return mini_board(seat.match.game, view, seat.seat)


def _rows(seats: list[Seat], minis: bool = False) -> list[dict]:
    from games.pages.game import time_left  # the game page's wording of a clock

    now = timezone.now()
    return [{
        "seat": seat, "match": seat.match, "opponents": _opponents(seat),
        "time_left": time_left(seat.deadline - now) if seat.deadline else "",
        "paused": seat.deadline is None and seat.paused_remaining is not None,
        "mini": _mini(seat) if minis else None,
    } for seat in seats]


def waiting_for_me(user: Any) -> list[dict]:
    """The games waiting for ``user``, each with its small board (the match's state
    comes with its row: no query per game)."""
    seats = my_turn_seats(user).select_related("match").prefetch_related("match__seats__user")
    return _rows(list(seats), minis=True)


def waiting_for_others(user: Any, limit: int = 50) -> list[dict]:
    seats = (
        Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE, match__tutorial=False,
                            deadline__isnull=True, paused_remaining__isnull=True)
        .select_related("match").prefetch_related("match__seats__user")
        .order_by("-match__updated_at")[:limit]
    )
    return _rows(list(seats))


def challenges_to_answer(user: Any) -> QuerySet[Challenge]:
    return (Challenge.objects.filter(status=Challenge.Status.OPEN, opponent=user)
            .select_related("creator").order_by("-created_at"))


def loop_context(user: Any) -> dict:
    """What the home and your-turn pages show a player."""
    return {
        "mine": waiting_for_me(user),
        "theirs": waiting_for_others(user),
        "incoming": challenges_to_answer(user),
        "incoming_actions": [("accept", _("Accept")), ("decline", _("Decline"))],
        "joinable_tables": [row for row in views_tables.lobby_tables(user) if row["can_join"]],
    }


def next_game(user: Any, after: int | None = None) -> Match | None:
    """The next game waiting for ``user`` other than ``after``: least time left first."""
    seat = my_turn_seats(user).exclude(match_id=after).select_related("match").first()
    return seat.match if seat is not None else None


def _daily_puzzle(user=None) -> dict[str, Any]:
    """The puzzle of the day, and ``user``'s try at it if they made one (the box then
    says how it went and offers the answer, not "Solve it" again)."""
    from games.learning import puzzles
    from games.models import PuzzleAttempt

    daily = puzzles.daily()
    tried = None
    if daily is not None and user is not None:
        tried = PuzzleAttempt.objects.filter(puzzle=daily, user=user).first()
    return {"daily_puzzle": daily, "daily_attempt": tried,
            "daily_puzzle_text": puzzles.headline(daily) if daily is not None else ""}


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    from games.core import catalog

    if not request.user.is_authenticated:
        # A visitor's welcome: sign up, or learn each game first.
        return render(request, "home.html", {"learn_games": catalog.games(),
                                             **_daily_puzzle()})
    context = loop_context(request.user)
    context.update(_daily_puzzle(request.user))
    # A player with no game yet is shown where to learn each game first.
    if not Seat.objects.filter(user=request.user, match__tutorial=False).exists():
        context["learn_games"] = catalog.games()
    return render(request, "games/home.html", context)


@login_required
def your_turn(request: HttpRequest) -> HttpResponse:
    return render(request, "games/your_turn.html", loop_context(request.user))


@login_required
@require_GET
def go_next(request: HttpRequest) -> HttpResponse:
    """/next/?after=<id>: the next game waiting for me, else the your-turn page.
    With ``format=json``: ``{"url": ...}``, null when no other game waits (the
    game page's automatic "next game" asks this way)."""
    after = request.GET.get("after", "")
    match = next_game(request.user, int(after) if after.isdigit() else None)
    if request.GET.get("format") == "json":
        url = reverse("game", args=[match.pk]) if match is not None else None
        return JsonResponse({"url": url}, headers={"Cache-Control": "no-store"})
    if match is None:
        return redirect("your_turn")
    return redirect("game", match_id=match.pk)

