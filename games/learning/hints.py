"""Hints: the strongest AI level's best three moves for my seat, in words.

Only in unrated games against AI players (a tutorial, or "play the AI"
unrated), only for the player to move, only for their own seat. A hint is
computed from exactly what a bot in that seat would get (games.ai_players.bots): the
seat's view, the legal moves and the log as the seat saw it; the full state
never reaches the AI (games.ai.advice). It runs in the request, bounded by
``HINT_CPU_SECONDS`` of CPU, and a player may ask ``RATE_COUNT`` hints per
``RATE_SECONDS``.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.ai import Budget
from games.ai.advice import Advice, advise
from games.ai.base import start_record
from games.core.errors import Conflict, Forbidden, ServiceError
from games.core.verify import new_game_options
from games.core.visibility import records_payload
from games.learning.estimates import chance
from games.models import Match, Seat
from games.rules import get_rules

RATE_COUNT, RATE_SECONDS = 6, 60
COUNT = 3
#: A cap on the AI's own unit of work besides the CPU (None: the CPU alone decides);
#: a count makes hints reproducible (tests).
ITERATIONS: int | None = None


class TooManyHints(ServiceError):
    status, code = 429, "too_many_hints"


def _my_seat(match: Match, user, seats: list[Seat]) -> Seat:
    if user is None or not getattr(user, "is_authenticated", False):
        raise Forbidden(_("Hints are for the players of this game: log in to play."))
    mine = next((s for s in seats if s.user_id == user.pk and not s.takeover_level), None)
    if mine is None:
        raise Forbidden(_("Hints are for the players of this game, not for spectators."))
    return mine


def check(match: Match, user, seat: str | None = None) -> Seat:
    """The seat ``user`` may get hints for in ``match``; Forbidden or Conflict (with a
    message saying why) when hints are not allowed."""
    mine, _seats = check_game(match, user, seat)
    rules = get_rules(match.game)
    if mine.seat not in rules.owed_by(rules.from_json(match.state)):
        raise Conflict(_("It is not your turn: hints are for your own decisions."))
    return mine


def offered(match: Match, user) -> bool:
    """Whether the game page shows the hint button to ``user`` (a player of an unrated
    game against AI players that is not over; whose turn it is is checked on asking)."""
    if match.rated or user is None or not getattr(user, "is_authenticated", False):
        return False  # the common case, without a query
    try:
        check_game(match, user)
    except ServiceError:
        return False
    return True


def check_game(match: Match, user, seat: str | None = None) -> tuple[Seat, list[Seat]]:
    seats = list(match.seats.select_related("user"))
    mine = _my_seat(match, user, seats)
    if seat is not None and seat != mine.seat:
        raise Forbidden(_("Hints are only for your own seat (%(seat)s).") % {"seat": mine.seat})
    if match.rated:
        raise Forbidden(_("No hints in rated games: a rated game is played on your own."))
    if not all(s.played_by_ai for s in seats if s is not mine):
        raise Forbidden(_("Hints are only for games against AI players, not against people."))
    if match.is_over:
        raise Conflict(_("The game is over: there is no move to hint at."))
    return mine, seats


def _throttle(user) -> None:
    key = f"hints:{user.pk}"
    if cache.add(key, 1, RATE_SECONDS):
        return
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, RATE_SECONDS)
        return
    if count > RATE_COUNT:
        raise TooManyHints(_("At most %(n)s hints a minute: think a little yourself too.")
                           % {"n": RATE_COUNT})


def _rng(match: Match) -> random.Random:
    digest = hashlib.sha256(f"{settings.SECRET_KEY}:hint:{match.pk}:{match.version}".encode())
    return random.Random(int.from_bytes(digest.digest()[:8], "big"))


def advice_for_view(game: str, view: dict[str, Any], legal: list[dict[str, Any]],
                    history: list[dict[str, Any]], rng: random.Random,
                    cpu_seconds: float | None = None) -> list[Advice]:
    """The advice from one seat's view (what the page's hints are made of)."""
    seconds = settings.HINT_CPU_SECONDS if cpu_seconds is None else cpu_seconds
    return advise(game, view, legal, rng, Budget(iterations=ITERATIONS, cpu_seconds=seconds),
                  history, COUNT)


def hints(match: Match, user, seat: str | None = None) -> dict[str, Any]:
    """The hints for ``user``'s decision in ``match``, JSON-ready."""
    mine = check(match, user, seat)
    _throttle(user)
    rules = get_rules(match.game)
    state = rules.from_json(match.state)
    view = rules.view(state, mine.seat)
    legal = rules.legal_moves(state)
    # The log opens with the seat's first view, as the AI players get it:
    # the setup writes no events, and the memory needs what the seat saw then.
    history = [first_view_record(match, mine.seat)] + [
        event for record in records_payload(match, mine.seat) for event in record["events"]]
    del state  # from here on only what the seat sees
    advice = advice_for_view(match.game, view, legal, history, _rng(match))
    return {"version": match.version, "seat": mine.seat,
            "hints": [hint_payload(match.game, mine.seat, item) for item in advice]}


def first_view_record(match: Match, seat: str) -> dict[str, Any]:
    """The record of what ``seat`` saw when ``match`` began (its first view)."""
    rules = get_rules(match.game)
    return start_record(rules.view(rules.new_game(match.seed, new_game_options(match.options)),
                                   seat))


def hint_payload(game: str, seat: str, item: Advice) -> dict[str, Any]:
    return {"move": item.move, "value": item.value, "unit": item.unit,
            "text": move_words(game, seat, item.move), "estimate": estimate_words(item)}


def estimate_words(item: Advice) -> str:
    if item.value is None:
        return _("the AI's choice")
    percent = chance(item.value, item.unit)
    if percent is not None:
        return _("win chance about %(percent)d%%") % {"percent": round(percent * 100)}
    if abs(item.value) < 0.05:
        return _("the AI's best")
    return _("%(squares).1f squares of progress behind the best") % {"squares": -item.value}


def move_words(game: str, seat: str, move: dict[str, Any], mover: bool = True) -> str:
    """A move in words, from the move alone (no state). ``mover``: said to the player
    who makes it ("your tree 1": a hint, a puzzle); otherwise said of ``seat`` to any
    reader (a review, where "your" would point at the reader's own tree or hand)."""
    words = _WORDS.get(game)
    text = words(seat, move, mover) if words is not None else ""
    return text or _("another move")


def _druidenwalzer(seat: str, move: dict[str, Any], mover: bool = True) -> str:
    from games.boards.druidenwalzer_log import card_words
    from games.templatetags.druid_board import colour_adjective as colour_label

    kind = move.get("type")
    # Said of a seat, a tree is named as the board labels it: moon's tree 1 is M1.
    tree = move.get("tree") if mover else f"{'M' if seat == 'moon' else 'S'}{move.get('tree')}"
    if kind == "place":
        return _("place the %(colour)s druid on tree %(tree)s") % {
            "colour": colour_label(move.get("druid", "")), "tree": tree}
    if kind == "waltz":
        text = (_("waltz %(card)s on your tree %(tree)s") if mover
                else _("waltz %(card)s on tree %(tree)s"))
        return text % {"card": card_words(move.get("card")), "tree": tree}
    if kind == "leap":
        text = (_("leap the %(colour)s druid to your free tree") if mover
                else _("leap the %(colour)s druid to the free tree"))
        return text % {"colour": colour_label(move.get("druid", ""))}
    if kind == "withdraw" and "card" in move:
        text = (_("withdraw %(card)s from your hand") if mover
                else _("withdraw %(card)s from the hand"))
        return text % {"card": card_words(move["card"])}
    if kind == "withdraw":
        text = (_("withdraw the top card of your tree %(tree)s") if mover
                else _("withdraw the top card of tree %(tree)s"))
        return text % {"tree": tree}
    if kind == "pass":
        return _("pass")
    return ""


def _caesar_cleopatra(seat: str, move: dict[str, Any], mover: bool = True) -> str:
    from games.boards.caesar_cleopatra_cards import card_label, cards_text, group_label

    kind = move.get("type")
    if kind == "place":
        values = {"card": card_label(move.get("card")), "group": group_label(move.get("group"))}
        if move.get("face") == "up":
            return _("place %(card)s face up at the %(group)s") % values
        return _("place %(card)s face down at the %(group)s") % values
    if kind == "action":
        return _action_words(move)
    if kind == "castle":
        cards = move.get("cards") or {}
        text = (_("place your cards again face down: %(where)s") if mover
                else _("place the cards again face down: %(where)s"))
        return text % {"where": "; ".join(
            _("the %(group)s %(cards)s") % {"group": group_label(group),
                                           "cards": cards_text(names if isinstance(names, list)
                                                               else [])}
            for group, names in cards.items())}
    if kind == "draw":
        return draw_words(int(move.get("influence") or 0), int(move.get("action") or 0))
    if kind == "pass":
        return _("pass, discarding %(cards)s") % {
            "cards": ", ".join(card_label(card) for card in move.get("discard", []))}
    if kind == "veto":
        return _("play your Veto") if mover else _("play the Veto")
    if kind == "no_veto":
        return _("no Veto")
    if kind == "spy":
        text = (_("make your opponent discard %(card)s") if mover
                else _("make the opponent discard %(card)s"))
        return text % {"card": card_label(move.get("card"))}
    if kind == "setup":
        text = (_("place your first cards: %(cards)s") if mover
                else _("place the first cards: %(cards)s"))
        return text % {"cards": ", ".join(
            f"{group_label(group)} {card_label(card)}"
            for group, card in (move.get("cards") or {}).items())}
    return ""


def _action_words(move: dict[str, Any]) -> str:
    """A Caesar & Cleopatra action card with its target: two Assassinations of
    different cards are two different moves, and a puzzle offers both."""
    from games.boards.caesar_cleopatra_cards import card_label, group_label

    card = str(move.get("card") or "")
    values = {"card": card_label(card), "group": group_label(move.get("group")),
              "target": card_label(move.get("target"))}
    if card.endswith("-assassination"):
        return _("play %(card)s on the face-up %(target)s at the %(group)s") % values
    if card.endswith("-castling"):
        first, second = (list(move.get("groups") or []) + ["", ""])[:2]
        return _("play %(card)s at the %(first)s and the %(second)s") % {
            **values, "first": group_label(first), "second": group_label(second)}
    if card.endswith(("-scout", "-wrath")):
        return _("play %(card)s at the %(group)s") % values
    return _("play %(card)s") % values


def cards_words(influence: int, action: int) -> str:
    """Counts of Caesar & Cleopatra cards in words, each with its own plural."""
    parts = []
    if influence:
        parts.append(ngettext("%(count)d influence card", "%(count)d influence cards",
                              influence) % {"count": influence})
    if action:
        parts.append(ngettext("%(count)d action card", "%(count)d action cards",
                              action) % {"count": action})
    return _(" and ").join(parts) if parts else _("no cards")


def draw_words(influence: int, action: int) -> str:
    """A Caesar & Cleopatra draw in words ("draw 1 influence card and 1 action card")."""
    return _("draw %(cards)s") % {"cards": cards_words(influence, action)}


def _kasteel(seat: str, move: dict[str, Any], mover: bool = True) -> str:
    from games.boards.kasteel_log import card_label, piece_label

    kind = move.get("type")
    if kind == "place":
        text = (_("put %(piece)s next in your home") if mover
                else _("put %(piece)s next in the home"))
        return text % {"piece": piece_label(move.get("piece"))}
    if kind == "move" and move.get("number"):
        return _("play %(card)s with %(number)s for %(piece)s") % {
            "card": card_label(move.get("card")), "number": card_label(move["number"]),
            "piece": piece_label(move.get("piece"))}
    if kind == "move":
        return _("play %(card)s for %(piece)s and roll the dice") % {
            "card": card_label(move.get("card")), "piece": piece_label(move.get("piece"))}
    if kind == "dice" and move.get("choice") == "total":
        return _("walk the total of both dice")
    if kind == "dice":
        return _("walk one die and roll again")
    if kind == "discard":
        return _("discard your hand") if mover else _("discard the hand")
    return ""


_WORDS = {"druidenwalzer": _druidenwalzer, "caesar-cleopatra": _caesar_cleopatra,
          "kasteel": _kasteel}
