"""The Druidenwalzer board as SVG: layout of one viewer's view.

Only the engine's ``view`` of a viewer goes in (visible tops, counts, the
viewer's own hand), so nothing hidden can reach a page through the board.

The two rows face each other: the bottom row is the viewer's (moon for a
spectator), read left to right tree 1..4 then the cult board; the top row is
the opponent's seen from across the table, so it runs the other way. Together
they are the ring S1 S2 S3 S4 SC M1 M2 M3 M4 MC, counterclockwise on screen.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

register = template.Library()

SEATS = ("moon", "sun")
OTHER = {"moon": "sun", "sun": "moon"}
SLOT_W = 150
MARGIN = 15
WIDTH = 2 * MARGIN + 5 * SLOT_W
HEIGHT = 542
# Row origin and, inside a slot, where the tile and the card stack go: the
# cards lie between the two rows of trees (toward the middle of the table).
ROWS = {
    "top": {"y": 10, "tile_y": 0, "card_y": 94},
    "bottom": {"y": 306, "tile_y": 148, "card_y": 6},
}
CARD_X = 30
MAX_BACKS = 4
SIGNS_TO_CONQUER = 6


def seat_label(seat: str | None) -> str:
    return {"moon": _("moon"), "sun": _("sun")}.get(seat or "", seat or "")


def direction_label(arrow: str) -> str:
    return _("clockwise (L)") if arrow == "L" else _("counterclockwise (R)")


def card(name: str | None) -> dict[str, Any] | None:
    """A card name (``M5L``) as the parts the card partial draws."""
    if not name or len(name) != 3:
        return None
    cult = "moon" if name[0] == "M" else "sun"
    label = _("%(name)s: %(cult)s %(value)s, %(direction)s") % {
        "name": name, "cult": seat_label(cult), "value": name[1],
        "direction": direction_label(name[2]),
    }
    return {"name": name, "cult": cult, "value": int(name[1]), "arrow": name[2],
            "label": label}


def _backs(count: int) -> list[dict[str, int]]:
    """Offsets of the layered card backs drawn under a pile."""
    return [{"dx": -3 * (i + 1), "dy": -3 * (i + 1)}
            for i in reversed(range(min(count, MAX_BACKS)))]


def _tree_label(seat: str, tree: dict[str, Any], ring: bool) -> str:
    parts = [_("%(seat)s tree %(tree)s (%(pos)s)") % {
        "seat": seat_label(seat), "tree": tree["tree"], "pos": tree["position"]}]
    if tree["flipped"]:
        parts.append(_("flipped, out of the ring"))
        return ", ".join(parts)
    top = card(tree["top"])
    parts.append(_("top card %(card)s") % {"card": top["label"]} if top else _("no cards"))
    if tree["down"]:
        parts.append(ngettext("%(n)s face-down card", "%(n)s face-down cards",
                              tree["down"]) % {"n": tree["down"]})
    if tree["covered"]:
        parts.append(ngettext("%(n)s covered card", "%(n)s covered cards",
                              tree["covered"]) % {"n": tree["covered"]})
    if tree["druid"]:
        parts.append(_("%(colour)s druid") % {"colour": colour_adjective(tree["druid"])})
    parts.append(_("%(n)s of 6 signs") % {"n": tree["signs"]})
    if ring:
        parts.append(_("bann ring of the last waltz"))
    return ", ".join(parts)


def colour_label(colour: str) -> str:
    return {"purple": _("purple"), "orange": _("orange"), "black": _("black")}.get(
        colour, colour)


def colour_adjective(colour: str) -> str:
    """The colour before "druid(s)": Dutch inflects it (de paarse druïde)."""
    return {
        "purple": pgettext("druid colour adjective", "purple"),
        "orange": pgettext("druid colour adjective", "orange"),
        "black": pgettext("druid colour adjective", "black"),
    }.get(colour, colour)


def _tree_slot(seat: str, tree: dict[str, Any], row: str, col: int,
               marks: dict[str, Any]) -> dict[str, Any]:
    geometry = ROWS[row]
    tile_y = geometry["tile_y"]
    ring = marks.get("ring") == tree["position"]
    return {
        "kind": "tree",
        "seat": seat,
        "pos": tree["position"],
        "tree": tree["tree"],
        "x": MARGIN + col * SLOT_W,
        "y": geometry["y"],
        "row": row,
        "tile_y": tile_y,
        "card_y": geometry["card_y"],
        "badge_y": geometry["card_y"] + 14,
        "top": card(tree["top"]),
        "down": tree["down"],
        "covered": tree["covered"],
        "backs": _backs(tree["down"] + tree["covered"]),
        "druid": tree["druid"],
        "druid_label": colour_label(tree["druid"]) if tree["druid"] else "",
        "signs": tree["signs"],
        "sign_cult": OTHER[seat],
        "sign_dots": [{"x": 22 + 15 * i, "on": i < tree["signs"]}
                      for i in range(SIGNS_TO_CONQUER)],
        "symbols": [22 + 15 * i for i in range(tree["tree"])],
        "flipped": tree["flipped"],
        "ring": ring,
        "last": tree["position"] in marks.get("last", ()),
        "label": _tree_label(seat, tree, ring),
    }


def _cult_slot(seat: str, board: dict[str, Any], row: str, col: int,
               marks: dict[str, Any]) -> dict[str, Any]:
    geometry = ROWS[row]
    top = card(board["top"])
    label = ngettext("%(seat)s cult board (%(pos)s): %(n)s card",
                     "%(seat)s cult board (%(pos)s): %(n)s cards", board["count"]) % {
        "seat": seat_label(seat), "pos": board["position"], "n": board["count"]}
    if top:
        label += ", " + _("top card %(card)s") % {"card": top["label"]}
    return {
        "kind": "cult",
        "seat": seat,
        "seat_label": seat_label(seat),
        "pos": board["position"],
        "x": MARGIN + col * SLOT_W,
        "y": geometry["y"],
        "row": row,
        "tile_y": geometry["tile_y"],
        "card_y": geometry["card_y"],
        "badge_y": geometry["card_y"] + 14,
        "top": top,
        "count": board["count"],
        "backs": _backs(max(board["count"] - 1, 0)),
        "last": board["position"] in marks.get("last", ()),
        "label": label,
    }


def _row(view: dict[str, Any], seat: str, row: str, marks: dict[str, Any]) -> list[dict]:
    player = view["players"][seat]
    slots = [_tree_slot(seat, tree, row, col, marks)
             for col, tree in enumerate(player["trees"])]
    slots.append(_cult_slot(seat, player["cult_board"], row, 4, marks))
    if row == "top":  # seen from across the table: cult board left, tree 1 right
        slots.reverse()
        for col, slot in enumerate(slots):
            slot["x"] = MARGIN + col * SLOT_W
    return slots


def last_marks(events: list[dict[str, Any]] | None) -> dict[str, Any]:
    """Where the bann ring went and which positions the last move touched."""
    marks: dict[str, Any] = {"ring": None, "last": set()}
    for event in events or ():
        kind = event.get("type")
        if kind == "ring":
            marks["ring"] = event.get("position")
        elif kind in ("waltz", "place"):
            marks["last"].add(event.get("position"))
        elif kind in ("withdraw", "leap"):
            marks["last"].update({event.get("from"), event.get("to")} - {"hand"})
    return marks


def board_context(view: dict[str, Any], bottom: str | None = None,
                  last_events: list | None = None, board_id: str = "board",
                  picks: dict[str, str] | None = None) -> dict:
    """``picks`` marks positions by name (the review's "played" and "best" moves)."""
    bottom = bottom if bottom in SEATS else "moon"
    marks = last_marks(last_events)
    top = OTHER[bottom]
    slots = _row(view, top, "top", marks) + _row(view, bottom, "bottom", marks)
    for slot in slots:
        slot["pick"] = (picks or {}).get(slot["pos"], "")
    return {
        "board_id": board_id,
        "width": WIDTH,
        "height": HEIGHT,
        "bottom": bottom,
        "top": top,
        "slots": slots,
        "title": _("The board: %(top)s's row on top, %(bottom)s's row at the bottom") % {
            "top": seat_label(top), "bottom": seat_label(bottom)},
        "ring_known": marks["ring"] is not None,
    }


@register.inclusion_tag("games/board/board.html")
def druid_board(view, bottom=None, last_events=None, board_id="board", picks=None):
    return board_context(view, bottom, last_events, board_id, picks)


@register.simple_tag
def hand_cards(view, seat):
    """The cards of ``seat``'s hand if the view shows them (the viewer's own)."""
    player = (view or {}).get("players", {}).get(seat or "")
    if not player or player.get("hand") is None:
        return []
    return [card(name) for name in player["hand"]]


@register.filter
def seat_name(seat):
    return seat_label(seat)


@register.filter
def druid_colour(colour):
    return colour_label(colour)
