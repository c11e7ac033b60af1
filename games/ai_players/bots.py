"""AI players on the site: their accounts, their moves (as tasks), their challenges.

A bot decides from its seat's view and legal moves only (the same view a page
shows), in a Celery task keyed by the match and its version, and plays through
services.play like anyone else. A task that arrives twice, late, or for a
version that has moved on does nothing.
"""

from __future__ import annotations

import hashlib
import logging
import random
import time
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games.core import catalog, services, terms
from games.models import DEFAULT_DAYS, Challenge, Match, Seat
from games.rules import get_rules

log = logging.getLogger(__name__)

#: The lessons' scripted replies, asked before the AI decides: each takes the match and
#: the seat and returns the move the lesson expects, or None. games.apps adds the
#: tutorial's (games.learning.tutorial sits above the AI players and starts its games with them).
SCRIPTS: list[Callable[[Match, str], dict | None]] = []

#: The seats an AI plays: an AI player's, or one taken over after a timeout (games.core.takeover).
AI_SEAT = Q(user__is_bot=True) | ~Q(takeover_level="")


def ensure_bot_accounts() -> list:
    """Create or refresh one account per AI level (idempotent; runs after migrate).

    A level's account is found by its level, not by its name: a player who signed
    up under a name before it became an AI level's (a new level's name) keeps the
    account, and the AI takes a free name beside it ("Bard (AI)")."""
    from games.ai import LEVELS

    User = get_user_model()
    bots = []
    for level, info in LEVELS.items():
        user = User.objects.filter(is_bot=True, bot_level=level).order_by("pk").first()
        created = user is None
        if created:
            user = User(username=_free_bot_name(info["name"]), is_bot=True, bot_level=level)
            user.set_unusable_password()
        if created or user.bot_description != info["description"]:
            user.bot_description = info["description"]
            user.save()
        bots.append(user)
    return bots


def _free_bot_name(name: str) -> str:
    """``name``, or, if a player has it already, the first of "name (AI)", "name (AI) 2"..."""
    if not get_user_model().objects.filter(username__iexact=name).exists():
        return name
    for number in range(1, 100):
        candidate = f"{name} (AI)" if number == 1 else f"{name} (AI) {number}"
        if not get_user_model().objects.filter(username__iexact=candidate).exists():
            log.warning("AI level name %s is a player's; the AI plays as %s", name, candidate)
            return candidate
    raise RuntimeError(f"no free account name for the AI level {name}")


def bot_for_level(level: str):
    return get_user_model().objects.filter(is_bot=True, bot_level=level, is_active=True).first()


def _rng(match_id: int, version: int) -> random.Random:
    # Secret-keyed, so players cannot predict the bot; fixed per (match, version),
    # so a redelivered task would choose the same move.
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:{match_id}:{version}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def choose_move(match: Match, seat: Seat) -> dict:
    """The bot's decision, from its view, legal moves and the log as its seat saw it
    (and a level that learns habits: what it saw in its earlier games against the
    same player, ``habits``)."""
    from games.ai import Budget, get_bot

    from .habits import seat_sight, teach

    rules = get_rules(match.game)
    state = rules.from_json(match.state)
    legal = rules.legal_moves(state)
    for script in SCRIPTS:
        scripted = script(match, seat.seat)
        if scripted is not None and scripted in legal:
            return scripted  # a tutorial's scripted turn: the lesson expects this reply
    level = seat.takeover_level or seat.user.bot_level
    view, history = seat_sight(match, seat.seat, state)
    granted = settings.AI_CPU_SECONDS if level == "strong" else 0
    budget = Budget(cpu_seconds=granted) if granted else None
    bot = get_bot(match.game, level)
    if not seat.takeover_level:  # an AI player, not a seat it keeps for someone
        teach(bot, match, seat)
    return bot.choose(view, legal, _rng(match.pk, match.version), budget, history=history)


def play_bot_move(match_id: int, version: int) -> bool:
    """Play the bot's move for this exact version; False when there is nothing to do."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.is_over or match.version != version:
        return False
    rules = get_rules(match.game)
    owed = rules.owed_by(rules.from_json(match.state))
    seat = (match.seats.select_related("user")
            .filter(AI_SEAT, seat__in=owed).first())
    if seat is None:
        return False
    started = time.process_time()
    move = choose_move(match, seat)
    log.info("bot %s chose %s in %.2f s", seat.user.username, move, time.process_time() - started)
    try:
        services.play(match_id, seat.user, move, version, seat=seat.seat,
                      as_ai=bool(seat.takeover_level))
    except services.StaleVersion:
        return False  # someone else's task (or a resign) got there first
    except services.Conflict:
        return False
    return True


def bot_seats_owing(match_id: int) -> bool:
    return Seat.objects.filter(
        AI_SEAT, match_id=match_id, match__status=Match.Status.ACTIVE
    ).exclude(deadline=None, paused_remaining=None).exists()


def accept_if_bot(challenge: Challenge) -> Match | None:
    """AI players accept every challenge addressed to them, at once."""
    if challenge.opponent_id is None or not challenge.opponent.is_bot:
        return None
    return services.accept_challenge(challenge.pk, challenge.opponent)


def play_the_ai(user, level: str, seat: str = "random", days_per_move: int = DEFAULT_DAYS,
                game: str | None = None, rated: bool = True) -> Match:
    """A game against the AI player of ``level`` in ``game`` (by default the first
    game that has AI players), started at once; rated unless asked otherwise (an
    unrated one offers hints, games.learning.hints)."""
    info = _ai_game(game)
    bot = bot_for_level(level)
    if bot is None:
        raise services.NotFound(f"There is no AI player of level {level!r}.")
    with transaction.atomic():
        challenge = services.create_challenge(
            user, game=info.name, opponent=bot, creator_seat=seat,
            days_per_move=days_per_move, rated=rated,
        )
        return accept_if_bot(challenge)


def _ai_game(game: str | None):
    """The catalogue's entry of a game an AI player plays."""
    if game is None:
        found = catalog.with_ai()
        if not found:
            raise services.ServiceError(_("No game of this site has AI players."))
        return found[0]
    info = terms.game_info(game)
    if not info.ai_levels:
        raise services.ServiceError(_("%(game)s has no AI players yet.") % {"game": info.title})
    return info
