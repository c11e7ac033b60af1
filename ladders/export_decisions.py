"""The admins' decisions on a ladder's games, as the exports list them.

A decision is a record of the game's log (a correction or an annulment; a
dispute's ruling that upholds the result): when, what, the result it gave and
the one before, the reason the players read, the admin who decided it (from the
ladder's "correct" row, which names the admin and the game's version), and the
disputes it closed (one decision closes every open dispute of its game). Results
are written as a spreadsheet reads them: "<player> won", "draw" or "annulled".
"""

from __future__ import annotations

from typing import Any

from games.models import Dispute, MoveRecord, Seat
from ladders.models import Ladder, LadderAudit

KINDS = (MoveRecord.Kind.CORRECT, MoveRecord.Kind.ANNUL, MoveRecord.Kind.RULING)
ANNULLED = "annulled"
DRAW = "draw"
UNCHANGED = "unchanged"
#: Who decided, for a reader who is not staff.
ADMIN = "admin"


def _said(winner: str | None, names: dict[str, str]) -> str:
    """A result in words: the winning seat's player (a team's players joined by "+")."""
    if not winner:
        return DRAW
    return "+".join(names.get(seat, seat) for seat in winner.split("+")) + " won"


def _deciders(ladder: Ladder) -> dict[tuple[int, int | None], list[LadderAudit]]:
    """The ladder's "correct" rows by (game, version); rows written before the version
    was recorded under (game, None), in order."""
    found: dict[tuple[int, int | None], list[LadderAudit]] = {}
    for row in ladder.audit.filter(action=LadderAudit.Action.CORRECT).select_related(
            "actor").order_by("id"):
        key = (row.detail.get("match"), row.detail.get("version"))
        found.setdefault(key, []).append(row)
    return found


def game_decisions(ladder: Ladder, *, name_admins: bool = False
                   ) -> dict[int, list[dict[str, Any]]]:
    """Every decision on each of the ladder's games (by game id), in order. The admin
    who decided is named for ``name_admins`` (a staff reader); anyone else reads
    "admin", as the ladder's page says "an admin"."""
    names: dict[int, dict[str, str]] = {}
    for seat in Seat.objects.filter(match__ladder_game__ladder=ladder).select_related("user"):
        names.setdefault(seat.match_id, {})[seat.seat] = seat.user.username
    disputes: dict[int, list[Dispute]] = {}
    for dispute in Dispute.objects.filter(match__ladder_game__ladder=ladder).select_related(
            "user", "decided_by").order_by("created_at", "id"):
        disputes.setdefault(dispute.match_id, []).append(dispute)
    deciders = _deciders(ladder)
    found: dict[int, list[dict[str, Any]]] = {}
    settled: set[int] = set()  # disputes already listed with their decision
    state: dict[int, str | None] = {}  # each game's result in words before the decision
    for record in MoveRecord.objects.filter(match__ladder_game__ladder=ladder,
                                            kind__in=KINDS).order_by("match_id", "version"):
        event = (record.events or [{}])[0]
        seat_names = names.get(record.match_id, {})
        before = state.get(record.match_id) or _said(event.get("was"), seat_names)
        if record.kind == MoveRecord.Kind.ANNUL:
            result = ANNULLED
        elif record.kind == MoveRecord.Kind.CORRECT:
            result = _said(event.get("winner"), seat_names)
        else:
            result = UNCHANGED
        if result != UNCHANGED:
            state[record.match_id] = result
        row = None
        if record.kind != MoveRecord.Kind.RULING:  # a ruling that upholds has no ladder row
            rows = (deciders.get((record.match_id, record.version))
                    or deciders.get((record.match_id, None)))
            row = rows.pop(0) if rows else None
        # A dispute is closed by the first decision after it (a ruling: on its seat's).
        closed = [d for d in disputes.get(record.match_id, [])
                  if d.status != Dispute.Status.OPEN and d.pk not in settled
                  and d.created_at <= record.created_at
                  and (record.kind != MoveRecord.Kind.RULING
                       or d.seat == event.get("player"))]
        settled.update(d.pk for d in closed)
        by = (row.actor.username if row is not None and row.actor else
              next((d.decided_by.username for d in closed if d.decided_by), ""))
        by = by if name_admins else ADMIN
        found.setdefault(record.match_id, []).append({
            "version": record.version, "at": record.created_at.isoformat(),
            "decision": "uphold" if record.kind == MoveRecord.Kind.RULING else record.kind,
            "winner": event.get("winner"), "was": event.get("was"),
            "result": result, "before": before if result != UNCHANGED else result,
            "by": by, "reason": event.get("reason", ""),
            "disputes": [{"by": d.user.username, "reason": d.reason,
                          "at": d.created_at.isoformat(), "outcome": d.status}
                         for d in closed],
        })
    return found


#: The columns of the export's "decisions" part: one row per decision.
CSV_COLUMNS = ("game", "version", "at", "decision", "before", "result", "by", "reason",
               "disputed_by", "dispute_reason")


def csv_rows(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The "decisions" part: one row per decision of each game, in order; the disputes
    a decision closed in two columns (players and reasons joined by "; ")."""
    rows = []
    for game in games:
        for decision in game["decisions"]:
            rows.append({
                "game": game["game"], **{key: decision[key] for key in (
                    "version", "at", "decision", "before", "result", "by", "reason")},
                "disputed_by": "; ".join(d["by"] for d in decision["disputes"]),
                "dispute_reason": "; ".join(d["reason"] for d in decision["disputes"]),
            })
    return rows


def last_decision(decisions: list[dict[str, Any]]) -> dict[str, Any]:
    """The games part's columns for the decision in force: the last one that changed
    the result (empty when none did)."""
    changed = [d for d in decisions if d["decision"] != "uphold"]
    last = changed[-1] if changed else None
    return {"decision": last["decision"] if last else "",
            "decided_result": last["result"] if last else "",
            "decided_by": last["by"] if last else "",
            "decided_at": last["at"] if last else "",
            "decision_reason": last["reason"] if last else "",
            "decision_count": len(decisions)}
