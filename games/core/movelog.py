"""The move log in words: a match's records, as one viewer may see them, as sentences.

Input is ``visibility.records_payload`` (events already redacted for the
viewer), so a sentence can only tell what that viewer may know. The site's
own events (resign, draw offers, timeout) are put in words here; the rules'
events by the game's own formatter (``GameInfo.event_sentence`` and
``GameInfo.summary``, see games.core.catalog).
"""

from __future__ import annotations

from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.core.catalog import GameInfo

#: The events the site itself records (games.core.services), not the rules.
SITE_EVENTS = ("resign", "draw_offer", "draw_decline", "draw_accept", "timeout", "pause",
               "resume", "clock", "correct", "annul", "dispute", "ruling", "adjudicate")


def end_reason(game: GameInfo | None, reason: str | None, detail: str | None = None) -> str:
    """How a game ended, in the words after "won" (or after "draw")."""
    if reason == "rules":
        if game is not None and game.rules_end is not None:
            return game.rules_end(detail or "")
        return _("by the rules")
    return {
        "resign": _("by resignation"),
        "timeout": _("on time"),
        "draw": _("agreed"),
        "corrected": _("by an admin's decision"),
        "annulled": _("annulled by an admin"),
        "adjudicated": _("by adjudication at a deadline"),
    }.get(reason or "", detail or reason or "")


def _correction(game: GameInfo, event: dict[str, Any]) -> str:
    if event.get("winner"):
        text = _("An admin corrected the result: %(seat)s won.") % {
            "seat": game.seat_label(event["winner"])}
    else:
        text = _("An admin corrected the result: a draw.")
    if event.get("reason"):
        text += " " + _("Reason: %(reason)s") % {"reason": event["reason"]}
    return text


def _site_sentence(kind: str, seat: str) -> str:
    if kind == "pause":
        return _("%(seat)s went on vacation: the clock is paused") % {"seat": seat}
    if kind == "resume":
        return _("%(seat)s is back: the clock runs again") % {"seat": seat}
    if kind == "clock":
        return _("%(seat)s's clock was restarted") % {"seat": seat}
    if kind == "resign":
        return _("%(seat)s resigned") % {"seat": seat}
    if kind == "draw_offer":
        return _("%(seat)s offered a draw") % {"seat": seat}
    if kind == "draw_decline":
        return _("%(seat)s declined the draw") % {"seat": seat}
    if kind == "draw_accept":
        return _("%(seat)s accepted the draw: the game is drawn") % {"seat": seat}
    return _("%(seat)s ran out of time") % {"seat": seat}


def event_sentence(game: GameInfo, event: dict[str, Any]) -> str:
    """One public event in words, as a sentence: the rules' words begin with a
    seat's name, which they write in lowercase ("moon placed ...")."""
    return capfirst(_event_words(game, event))


def _event_words(game: GameInfo, event: dict[str, Any]) -> str:
    kind = event.get("type")
    if kind == "correct":
        return _correction(game, event)
    if kind == "dispute":
        return _("%(seat)s disputed the result: %(reason)s") % {
            "seat": game.seat_label(event.get("player")), "reason": event.get("reason", "")}
    if kind == "ruling":
        return _("An admin looked at the dispute: the result stands. Reason: %(reason)s") % {
            "reason": event.get("reason", "")}
    if kind in ("pause", "resume") and event.get("all"):  # a tournament's pause
        text = (_("The tournament is paused: every clock of this game stands still.")
                if kind == "pause" else
                _("The tournament goes on: the clocks of this game run again."))
        if event.get("reason"):
            text += " " + _("Reason: %(reason)s") % {"reason": event["reason"]}
        return text
    if kind == "adjudicate":
        if event.get("player"):
            text = _("The deadline passed: %(seat)s, on move with less time left, loses.") % {
                "seat": game.seat_label(event["player"])}
        else:
            text = _("The deadline passed: the game is drawn.")
        if event.get("reason"):
            text += " " + _("Reason: %(reason)s") % {"reason": event["reason"]}
        return text
    if kind == "annul" and event.get("cancelled"):
        text = _("The site cancelled the game: this pairing no longer stands, and the game "
                 "counts for nothing.")
        if event.get("reason"):
            text += " " + _("Reason: %(reason)s") % {"reason": event["reason"]}
        return text
    if kind == "annul":
        text = _("An admin annulled the game: it counts for nothing.")
        if event.get("reason"):
            text += " " + _("Reason: %(reason)s") % {"reason": event["reason"]}
        return text
    if kind == "resign" and event.get("account_deleted"):
        seat = game.seat_label(event.get("player"))
        if event.get("takeover"):
            return _("%(seat)s's player deleted their account: an AI player plays the seat "
                     "on, and the game is not rated") % {"seat": seat}
        return _("%(seat)s's player deleted their account: the game ends, not rated") % {
            "seat": seat}
    if kind in SITE_EVENTS:
        return _site_sentence(kind, game.seat_label(event.get("player")))
    if game.event_sentence is not None:
        return game.event_sentence(event)
    return str(kind)


def summary(game: GameInfo, events: list[dict[str, Any]]) -> str:
    """A move in one line, beginning with a capital."""
    if not events:
        return ""
    if events[0].get("type") in SITE_EVENTS or game.summary is None:
        return event_sentence(game, events[0])
    return capfirst(game.summary(events))


def log_entries(records: list[dict[str, Any]], game: GameInfo,
                players: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Each record as ``{version, at, seat, player, kind, summary, details}``;
    ``player`` is the name of the seat's player in ``players`` (seat to name),
    since the sentences name seats (a colour, a side), and a reader looks for
    people."""
    entries = []
    for record in records:
        events = record.get("events") or []
        seat = record.get("seat")
        entries.append({
            "version": record["version"],
            "at": parse_datetime(record["at"]) if record.get("at") else None,
            "seat": seat,
            "player": (players or {}).get(seat) if seat else None,
            "kind": record["kind"],
            "summary": summary(game, events) or record["kind"],
            "details": ([event_sentence(game, event) for event in events]
                        if len(events) > 1 else []),
        })
    return entries
