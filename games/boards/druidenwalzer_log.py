"""Druidenwalzer's events in words: the sentences of its move log.

The events come already redacted for the viewer (games.core.visibility), so a
sentence can only tell what that viewer may know: a player's own drawn cards
appear in their own log and nowhere else. The site's own events (resign,
draws, timeout) are put in words by games.core.movelog.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.templatetags.druid_board import (
    colour_adjective,
    colour_label,
    direction_label,
    seat_label,
)

CARD_CODE_LENGTH = 3


def card_words(code: Any) -> str:
    """A card in words (``M4L``: "moon 4, clockwise (L)"); a card this viewer may not
    see (redacted) is "a card"."""
    if (not isinstance(code, str) or len(code) != CARD_CODE_LENGTH or code[0] not in "MS"
            or code[1] not in "12345" or code[2] not in "LR"):
        return _("a card")
    return _("%(cult)s %(value)s, %(direction)s") % {
        "cult": seat_label("moon" if code[0] == "M" else "sun"), "value": code[1],
        "direction": direction_label(code[2])}


def place_label(position: str | None) -> str:
    """``M2`` stays ``M2``; the cult boards and the hand get words."""
    if position == "hand":
        return _("the hand")
    if position == "MC":
        return _("the moon cult board")
    if position == "SC":
        return _("the sun cult board")
    return position or "?"


def rules_end(reason: str) -> str:
    """The words after "won" when the rules ended the game."""
    return _("by conquest (two trees flipped)")


def _measure(event: dict) -> str:
    moon, sun, winner = event.get("moon", {}), event.get("sun", {}), event.get("winner")
    colour = colour_label(event.get("colour", ""))
    if winner is None:
        return _("%(colour)s: moon %(moon)s ties sun %(sun)s") % {
            "colour": colour, "moon": moon.get("value", 0), "sun": sun.get("value", 0)}
    loser = "sun" if winner == "moon" else "moon"
    won, lost = event.get(winner, {}), event.get(loser, {})
    return _("%(colour)s: %(winner)s %(high)s beats %(loser)s %(low)s") % {
        "colour": colour, "winner": seat_label(winner), "high": won.get("value", 0),
        "loser": seat_label(loser), "low": lost.get("value", 0)}


def _flip(event: dict) -> str:
    if event.get("reason") == "signs":
        text = _("%(seat)s's tree %(tree)s (%(pos)s) is conquered with 6 signs") % {
            "seat": seat_label(event.get("player")), "tree": event.get("tree"),
            "pos": event.get("position")}
    else:
        text = _("%(seat)s's tree %(tree)s (%(pos)s) stayed empty and is flipped") % {
            "seat": seat_label(event.get("player")), "tree": event.get("tree"),
            "pos": event.get("position")}
    cards = event.get("cards") or []
    if cards:
        text += "; " + ngettext("%(n)s card goes to the cult boards",
                                "%(n)s cards go to the cult boards", len(cards)) % {
            "n": len(cards)}
    druid = event.get("druid")
    if druid:
        text += "; " + _("the %(colour)s druid moves to %(to)s") % {
            "colour": colour_adjective(druid.get("druid", "")), "to": druid.get("to")}
    return text


def _withdraw(event: dict, seat: str) -> str:
    if event.get("from") == "hand":
        return _("%(seat)s withdrew %(card)s from the hand to %(to)s") % {
            "seat": seat, "card": card_words(event.get("card")),
            "to": place_label(event.get("to"))}
    return _("%(seat)s withdrew %(card)s from %(from)s to %(to)s") % {
        "seat": seat, "card": card_words(event.get("card")),
        "from": place_label(event.get("from")), "to": place_label(event.get("to"))}


def _draw(event: dict, seat: str) -> str:
    text = ngettext("%(seat)s drew %(n)s card", "%(seat)s drew %(n)s cards",
                    event.get("count", 0)) % {"seat": seat, "n": event.get("count", 0)}
    if event.get("cards"):  # only in the drawer's own copy of the event
        text += ": " + ", ".join(card_words(card) for card in event["cards"])
    return text


def event_sentence(event: dict[str, Any]) -> str:
    """One public event of the rules in words."""
    kind = event.get("type")
    seat = seat_label(event.get("player"))
    if kind == "place":
        return _("%(seat)s placed the %(colour)s druid on tree %(tree)s") % {
            "seat": seat, "colour": colour_adjective(event.get("druid", "")),
            "tree": event.get("tree")}
    if kind == "waltz":
        return _("%(seat)s waltzed %(card)s on tree %(tree)s") % {
            "seat": seat, "card": card_words(event.get("card")), "tree": event.get("tree")}
    if kind == "ring":
        if event.get("banned"):
            return _("the bann ring goes to %(pos)s: the %(colour)s druids sit out") % {
                "pos": event.get("position"), "colour": colour_adjective(event["banned"])}
        return _("the bann ring goes to %(pos)s") % {"pos": event.get("position")}
    if kind == "dance":
        return _("%(card)s danced from %(from)s to %(to)s") % {
            "card": card_words(event.get("card")), "from": place_label(event.get("from")),
            "to": place_label(event.get("to"))}
    if kind == "turn_up":
        return _("%(card)s turned face-up on %(pos)s") % {
            "card": card_words(event.get("card")), "pos": event.get("position")}
    if kind == "measure":
        return _measure(event)
    if kind == "sign":
        return _("sign on %(pos)s (%(n)s/6)") % {"pos": event.get("position"),
                                                "n": event.get("signs")}
    if kind == "collect":
        return _("%(seat)s takes %(card)s from %(from)s to %(to)s") % {
            "seat": seat, "card": card_words(event.get("card")),
            "from": place_label(event.get("from")),
            "to": place_label(event.get("to"))}
    if kind == "flip":
        return _flip(event)
    if kind == "leap":
        return _("%(seat)s's %(colour)s druid leapt from %(from)s to %(to)s") % {
            "seat": seat, "colour": colour_adjective(event.get("druid", "")),
            "from": event.get("from"), "to": event.get("to")}
    if kind == "withdraw":
        return _withdraw(event, seat)
    if kind == "draw":
        return _draw(event, seat)
    if kind == "reshuffle":
        return _("%(seat)s shuffled the cult board into a new draw pile (%(n)s cards)") % {
            "seat": seat, "n": event.get("count", 0)}
    if kind == "pass":
        return _("%(seat)s passed") % {"seat": seat}
    if kind == "game_over":
        return _("%(seat)s won: %(loser)s has two flipped trees") % {
            "seat": seat_label(event.get("winner")), "loser": seat_label(event.get("loser"))}
    return str(kind)


def summary(events: list[dict[str, Any]]) -> str:
    """A move in one line: the action, then what it caused."""
    if not events:
        return ""
    head = event_sentence(events[0])
    clauses: list[str] = []
    danced = sum(1 for event in events if event.get("type") == "dance")
    if danced:
        clauses.append(ngettext("%(n)s card danced", "%(n)s cards danced", danced) % {
            "n": danced})
    for event in events[1:]:
        kind = event.get("type")
        if kind in ("measure", "sign", "flip", "game_over"):
            if kind == "measure" and event.get("winner") is None:
                continue
            clauses.append(event_sentence(event))
    return f"{head}: {', '.join(clauses)}" if clauses else head
