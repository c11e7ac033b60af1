"""What one viewer may see of a match: the only way game data leaves the server.

Pages, API answers, socket messages and exports all call ``match_payload`` or
``records_payload``. They start from the engine's ``view`` for the viewer's
seat (or the spectator's view) and the engine's per-viewer redaction of
events; the stored state and the seed are never copied out, except the seed
once the game is over (then the whole game may be replayed by anyone).
"""

from __future__ import annotations

from typing import Any

from games.core.handicap import reason_text
from games.models import Match, MoveRecord, Seat
from games.rules import get_rules


def viewer_seat(match: Match, user, seats: list[Seat] | None = None) -> str | None:
    """The seat ``user`` plays in ``match``, or None for a spectator.

    A seat handed to an AI player (``takeover_level``: its player resigned or
    timed out at a table) is no longer its player's: they watch as a spectator."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    for seat in seats if seats is not None else match.seats.all():
        if seat.user_id == user.pk and not seat.takeover_level:
            return seat.seat
    return None


def handed_over(seats: list[Seat]) -> list[str]:
    """The seats an AI player took over: no socket of their former player gets their view."""
    return [seat.seat for seat in seats if seat.takeover_level]


def handicap_reasons(match: Match) -> dict[str, str]:
    """Why each seat plays with fewer cards, in the active language when the match
    kept the reason's parts (older matches keep only the text of their start)."""
    reasons = dict(match.options.get("handicap_reasons", {}))
    for seat, why in match.options.get("handicap_why", {}).items():
        reasons[seat] = reason_text(why) or reasons.get(seat, "")
    return reasons


def _seat_summary(seat: Seat) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "player": seat.user.username,
        "is_bot": seat.user.is_bot,
        "deadline": seat.deadline.isoformat() if seat.deadline else None,
        "paused": seat.paused_remaining is not None,
        "result": seat.result or None,
        "timed_out": seat.timed_out,
        "removed": list(seat.removed),
    }


def record_payload(record: MoveRecord, rules, viewer: str | None) -> dict[str, Any]:
    return {
        "version": record.version,
        "seat": record.seat or None,
        "kind": record.kind,
        "move": (rules.redact_move(record.move, record.seat or None, viewer)
                 if record.kind == MoveRecord.Kind.MOVE else None),
        "events": rules.redact_events(record.events, viewer),
        "at": record.created_at.isoformat(),
    }


def records_payload(match: Match, viewer: str | None, since: int = 0,
                    records: list[MoveRecord] | None = None) -> list[dict[str, Any]]:
    """The log entries after version ``since``, as ``viewer`` may see them (``records``:
    those entries, already read)."""
    rules = get_rules(match.game)
    if records is None:
        records = list(match.records.filter(version__gt=since).order_by("version"))
    return [record_payload(record, rules, viewer) for record in records]


def match_payload(
    match: Match, viewer: str | None, seats: list[Seat] | None = None, *,
    with_legal: bool = True, state: Any = None,
) -> dict[str, Any]:
    """Everything about ``match`` that ``viewer`` may see, JSON-ready.

    ``state`` may pass the already parsed engine state of ``match`` (when one
    caller builds the payloads of several viewers)."""
    rules = get_rules(match.game)
    if state is None:
        state = rules.from_json(match.state)
    seats = seats if seats is not None else list(match.seats.select_related("user"))
    owed = () if match.is_over else rules.owed_by(state)
    payload: dict[str, Any] = {
        "id": match.pk,
        "game": match.game,
        "version": match.version,
        "status": match.status,
        "rated": match.rated,
        "days_per_move": match.days_per_move,
        "viewer": viewer,
        "seats": [_seat_summary(seat) for seat in seats],
        "to_move": list(owed),
        "draw_offer": match.draw_offer_seat or None,
        "handicap_reasons": handicap_reasons(match),
        "result": None,
        "view": rules.view(state, viewer),
        "legal_moves": [],
    }
    if with_legal and viewer is not None and viewer in owed:
        payload["legal_moves"] = rules.legal_moves(state)
    if match.is_over:
        payload["result"] = {
            "winner": match.winner_seat or None,
            "reason": match.end_reason,
            "detail": match.end_detail,
            "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        }
        payload["seed"] = match.seed
    return payload


def board_view(match: Match, viewer: str | None) -> dict[str, Any]:
    """Only the position as ``viewer`` sees it (the home page's small boards): the
    rules' own view, no legal moves, no query beyond the loaded match."""
    rules = get_rules(match.game)
    return rules.view(rules.from_json(match.state), viewer)


def staff_state(match: Match) -> dict[str, Any]:
    """The position as the admin shows it: the stored state once the game is over,
    before that what a spectator sees (an admin may play too)."""
    if match.is_over:
        return match.state
    rules = get_rules(match.game)
    return rules.view(rules.from_json(match.state), None)


def staff_record(record: MoveRecord) -> dict[str, Any]:
    """A log entry's move and events as the admin shows them: whole once its game is
    over, before that as a spectator sees them."""
    if record.match.is_over:
        return {"move": record.move, "events": record.events}
    return record_payload(record, get_rules(record.match.game), None)


def export_payload(match: Match, viewer: str | None) -> dict[str, Any]:
    """A whole game for download: moves and events, the seed only once it is over."""
    payload = match_payload(match, viewer, with_legal=False)
    payload["records"] = records_payload(match, viewer)
    payload["options"] = {"removed": match.options.get("removed", {})}
    return payload
