"""The game page, its board fragment, the replay and the export.

Thin views: load the match, find the viewer's seat, take ``match_payload``
(the only source of game data for a page) and render. The replay of a
finished game is rebuilt from its seed, which is public once it is over.
"""

from __future__ import annotations

from datetime import timedelta

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils import formats, timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games import movelog
from games.models import Match, MoveRecord
from games.rules import RulesError, get_rules
from games.templatetags.druid_board import OTHER, seat_label
from games.visibility import export_payload, match_payload, records_payload, viewer_seat


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


def _player(summary: dict, payload: dict) -> dict:
    seat = summary["seat"]
    info = payload["view"]["players"].get(seat, {})
    deadline = parse_datetime(summary["deadline"]) if summary["deadline"] else None
    return {
        **summary,
        "label": seat_label(seat),
        "is_viewer": seat == payload["viewer"],
        "to_move": seat in payload["to_move"],
        "hand_size": info.get("hand_size", 0),
        "draw_pile_size": info.get("draw_pile_size", 0),
        "removed": summary["removed"] or info.get("removed", []),
        "reason": payload["handicap_reasons"].get(seat, ""),
        "deadline_at": deadline,
        "time_left": time_left(deadline - timezone.now()) if deadline else "",
        "flipped": sum(1 for tree in info.get("trees", ()) if tree["flipped"]),
    }


def _status(payload: dict, players: dict) -> dict:
    result = payload["result"]
    if result is not None:
        reason = movelog.end_reason(result.get("reason"), result.get("detail"))
        if result["winner"] is None:
            text = _("Game over: draw (%(reason)s)") % {"reason": reason}
        else:
            text = _("Game over: %(seat)s (%(name)s) won %(reason)s") % {
                "seat": seat_label(result["winner"]),
                "name": players[result["winner"]]["player"], "reason": reason}
        return {"kind": "over", "text": text}
    owed = [players[seat] for seat in payload["to_move"] if seat in players]
    if not owed:
        return {"kind": "waiting", "text": _("Waiting.")}
    mover = owed[0]
    if mover["is_viewer"]:
        if mover["paused"]:
            left = _("clock paused (vacation)")
        else:
            left = _("%(left)s left") % {"left": mover["time_left"]}
        what = (_("Your move: place a druid") if payload["view"]["phase"] == "setup"
                else _("Your move"))
        return {"kind": "mine", "text": f"{what} — {left}"}
    text = _("Waiting for %(name)s (%(seat)s)") % {"name": mover["player"], "seat": mover["label"]}
    if mover["paused"]:
        text += " — " + _("clock paused (vacation)")
    elif mover["deadline_at"]:
        text += " — " + _("deadline %(when)s (%(left)s left)") % {
            "when": formats.date_format(timezone.localtime(mover["deadline_at"]),
                                        "SHORT_DATETIME_FORMAT"),
            "left": mover["time_left"]}
    return {"kind": "theirs", "text": text}


def _empty_tree_warning(payload: dict) -> str:
    """The mover's trees without cards are flipped at the end of the turn unless filled."""
    viewer, view = payload["viewer"], payload["view"]
    if viewer is None or viewer not in payload["to_move"] or view["phase"] != "play":
        return ""
    empty = [str(tree["tree"]) for tree in view["players"][viewer]["trees"]
             if not tree["flipped"] and tree["top"] is None]
    if not empty:
        return ""
    return ngettext(
        "Your tree %(trees)s has no cards: unless a card lands on it this turn, it is "
        "flipped at the end of your turn.",
        "Your trees %(trees)s have no cards: unless a card lands on them this turn, they "
        "are flipped at the end of your turn.", len(empty)) % {"trees": ", ".join(empty)}


def _last_move_events(records: list[dict]) -> list[dict]:
    for record in reversed(records):
        if record["kind"] == MoveRecord.Kind.MOVE:
            return record["events"]
    return []


def live_context(request: HttpRequest, match: Match) -> dict:
    """What the live part of the game page shows (the page and its fragment)."""
    seats = list(match.seats.select_related("user"))
    viewer = viewer_seat(match, request.user, seats)
    payload = match_payload(match, viewer, seats)
    records = records_payload(match, viewer)
    players = {summary["seat"]: _player(summary, payload) for summary in payload["seats"]}
    bottom = viewer or "moon"
    me = players.get(viewer) if viewer else None
    offer = payload["draw_offer"]
    return {
        "match": match,
        "payload": payload,
        "view": payload["view"],
        "viewer": viewer,
        "bottom": bottom,
        "top_player": players.get(OTHER[bottom]),
        "bottom_player": players.get(bottom),
        "status": _status(payload, players),
        "warning": _empty_tree_warning(payload),
        "log": movelog.log_entries(records),
        "last_events": _last_move_events(records),
        "can_resign": me is not None and not match.is_over,
        "offer_draw": me is not None and not match.is_over and not offer,
        "answer_draw": me is not None and not match.is_over and offer not in (None, viewer),
        "my_offer": me is not None and not match.is_over and offer == viewer,
        "can_rematch": me is not None and match.is_over,
        "game_data": {
            "version": payload["version"],
            "viewer": viewer,
            "phase": payload["view"]["phase"],
            "over": match.is_over,
            "to_move": payload["to_move"],
            "legal": payload["legal_moves"],
            "trees": payload["view"]["players"][viewer]["trees"] if viewer else [],
        },
    }


def js_strings() -> dict[str, str]:
    """The sentences game.js shows, translated here (placeholders: {name})."""
    return {
        "pick_druid": _("Place a druid: choose its colour."),
        "pick_place_tree": _("Choose one of your highlighted trees for the {colour} druid."),
        "confirm_place": _("Place the {colour} druid on tree {tree}?"),
        "pick_action": _("Your move: choose a card from your hand or one of your trees."),
        "pick_waltz_tree": _("{card}: choose a highlighted tree to waltz it on."),
        "withdraw_hand": _("Withdraw {card} to my cult board"),
        "confirm_waltz": _("Play {card} on tree {tree}?"),
        "waltz_hint": _("Every other visible {value} on a tree dances {steps} {direction}."),
        "step": _("step"),
        "steps": _("steps"),
        "clockwise": _("clockwise"),
        "counterclockwise": _("counterclockwise"),
        "confirm_withdraw_hand": _("Withdraw {card} from your hand to your cult board?"),
        "tree_actions": _("Tree {tree}: what do you want to do?"),
        "withdraw_tree": _("Withdraw its top card {card} to my cult board"),
        "confirm_withdraw_tree": _("Withdraw {card} (top of tree {tree}) to your cult board?"),
        "leap": _("Leap the {colour} druid to tree {to}"),
        "confirm_leap": _("Leap the {colour} druid from tree {from} to tree {to}?"),
        "pass": _("Pass"),
        "confirm_pass": _("Pass this turn? No other move is possible."),
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
        "play_here": _("play {card} here"),
        "purple": _("purple"),
        "orange": _("orange"),
        "black": _("black"),
        # The colour inside a sentence, before "druid" (Dutch inflects it).
        "adj_purple": pgettext("druid colour adjective", "purple"),
        "adj_orange": pgettext("druid colour adjective", "orange"),
        "adj_black": pgettext("druid colour adjective", "black"),
        "http_error": _("the server answered with error {status}"),
    }


def _match(match_id: int) -> Match:
    return get_object_or_404(Match, pk=match_id)


@require_GET
def game_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    context = live_context(request, match)
    context["i18n"] = js_strings()
    return render(request, "games/game.html", context)


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
    state = rules.new_game(match.seed, {"removed": match.options.get("removed", {})})
    views = [rules.view(state, None)]
    records = match.records.filter(kind=MoveRecord.Kind.MOVE).order_by("version")
    for record in records[:upto] if upto is not None else records:
        state = rules.apply(state, record.move).state
        views.append(rules.view(state, None))
    return views


@require_GET
def replay_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    records = records_payload(match, None)
    context = {"match": match, "log": movelog.log_entries(records), "finished": match.is_over}
    if match.is_over:
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
                "entry": movelog.log_entries([moves[step - 1]])[0] if step else None,
                "last_events": moves[step - 1]["events"] if step else [],
                "prev": max(step - 1, 0), "next": min(step + 1, last),
            })
            if request.GET.get("partial"):
                return render(request, "games/board/replay_step.html", context)
    return render(request, "games/replay.html", context)


@require_GET
def export(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _match(match_id)
    viewer = viewer_seat(match, request.user)
    response = JsonResponse(export_payload(match, viewer), json_dumps_params={"indent": 2})
    response["Content-Disposition"] = (
        f'attachment; filename="{match.game}-{match.pk}.json"')
    response["Cache-Control"] = "no-store"
    return response
