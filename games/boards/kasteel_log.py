"""Strijd om het Kasteel in words: seat colours, pieces, cards and the move log.

The events come already redacted for the viewer (games.core.visibility): a deal
names the cards of the viewer's own hand only in the viewer's own copy. The
site's own events (resign, draws, timeout) are put in words by games.core.movelog.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

#: The seats' colours: the colour's name (a seat's label) and how it is drawn. Chosen
#: from the Okabe-Ito palette and a few more so that neighbours differ in lightness,
#: too; the pieces also carry their rank letter and the lists name the seat.
COLOURS = (
    (gettext_lazy("red"), "#d55e00", "#ffffff"),
    (gettext_lazy("blue"), "#0072b2", "#ffffff"),
    (gettext_lazy("yellow"), "#f0e442", "#1b1b1b"),
    (gettext_lazy("green"), "#009e73", "#ffffff"),
    (gettext_lazy("orange"), "#e69f00", "#1b1b1b"),
    (gettext_lazy("sky blue"), "#56b4e9", "#1b1b1b"),
    (gettext_lazy("pink"), "#cc79a7", "#1b1b1b"),
    (gettext_lazy("black"), "#222222", "#ffffff"),
    (gettext_lazy("white"), "#f4f4f4", "#1b1b1b"),
    (gettext_lazy("brown"), "#8c510a", "#ffffff"),
    (gettext_lazy("purple"), "#5e3c99", "#ffffff"),
    (gettext_lazy("grey"), "#8d8d8d", "#1b1b1b"),
)

RANKS = "KDCBPSX"
RANK_WORDS = (
    gettext_lazy("King"), gettext_lazy("Duke"), gettext_lazy("Count"), gettext_lazy("Baron"),
    gettext_lazy("Priest"), gettext_lazy("Sheriff"), gettext_lazy("Bandit"),
)
CARD_WORDS = {
    "K": gettext_lazy("King card"), "D": gettext_lazy("Duke card"),
    "C": gettext_lazy("Count card"), "B": gettext_lazy("Baron card"),
    "P": gettext_lazy("Priest card"), "S": gettext_lazy("Sheriff card"),
    "X": gettext_lazy("Bandit card"), "J": gettext_lazy("Joker"), "F": gettext_lazy("Jack"),
    "1": gettext_lazy("number 1"), "2": gettext_lazy("number 2"),
    "3": gettext_lazy("number 3"), "4": gettext_lazy("number 4"),
}


def colour(seat: Any) -> tuple:
    """``(name, fill, ink)`` of a seat ("3" or 3)."""
    try:
        return COLOURS[int(seat) % len(COLOURS)]
    except (TypeError, ValueError):
        return (str(seat), "#999999", "#000000")


def seat_label(seat: Any) -> str:
    """A seat in words: its colour; a team of winners ``0+2`` as "red and yellow"."""
    text = str(seat if seat is not None else "")
    if "+" in text:
        return _(" and ").join(seat_label(part) for part in text.split("+"))
    return str(colour(text)[0]) if text.isdigit() else text


def rank_word(letter: str) -> str:
    return str(RANK_WORDS[RANKS.index(letter)]) if letter in RANKS else letter


def piece_label(piece: str | None) -> str:
    """``3:K`` as "King (green)"."""
    seat, _sep, letter = str(piece or "?:?").partition(":")
    return _("%(rank)s (%(seat)s)") % {"rank": rank_word(letter), "seat": seat_label(seat)}


def card_label(card: str | None) -> str:
    """``K/1`` as "King card (blue)", ``3/0`` as "number 3 (red)"."""
    kind, _sep, seat = str(card or "?/?").partition("/")
    return _("%(card)s (%(seat)s)") % {"card": str(CARD_WORDS.get(kind, kind)),
                                       "seat": seat_label(seat)}


def where(location: dict | None) -> str:
    """A location of a walk event in words."""
    location = location or {}
    if "castle" in location:
        return _("castle place %(place)s") % {"place": location["castle"]}
    if "square" in location:
        return _("square %(square)s") % {"square": location["square"]}
    if "home" in location:
        return _("home")
    return "?"


def _path(path: list[dict] | None) -> str:
    steps = []
    for step in path or []:
        if "castle" in step:
            steps.append(_("C%(place)s") % {"place": step["castle"]})
        else:
            steps.append(str(step.get("square", "?")))
    return " → ".join(steps)


def rules_end(reason: str) -> str:
    """The words after "won" when the rules ended the game."""
    if reason == "limit":
        return _("at the length limit, with the highest castle score")
    return _("with all pieces in the castle")


def _deal(event: dict) -> str:
    text = ngettext("%(seat)s deals %(n)s card to each player (deal %(deal)s of cycle %(cycle)s)",
                    "%(seat)s deals %(n)s cards to each player (deal %(deal)s of cycle %(cycle)s)",
                    event.get("each", 0)) % {
        "seat": seat_label(event.get("dealer")), "n": event.get("each", 0),
        "deal": event.get("deal"), "cycle": event.get("cycle")}
    if event.get("cards"):  # only in the viewer's own copy of the event
        text += "; " + _("you get %(cards)s") % {
            "cards": ", ".join(card_label(card) for card in event["cards"])}
    return text


def _end(event: dict) -> str:
    scores = event.get("scores") or {}
    table = ", ".join(f"{seat_label(seat)} {score}" for seat, score in scores.items())
    winners = seat_label("+".join(event.get("winners") or []))
    if event.get("reason") == "limit":
        return _("The length limit is reached: %(winners)s won; scores: %(scores)s") % {
            "winners": winners, "scores": table}
    return _("The game is over: %(winners)s won; scores: %(scores)s") % {
        "winners": winners, "scores": table}


def _play(event: dict) -> str:
    values = {"seat": seat_label(event.get("seat")), "card": card_label(event.get("card")),
              "piece": piece_label(event.get("piece"))}
    if event.get("number"):
        values["number"] = card_label(event["number"])
        return _("%(seat)s played %(card)s with %(number)s for %(piece)s") % values
    return _("%(seat)s played %(card)s for %(piece)s") % values


def _walk(event: dict) -> str:
    values = {"piece": piece_label(event.get("piece")), "steps": event.get("steps", 0),
              "from": where(event.get("from")), "to": where(event.get("to")),
              "path": _path(event.get("path"))}
    if not event.get("path"):
        return _("%(piece)s could not move from %(from)s") % values
    return ngettext("%(piece)s walked %(steps)s step from %(from)s to %(to)s (%(path)s)",
                    "%(piece)s walked %(steps)s steps from %(from)s to %(to)s (%(path)s)",
                    event.get("steps", 0)) % values


def _dice(event: dict) -> str:
    die = (event.get("dice") or [0])[0]
    if event.get("choice") == "one":
        return _("%(seat)s walks one die (%(die)s) and rolls again") % {
            "seat": seat_label(event.get("seat")), "die": die}
    return _("%(seat)s walks the total of the doubles (%(total)s)") % {
        "seat": seat_label(event.get("seat")), "total": die * 2}


def event_sentence(event: dict[str, Any]) -> str:
    """One public event of the rules in words."""
    kind = event.get("type")
    seat = seat_label(event.get("seat"))
    if kind == "place":
        return _("%(seat)s put %(piece)s in home place %(home)s (castle target %(target)s)") % {
            "seat": seat, "piece": piece_label(event.get("piece")), "home": event.get("home"),
            "target": event.get("target")}
    if kind == "play":
        return _play(event)
    if kind == "roll":
        dice = event.get("dice") or [0, 0]
        text = _("%(seat)s rolled %(a)s and %(b)s") % {"seat": seat, "a": dice[0], "b": dice[1]}
        return text + (" — " + _("doubles!") if event.get("doubles") else "")
    if kind == "dice":
        return _dice(event)
    if kind == "enter":
        return _("%(piece)s enters on its start square %(square)s") % {
            "piece": piece_label(event.get("piece")), "square": event.get("square")}
    if kind == "walk":
        return _walk(event)
    if kind == "sent_home":
        return _("%(by)s sent %(piece)s home from square %(square)s") % {
            "by": piece_label(event.get("by")), "piece": piece_label(event.get("piece")),
            "square": event.get("square")}
    if kind == "blocked":
        return ngettext(
            "%(piece)s is blocked at square %(square)s by %(by)s (%(lost)s step lost)",
            "%(piece)s is blocked at square %(square)s by %(by)s (%(lost)s steps lost)",
            event.get("lost", 0)) % {
            "piece": piece_label(event.get("piece")), "square": event.get("square"),
            "by": ", ".join(piece_label(p) for p in event.get("by") or []),
            "lost": event.get("lost", 0)}
    if kind == "castle":
        values = {"piece": piece_label(event.get("piece")), "place": event.get("place"),
                  "target": event.get("target")}
        if event.get("on_target"):
            return _("%(piece)s reached its castle target, place %(place)s") % values
        return _("%(piece)s stands on castle place %(place)s (target %(target)s)") % values
    if kind == "bounce":
        return _("%(piece)s overshot its target %(target)s and walked back %(back)s") % {
            "piece": piece_label(event.get("piece")), "target": event.get("target"),
            "back": event.get("back")}
    if kind == "discard":
        return _("%(seat)s could play no card and discarded %(cards)s") % {
            "seat": seat, "cards": ", ".join(card_label(c) for c in event.get("cards") or [])}
    if kind == "skip":
        return _("%(seat)s has no cards and is skipped") % {"seat": seat}
    if kind == "shuffle":
        return _("%(seat)s shuffles the %(n)s cards for cycle %(cycle)s") % {
            "seat": seat_label(event.get("dealer")), "n": event.get("cards"),
            "cycle": event.get("cycle")}
    if kind == "deal":
        return _deal(event)
    if kind == "finished":
        return _("%(seat)s has all seven pieces in the castle (finished %(rank)s.)") % {
            "seat": seat, "rank": event.get("rank")}
    if kind == "end":
        return _end(event)
    return str(kind)


#: The events a move's one line tells after its first.
_SUMMARY = ("roll", "sent_home", "blocked", "castle", "finished", "end")


def summary(events: list[dict[str, Any]]) -> str:
    """A move in one line: the action, then the dice, where the piece ended and
    what it caused."""
    if not events:
        return ""
    head = event_sentence(events[0])
    clauses = []
    for event in events[1:]:
        kind = event.get("type")
        if kind in _SUMMARY:
            clauses.append(event_sentence(event))
        elif kind == "walk" and event.get("path"):
            clauses.append(_("%(piece)s to %(to)s") % {
                "piece": piece_label(event.get("piece")), "to": where(event.get("to"))})
    return f"{head}: {'; '.join(clauses)}" if clauses else head
