"""Caesar & Cleopatra's names in words: seats, groups, cards, vote and bonus cards.

The rules name everything in the notation of their section 8 (``C3``, ``RP``,
``C-spy``, ``V-orgy``, ``B-praetors``); the pages and the move log show these
words, translated.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

SEATS = ("cleopatra", "caesar")
OTHER = {"cleopatra": "caesar", "caesar": "cleopatra"}
OWNER = {"C": "cleopatra", "R": "caesar"}
GROUPS = ("senators", "praetors", "quaestors", "aediles", "censors")

SEAT_LABELS = {"cleopatra": gettext_lazy("Cleopatra"), "caesar": gettext_lazy("Caesar")}
GROUP_LABELS = {
    "senators": gettext_lazy("Senators"),
    "praetors": gettext_lazy("Praetors"),
    "quaestors": gettext_lazy("Quaestors"),
    "aediles": gettext_lazy("Aediles"),
    "censors": gettext_lazy("Censors"),
}
ACTION_LABELS = {
    "assassination": gettext_lazy("Assassination"),
    "spy": gettext_lazy("Spy"),
    "castling": gettext_lazy("Castling"),
    "scout": gettext_lazy("Scout"),
    "wrath": gettext_lazy("Wrath of the Gods"),
    "veto": gettext_lazy("Veto"),
}
ACTION_SHORT = {
    "assassination": pgettext_lazy("short action card name", "Assassin"),
    "spy": pgettext_lazy("short action card name", "Spy"),
    "castling": pgettext_lazy("short action card name", "Castling"),
    "scout": pgettext_lazy("short action card name", "Scout"),
    "wrath": pgettext_lazy("short action card name", "Wrath"),
    "veto": pgettext_lazy("short action card name", "Veto"),
}


def seat_label(seat: str | None) -> str:
    return str(SEAT_LABELS.get(seat or "", seat or "?"))


def group_label(group: str | None) -> str:
    return str(GROUP_LABELS.get(group or "", group or "?"))


def owner(card: str) -> str:
    return OWNER.get(card[:1], "")


def card_label(card: str | None) -> str:
    """``C3`` → "3", ``CP`` → "philosopher", ``C-spy`` → "Spy"."""
    if not card:
        return "?"
    if "-" in card:
        return str(ACTION_LABELS.get(card.split("-", 1)[1], card))
    if card[1:] == "P":
        return _("philosopher")
    return card[1:]


def card_name(card: str | None) -> str:
    """A card in a sentence: "Spy", "philosopher", "3" (the owner is in the sentence)."""
    return card_label(card)


def cards_text(cards: list[str] | None) -> str:
    """``["C1", "C3", "CP"]`` → "1, 3, philosopher"; none: "–"."""
    return ", ".join(card_label(card) for card in cards or ()) or "–"


def card_value(name: str) -> int:
    """An influence card's value (``C3`` → 3); a philosopher and an action card: 0."""
    return int(name[1:]) if name[1:].isdigit() else 0


def _face_down_seen(info: dict[str, Any], viewer: str | None,
                    open_seats: tuple[str, ...]) -> tuple[dict[str, Any], bool]:
    """Each side's face-down cards at one group as this viewer sees them (None: only
    their backs), and whether any card there is face down to the viewer."""
    shown = {seat: info[seat].get("down") if seat == viewer or seat in open_seats else None
             for seat in SEATS}
    hidden = any(shown[seat] is None and info[seat].get("down_count", 0) for seat in SEATS)
    return shown, hidden


def influence_shown(info: dict[str, Any], viewer: str | None,
                    open_seats: tuple[str, ...] = ()) -> dict[str, int]:
    """Each side's influence at one group (``info``: the group in a view) as this
    viewer can tell it. While a card there is face down to the viewer, the totals
    are the face-up cards only, the same for both players: counting the viewer's
    own face-down cards against the other's unseen ones would tell each player
    that they lead. With nothing hidden (``open_seats``: seats whose face-down
    cards the viewer is shown, as in a review) the totals are exact."""
    shown, hidden = _face_down_seen(info, viewer, open_seats)
    return {seat: sum(map(card_value, list(info[seat].get("up") or [])
                          + ([] if hidden else list(shown[seat] or []))))
            for seat in SEATS}


def uncounted(info: dict[str, Any], viewer: str | None,
              open_seats: tuple[str, ...] = ()) -> dict[str, str]:
    """What each side's total (``influence_shown``) leaves out at one group: nothing
    (""), face-down cards this viewer cannot see ("+?"), or the viewer's own face-down
    cards, by their value ("+7"), left out while another card there is hidden."""
    shown, hidden = _face_down_seen(info, viewer, open_seats)
    if not hidden:
        return {seat: "" for seat in SEATS}
    marks = {}
    for seat in SEATS:
        if not info[seat].get("down_count", 0):
            marks[seat] = ""
        elif shown[seat] is None:
            marks[seat] = "+?"
        else:
            marks[seat] = f"+{sum(map(card_value, shown[seat]))}"
    return marks


def card(name: str, *, hidden: bool = False, down: bool = False) -> dict[str, Any]:
    """One card as the templates draw it."""
    action = "-" in name
    kind = name.split("-", 1)[1] if action else ("philosopher" if name[1:] == "P" else "value")
    if action:
        short = str(ACTION_SHORT.get(kind, name))
    elif kind == "philosopher":
        short = "P"
    else:
        short = name[1:]
    return {
        "name": name,
        "owner": owner(name),
        "kind": kind,
        "action": action,
        "short": short,
        "label": card_label(name),
        "down": down,
        "hidden": hidden,
    }


def vote_label(card: str | None) -> str:
    """``V-senators`` → "Senators", ``V-orgy`` → "Orgy"."""
    name = (card or "").removeprefix("V-")
    if name == "orgy":
        return _("Orgy")
    if name == "orgy-reshuffle":
        return _("Orgy / reshuffle")
    return group_label(name)


def bonus_label(card: str | None) -> str:
    """``B-praetors`` → "bonus: Praetors"."""
    if not card:
        return ""
    return _("bonus: %(group)s") % {"group": group_label(card.removeprefix("B-"))}
