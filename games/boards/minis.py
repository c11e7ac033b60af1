"""The small boards of the home and your-turn pages: one glance at each game waiting
for the player, drawn from that player's own view (games.core.visibility.board_view), so a
mini board shows nothing its player could not see on the game page.

Each function returns the data of one small SVG (templates/games/_mini_board.html):
Druidenwalzer the two rows of trees with their druids, Caesar & Cleopatra the five
groups with the patricians left and each side's influence shown, Strijd om het
Kasteel the ring with every piece, the player's seat at the bottom. No query: the
match's state is already loaded with its row.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.boards.caesar_cleopatra_cards import (
    GROUPS,
    OTHER,
    group_label,
    influence_shown,
    seat_label,
)
from games.boards.kasteel_log import colour
from games.boards.kasteel_ring import Ring

DRUID_FILLS = {"purple": "#7b3fa8", "orange": "#ea8a1c", "black": "#1d1d1d"}
CC_FILLS = {"cleopatra": "#1f6f8b", "caesar": "#a23b2a"}
CC_MAX = 15  # the influence that fills a column
CC_HEIGHT = 30.0


def _druidenwalzer(view: dict[str, Any], viewer: str) -> dict[str, Any]:
    other = "sun" if viewer == "moon" else "moon"
    rows = []
    for row, seat in enumerate((other, viewer)):
        info = view["players"][seat]
        places = []
        for index, tree in enumerate(info["trees"]):
            places.append({"x": 6 + index * 23, "y": 6 + row * 28, "seat": seat,
                           "flipped": tree.get("flipped", False),
                           "druid": DRUID_FILLS.get(tree.get("druid") or "", "")})
        rows.append(places)
    mine = sum(1 for tree in view["players"][viewer]["trees"] if tree.get("druid"))
    theirs = sum(1 for tree in view["players"][other]["trees"] if tree.get("druid"))
    return {"kind": "druidenwalzer", "rows": rows, "size": "100 62",
            "label": _("Druids on your trees: %(mine)s, on your opponent's: %(theirs)s") % {
                "mine": mine, "theirs": theirs}}


def _caesar_cleopatra(view: dict[str, Any], viewer: str) -> dict[str, Any]:
    other = OTHER[viewer]
    columns, leading = [], 0
    for index, name in enumerate(GROUPS):
        info = view["groups"][name]
        totals = influence_shown(info, viewer)  # the game page's rule, the same figures
        x = 4 + index * 24
        bars = []
        for offset, seat in ((0, viewer), (10, other)):
            height = round(CC_HEIGHT * min(totals[seat], CC_MAX) / CC_MAX, 1)
            bars.append({"x": x + offset, "y": round(50 - height, 1), "height": height,
                         "fill": CC_FILLS[seat], "total": totals[seat], "seat": seat})
        tokens = [{"x": x + 2 + k * 4, "left": k < info["patricians"]}
                  for k in range(info["size"])]
        leading += totals[viewer] > totals[other]
        columns.append({"x": x, "label": group_label(name)[:1], "bars": bars, "tokens": tokens})
    return {"kind": "caesar-cleopatra", "columns": columns, "size": "124 62",
            "label": _("%(seat)s leads in %(n)s of 5 groups by the influence you see") % {
                "seat": seat_label(viewer), "n": leading}}


def _kasteel(view: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    n = view["players"]
    ring = Ring(n, int(viewer) if viewer is not None and viewer.isdigit() else 0)
    dots = []
    for seat, info in enumerate(view["seats"]):
        fill = colour(seat)[1]
        for letter, (square, place) in (info.get("track") or {}).items():
            x, y = ring.on_square(square, min(place, 2))
            dots.append({"x": x, "y": y, "fill": fill, "king": letter == "K"})
        for letter, place in (info.get("castle") or {}).items():
            x, y = ring.castle(seat, place)
            dots.append({"x": x, "y": y, "fill": fill, "king": letter == "K"})
    starts = []
    for seat in range(n):
        x, y = ring.on_square(18 * seat)
        starts.append({"x": x, "y": y, "fill": colour(seat)[1]})
    size = ring.size
    return {"kind": "kasteel", "size": f"0 0 {size} {size}", "centre": ring.centre,
            "radius": round(ring.radius, 1), "dots": dots, "starts": starts,
            "dot": round(size * 0.03, 1), "stroke": round(size * 0.012, 1),
            "label": _("The ring of %(seats)s seats, your seat at the bottom") % {"seats": n}}


def mini_board(game: str, view: dict[str, Any], viewer: str | None) -> dict[str, Any] | None:
    """The small board of ``game`` from ``viewer``'s ``view``; None for an unknown game."""
    if game == "druidenwalzer" and viewer in ("moon", "sun"):
        return _druidenwalzer(view, viewer)
    if game == "caesar-cleopatra" and viewer in OTHER:
        return _caesar_cleopatra(view, viewer)
    if game == "kasteel":
        return _kasteel(view, viewer)
    return None
