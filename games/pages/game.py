"""The game page, its board fragment, the replay and the export.

Thin views: load the match, find the viewer's seat, take ``match_payload``
(the only source of game data for a page) and render. The replay of a
finished game is rebuilt from its seed, which is public once it is over.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from druidsite import dates
from druidsite.private_answers import mark_private
from games.core import catalog, disputes, movelog
from games.core.catalog import GameInfo
from games.core.services import ACCOUNT_DELETED
from games.core.verify import new_game_options
from games.core.visibility import export_payload, match_payload, records_payload, viewer_seat
from games.learning import hints, review_steps, tutorial
from games.models import Match, MoveRecord
from games.pages.end import end_panel
from games.rules import RulesError, get_rules


def private(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Every answer of ``view`` is marked private (``mark_private``)."""
    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return mark_private(view(request, *args, **kwargs))
    return wrapped


def time_left(delta: timedelta) -> str:
    """``2 days 4 h``, ``5 h 12 min`` or ``8 min``."""
    seconds = max(int(delta.total_seconds()), 0)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return ngettext("%(d)s day %(h)s h", "%(d)s days %(h)s h", days) % {"d": days, "h": hours}
    if hours:
        return _("%(h)s h %(m)s min") % {"h": hours, "m": minutes}
    return _("%(m)s min") % {"m": minutes}


def _player(game: GameInfo, summary: dict, payload: dict) -> dict:
    seat = summary["seat"]
    deadline = parse_datetime(summary["deadline"]) if summary["deadline"] else None
    return {
        **summary,
        "label": game.seat_label(seat),
        "is_viewer": seat == payload["viewer"],
        "to_move": seat in payload["to_move"],
        "decision": game.decision(payload["view"], seat) if seat in payload["to_move"] else "",
        "reason": payload["handicap_reasons"].get(seat, ""),
        "deadline_at": deadline,
        "time_left": time_left(deadline - timezone.now()) if deadline else "",
    }


def cancellation(records: list[dict]) -> dict | None:
    """The log's event of the site cancelling the game while it ran (a tournament's
    earlier result decided again, so this pairing no longer stands), if it did."""
    for record in reversed(records):
        for event in record.get("events") or ():
            if isinstance(event, dict) and event.get("type") == "annul":
                return event if event.get("cancelled") else None
    return None


def _cancelled(result: dict, event: dict) -> dict:
    """The words of a game the site cancelled: why, and where to read more."""
    by = event.get("by") or {}
    if by.get("tournament"):
        if by.get("round"):
            text = _("Cancelled: round %(round)s was decided again by the tournament's "
                     "directors; this pairing no longer stands. The game counts for "
                     "nothing.") % {"round": by["round"]}
        else:
            text = _("Cancelled: an earlier result of the tournament was decided again by "
                     "its directors; this pairing no longer stands. The game counts for "
                     "nothing.")
        link = reverse("tournament_detail", args=[by["tournament"]])
        return {"kind": "over", "text": text, "link": link,
                "link_text": _("See the tournament: %(name)s") % {"name": by.get("name", "")}}
    text = _("Cancelled: this pairing no longer stands (%(why)s). The game counts for "
             "nothing.") % {"why": result.get("detail") or ""}
    return {"kind": "over", "text": text}


def _over(game: GameInfo, result: dict, players: dict, records: list[dict]) -> dict:
    reason = movelog.end_reason(game, result.get("reason"), result.get("detail"))
    event = cancellation(records) if result.get("reason") == "annulled" else None
    if event is not None:
        return _cancelled(result, event)
    if result.get("reason") == "annulled":
        text = _("Game over: annulled by an admin, it counts for nothing (%(why)s)") % {
            "why": result.get("detail") or ""}
        return {"kind": "over", "text": text}
    if result.get("reason") == "resign" and result.get("detail") == ACCOUNT_DELETED:
        return {"kind": "over", "text": _deleted_account_end(game, result, players)}
    if result.get("reason") == "corrected":
        reason = _("by an admin's decision (%(why)s)") % {"why": result.get("detail") or ""}
    if result["winner"] is None:
        text = _("Game over: draw (%(reason)s)") % {"reason": reason}
    else:
        winners = result["winner"].split("+")  # a team, or a shared win: seats joined with "+"
        values = {
            "seat": ", ".join(game.seat_label(seat) for seat in winners),
            "name": ", ".join(players.get(seat, {}).get("player", seat) for seat in winners),
            "reason": reason}
        if len(winners) > 1 and players and set(winners) >= set(players):
            # Every seat won (a tie at Kasteel's length limit): "red, blue won" alone
            # leaves a player asking who won.
            text = _("Game over: a tie, %(seat)s (%(name)s) share the win %(reason)s") % values
        else:
            text = _("Game over: %(seat)s (%(name)s) won %(reason)s") % values
    return {"kind": "over", "text": text}


def _deleted_account_end(game: GameInfo, result: dict, players: dict) -> str:
    """A two-player game whose player deleted their account: the other seat won by
    forfeit, and nobody's rating changed (games.core.services.leave_deleted_account)."""
    winner = result.get("winner") or ""
    gone = next((seat for seat in players if seat != winner), "")
    return _("Ended: %(seat)s (%(name)s) deleted their account; %(winner)s (%(winner_name)s) "
             "wins by forfeit. Not rated.") % {
        "seat": game.seat_label(gone), "name": players.get(gone, {}).get("player", gone),
        "winner": game.seat_label(winner),
        "winner_name": players.get(winner, {}).get("player", winner)}


def _status(game: GameInfo, payload: dict, players: dict, records: list[dict]) -> dict:
    """Whose decision the game waits for: the seats that owe one (``to_move``, the
    rules' ``owed_by``), which need not be the seat whose turn it is."""
    if payload["result"] is not None:
        return _over(game, payload["result"], players, records)
    owed = [players[seat] for seat in payload["to_move"] if seat in players]
    if not owed:
        return {"kind": "waiting", "text": _("Waiting.")}
    mover = next((player for player in owed if player["is_viewer"]), owed[0])
    if mover["is_viewer"]:
        if mover["paused"]:
            left = _("clock paused (vacation)")
        else:
            left = _("%(left)s left") % {"left": mover["time_left"]}
        what = game.prompt(payload["view"], mover["seat"])
        if not what:
            what = (_("Your decision: %(decision)s") % {"decision": mover["decision"]}
                    if mover["decision"] else _("Your move"))
        return {"kind": "mine", "text": f"{what} — {left}"}
    if mover["decision"]:
        text = _("Waiting for %(seat)s's decision (%(decision)s) — %(name)s") % {
            "seat": mover["label"], "decision": mover["decision"], "name": mover["player"]}
    else:
        text = _("Waiting for %(name)s (%(seat)s)") % {
            "name": mover["player"], "seat": mover["label"]}
    if mover["paused"]:
        text += " — " + _("clock paused (vacation)")
    elif mover["deadline_at"]:
        text += " — " + _("deadline %(when)s (%(left)s left)") % {
            "when": dates.when(mover["deadline_at"]),
            "left": mover["time_left"]}
    return {"kind": "theirs", "text": text}


def with_replay_steps(entries: list[dict]) -> list[dict]:
    """Each log entry with its step of the replay (the moves counted), None for the
    site's own entries (resign, draws, timeouts)."""
    step = 0
    for entry in entries:
        if entry["kind"] == MoveRecord.Kind.MOVE:
            step += 1
            entry["step"] = step
        else:
            entry["step"] = None
    return entries


def _last_move_events(records: list[dict]) -> list[dict]:
    for record in reversed(records):
        if record["kind"] == MoveRecord.Kind.MOVE:
            return record["events"]
    return []


def game_of(match: Match) -> GameInfo:
    """The match's game in the catalogue; 404 when the site no longer shows it."""
    game = catalog.find(match.game)
    if game is None:
        raise Http404(catalog.unknown_game_message(match.game))
    return game


def settled(payload: dict) -> dict:
    """The payload of a finished game as its page shows it. A game the site ended
    (resignation, time, an agreed draw, an admin) keeps its last position, which may
    still name a seat to move or a decision owed (a card to draw, doubles to walk):
    a finished game owes nothing, so its page names neither."""
    if payload["result"] is None:
        return payload
    view = payload["view"]
    if isinstance(view, dict) and (view.get("pending") or view.get("to_move") is not None):
        view = {**view, "pending": None, "to_move": None}
    return {**payload, "view": view}


def live_context(request: HttpRequest, match: Match) -> dict:
    """What the live part of the game page shows (the page and its fragment): the
    generic parts here, the board's own through ``GameInfo.board_context``."""
    game = game_of(match)
    seats = list(match.seats.select_related("user"))
    viewer = viewer_seat(match, request.user, seats)
    payload = settled(match_payload(match, viewer, seats))
    records = records_payload(match, viewer)
    players = {summary["seat"]: _player(game, summary, payload)
               for summary in payload["seats"]}
    order = {name: index for index, name in enumerate(game.seat_names)}
    me = players.get(viewer) if viewer else None
    offer = payload["draw_offer"]
    status = _status(game, payload, players, records)
    context = {
        "match": match,
        "game": game,
        "board_template": game.board_template,
        "payload": payload,
        "view": payload["view"],
        "viewer": viewer,
        "players": sorted(players.values(), key=lambda p: order.get(p["seat"], len(order))),
        "players_by_seat": players,
        "status": status,
        "end": end_panel(match, seats, request.user, status),
        "warning": "",
        "log": with_replay_steps(movelog.log_entries(
            records, game, {seat: player["player"] for seat, player in players.items()})),
        "last_events": _last_move_events(records),
        "can_resign": me is not None and not match.is_over,
        # Under the status line: the live page carries the hint button (unrated games
        # against the AI), so a new position clears old hints.
        "hints_offered": hints.offered(match, request.user),
        # Draws and rematches are for two-player games (a table plays on, or opens anew);
        # a practice game (a tutorial's) offers none: nothing is at stake.
        "offer_draw": (me is not None and not match.is_over and not offer and len(seats) == 2
                       and not match.tutorial),
        "answer_draw": me is not None and not match.is_over and offer not in (None, viewer),
        "my_offer": me is not None and not match.is_over and offer == viewer,
        "can_rematch": me is not None and match.is_over and len(seats) == 2,
        "disputes": list(match.disputes.select_related("user")) if match.is_over else [],
        # A game the site cancelled counts for nothing: there is no result to dispute.
        "can_dispute": (match.is_over and cancellation(records) is None
                        and disputes.can_dispute(match, request.user)),
        "next_url": reverse("next_game") + f"?after={match.pk}",
        "tutorial": tutorial.lesson(match, viewer) if match.tutorial else None,
        "game_data": {
            "game": game.name,
            "version": payload["version"],
            "viewer": viewer,
            "over": match.is_over,
            "to_move": payload["to_move"],
            "legal": payload["legal_moves"],
        },
    }
    if game.board_context is not None:
        context.update(game.board_context(context))
    return context


def js_strings(game: GameInfo) -> dict[str, str]:
    """The sentences the page's scripts show, translated here (placeholders: {name}):
    the generic ones of game.js, then the board's own."""
    strings = {
        "confirm": _("Confirm"),
        "cancel": _("Cancel"),
        "final": _("Moves are final once sent."),
        "sending": _("Sending your move…"),
        "stale": _("The game changed meanwhile: here is the new position."),
        "refused": _("The move was refused: {error}"),
        "network": _("The server could not be reached; try again."),
        "live": _("live"),
        "reconnecting": _("reconnecting…"),
        "polling": _("offline: checking every 30 s"),
        "skip": _("Skip animation"),
        "your_turn_title": _("Your move"),
        "http_error": _("the server answered with error {status}"),
    }
    if game.js_strings is not None:
        strings.update(game.js_strings())
    return strings


def _match(match_id: int) -> Match:
    return get_object_or_404(Match, pk=match_id)


@private
@require_GET
def game_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    context = live_context(request, match)
    context["i18n"] = js_strings(context["game"])
    context.update(chat_context(request, match))
    if context.get("viewer"):
        from games.realtime.notifications import read_turn_notices

        read_turn_notices(request.user, match.pk)
    context["push_prompt"] = push_prompt(request, match, context.get("viewer"))
    return render(request, "games/game.html", context)


def push_prompt(request: HttpRequest, match: Match, viewer: object) -> bool:
    """Offer push after a move (game.js shows it then): a player of a correspondence
    game, with push set up on the site and no device of theirs registered yet."""
    from django.conf import settings

    from notices.models import PushSubscription

    return bool(settings.WEBPUSH_ENABLED and viewer and not match.tutorial
                and not PushSubscription.objects.filter(user=request.user).exists())


def chat_context(request: HttpRequest, match: Match) -> dict:
    """The chat's lines and channels for this viewer, and their private note."""
    from social import chat

    user = request.user if request.user.is_authenticated else None
    # The muted may read on but write nowhere: no form to send into a refusal.
    muted = user is not None and chat.is_muted(user)
    writable = [] if muted else chat.writable(match, user)
    labels = {"players": _("Players"), "spectators": _("Spectators")}
    return {
        "chat_lines": chat.lines(match, user),
        # A spectator reads the spectators' chat alone (social.chat.readable): the page
        # says so, rather than an empty box while the players talk.
        "chat_spectator": chat.PLAYERS not in chat.readable(match, user),
        "chat_muted": muted,
        "chat_channels": [(c, labels.get(c, _("My team"))) for c in writable],
        "note_text": chat.note_of(match, user),
        "can_note": user is not None and any(s.user_id == user.pk for s in match.seats.all()),
    }


@private
@never_cache
@require_GET
def board_fragment(request: HttpRequest, match_id: int) -> HttpResponse:
    """The live part of the page (board, hand, status, controls, log) for this viewer."""
    match = _match(match_id)
    return render(request, "games/board/live.html", live_context(request, match))


def replay_states(match: Match, upto: int | None = None) -> list[dict]:
    """The spectator view after each move (up to move ``upto``) of a finished game.

    Rebuilt from the seed, which is public once the game is over (never before).
    """
    if not match.is_over:
        raise Http404(_("A game is replayed only once it is over."))
    rules = get_rules(match.game)
    state = rules.new_game(match.seed, new_game_options(match.options))
    views = [rules.view(state, None)]
    records = match.records.filter(kind=MoveRecord.Kind.MOVE).order_by("version")
    for record in records[:upto] if upto is not None else records:
        state = rules.apply(state, record.move).state
        views.append(rules.view(state, None))
    return views


@private
@require_GET
def replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    game = game_of(match)
    records = records_payload(match, None)
    names = review_steps.player_names(match)
    context = {"match": match, "game": game,
               "log": with_replay_steps(movelog.log_entries(records, game, names)),
               "finished": match.is_over}
    if match.is_over:
        # The game's chat, as this viewer may read it, kept with the replay.
        context.update(chat_context(request, match), chat_readonly=True)
        moves = [r for r in records if r["kind"] == MoveRecord.Kind.MOVE]
        last = len(moves)
        try:
            step = min(max(int(request.GET.get("step", last)), 0), last)
        except ValueError:
            step = last
        try:
            view = replay_states(match, upto=step)[-1]
        except RulesError:
            context["broken"] = True
        else:
            context.update({
                "view": view, "step": step, "last": last,
                "entry": movelog.log_entries([moves[step - 1]], game, names)[0] if step else None,
                "last_events": moves[step - 1]["events"] if step else [],
                "prev": max(step - 1, 0), "next": min(step + 1, last),
            })
            if request.GET.get("partial"):
                return render(request, "games/board/replay_step.html", context)
    return render(request, "games/replay.html", context)


@private
@require_GET
def export(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    viewer = viewer_seat(match, request.user)
    response = JsonResponse(export_payload(match, viewer), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = (
        f'attachment; filename="{match.game}-{match.pk}.json"')
    return response
