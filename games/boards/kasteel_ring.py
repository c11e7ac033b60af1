"""Strijd om het Kasteel's board as data for its SVG (templates/games/board/kasteel_svg.html).

From one view (a seat's or a spectator's, games.core.visibility) and the events of
the last move: the ring of 18N squares on a circle scaled to N (so that a
square keeps its size and the picture zooms), each seat's start square, home
row, castle column and colour, the pieces with their rank letters, the lines
on shared squares (front at the track, going inwards), the squares the last
walk passed and the last dice. The live board and the replay both draw it.
"""

from __future__ import annotations

import math
from typing import Any

from django.utils.translation import gettext as _

from games.boards.kasteel_log import colour, piece_label, rank_word, seat_label

SQUARES_PER_SEAT = 18
SPACING = 30  # between two squares on the ring
MIN_RADIUS = 200
MARGIN = 225
LINE_STEP = 23  # between two pieces of a line, inwards
CASTLE_STEP = 24
HOME_STEP = 25


def _r(value: float) -> float:
    return round(value, 1)


#: Where a seat's middle is, in squares from its start square: its castle lies half a
#: square before the start, its home row and label after it.
SEAT_MIDDLE = 2


class Ring:
    """The geometry of an N-seat ring, turned so that seat ``bottom`` is at the bottom
    (the viewer's own seat; a spectator sees the first seat there)."""

    def __init__(self, players: int, bottom: int = 0) -> None:
        self.n = players
        self.squares = SQUARES_PER_SEAT * players
        self.radius = max(self.squares * SPACING / (2 * math.pi), MIN_RADIUS)
        self.size = _r(2 * (self.radius + MARGIN))
        self.centre = self.size / 2
        self.bottom = bottom % players if players else 0
        self.turn = SQUARES_PER_SEAT * self.bottom + SEAT_MIDDLE

    def point(self, square: float, radius: float) -> tuple[float, float]:
        # Clockwise with y downwards; the bottom seat's middle at a half turn.
        angle = math.pi / 2 + 2 * math.pi * (square - self.turn) / self.squares
        return (_r(self.centre + radius * math.cos(angle)),
                _r(self.centre + radius * math.sin(angle)))

    def on_square(self, square: int, place: int = -1) -> tuple[float, float]:
        """A square (place -1) or the ``place``-th piece of its line."""
        if place < 0:
            return self.point(square, self.radius)
        inner = self.radius - 27 - LINE_STEP * place
        return self.point(square, max(inner, 0.18 * self.radius))

    def castle(self, seat: int, place: int) -> tuple[float, float]:
        """Castle place 1..7 of ``seat``: outwards between its entrance and start square."""
        return self.point(SQUARES_PER_SEAT * seat - 0.5, self.radius + 8 + CASTLE_STEP * place)

    def home(self, seat: int, index: int) -> tuple[float, float]:
        """The ``index``-th place of ``seat``'s home row (0 = the first, next to enter)."""
        return self.point(SQUARES_PER_SEAT * seat + 2.2 + index * HOME_STEP / SPACING,
                          self.radius + 52)

    def label(self, seat: int) -> tuple[float, float]:
        return self.point(SQUARES_PER_SEAT * seat + 12.5, self.radius + 56)


def _last_move(events: list[dict]) -> dict[str, Any]:
    passed: set[int] = set()
    stops: set[int] = set()
    blocked: set[int] = set()
    castle: set[tuple[int, int]] = set()
    sent: set[str] = set()
    walkers: set[str] = set()
    dice = None
    for event in events or []:
        kind = event.get("type")
        if kind == "walk":
            walkers.add(event.get("piece", ""))
            seat = int(str(event.get("piece", "0:")).split(":")[0] or 0)
            for step in event.get("path") or []:
                if "square" in step:
                    passed.add(step["square"])
                else:
                    castle.add((seat, step["castle"]))
            to = event.get("to") or {}
            if "square" in to:
                stops.add(to["square"])
        elif kind == "blocked":
            blocked.add(event.get("square"))
        elif kind == "sent_home":
            sent.add(event.get("piece", ""))
        elif kind in ("roll", "dice"):
            dice = event.get("dice")
    return {"passed": passed - stops, "stops": stops, "blocked": blocked, "castle": castle,
            "sent": sent, "walkers": walkers, "dice": dice}


def _piece(ring: Ring, seat: int, letter: str, xy: tuple[float, float], where: str,
           last: dict, pending: str | None, extra: str = "") -> dict[str, Any]:
    name = f"{seat}:{letter}"
    fill, ink = colour(seat)[1:]
    classes = []
    if name in last["walkers"]:
        classes.append("k-walked")
    if name in last["sent"]:
        classes.append("k-sent")
    if name == pending:
        classes.append("k-pending")
    return {"name": name, "seat": seat, "letter": letter, "x": xy[0], "y": xy[1],
            "fill": fill, "ink": ink, "classes": " ".join(classes),
            "title": f"{piece_label(name)}: {where}{extra}"}


def _nth(place: int) -> str:
    return _("%(n)s. in line") % {"n": place + 1}


def board(view: dict[str, Any], last_events: list[dict] | None = None,
          board_id: str = "kasteel-board", bottom: int = 0) -> dict[str, Any]:
    """Everything the SVG needs, in drawing order; seat ``bottom`` drawn at the bottom."""
    n = view["players"]
    ring = Ring(n, bottom)
    last = _last_move(last_events or [])
    pending = (view.get("pending") or {}).get("piece")
    squares = []
    for square in range(ring.squares):
        seat, offset = divmod(square, SQUARES_PER_SEAT)
        x, y = ring.on_square(square)
        kind = "start" if offset == 0 else ("entrance" if offset == SQUARES_PER_SEAT - 1 else "")
        marks = [f"k-{kind}"] if kind else []
        if square in last["passed"]:
            marks.append("k-passed")
        if square in last["stops"]:
            marks.append("k-stop")
        if square in last["blocked"]:
            marks.append("k-blocked")
        fill = colour(seat)[1]
        squares.append({"square": square, "x": x, "y": y, "seat": seat, "fill": fill,
                        "start": offset == 0, "classes": " ".join(marks),
                        "show_number": offset % 3 == 0 or offset == SQUARES_PER_SEAT - 1})
    seats, pieces = [], []
    for seat, info in enumerate(view["seats"]):
        name, fill, ink = colour(seat)
        order = info.get("order") or []
        castles = []
        for place in range(1, 8):
            x, y = ring.castle(seat, place)
            target_of = order[7 - place] if 7 - place < len(order) else ""
            castles.append({"place": place, "x": x, "y": y, "left": _r(x - 11), "top": _r(y - 11),
                            "passed": (seat, place) in last["castle"],
                            "target_of": target_of})
        homes = []
        for index in range(7):
            x, y = ring.home(seat, index)
            homes.append({"index": index, "x": x, "y": y})
        lx, ly = ring.label(seat)
        sx, sy = ring.point(SQUARES_PER_SEAT * seat, ring.radius + 22)
        seats.append({"seat": seat, "name": str(name), "fill": fill, "ink": ink,
                      "castles": castles, "homes": homes, "label_x": lx, "label_y": ly,
                      "start_x": sx, "start_y": sy,
                      "to_move": view.get("to_move") == seat,
                      "partner": info.get("partner")})
        for index, letter in enumerate(info.get("home") or []):
            pieces.append(_piece(ring, seat, letter, ring.home(seat, index),
                                 _("home row, place %(n)s") % {"n": index + 1}, last, pending))
        for letter, (square, place) in (info.get("track") or {}).items():
            pieces.append(_piece(ring, seat, letter, ring.on_square(square, place),
                                 _("square %(square)s") % {"square": square}, last, pending,
                                 ", " + _nth(place)))
        for letter, place in (info.get("castle") or {}).items():
            target = 7 - order.index(letter) if letter in order else 0
            extra = (", " + _("on its target")) if place == target else ""
            pieces.append(_piece(ring, seat, letter, ring.castle(seat, place),
                                 _("castle place %(place)s") % {"place": place}, last, pending,
                                 extra))
    dice = (view.get("pending") or {}).get("dice") or view.get("roll") or last["dice"]
    return {
        "id": board_id, "size": ring.size, "centre": ring.centre, "radius": _r(ring.radius),
        "bottom": ring.bottom, "turn": ring.turn,
        "squares": squares, "seats": seats, "pieces": pieces, "dice": dice,
        "dice_scale": round(max(ring.radius / MIN_RADIUS / 1.5, 1), 2),
        "big": n > 6,
        "title": _("The ring of %(n)s squares, %(seats)s seats") % {
            "n": ring.squares, "seats": n},
    }


def seat_rows(view: dict[str, Any], players: dict[str, dict] | None = None) -> list[dict]:
    """The list view: every seat's pieces in words, for small screens and screen readers."""
    rows = []
    for seat, info in enumerate(view["seats"]):
        order = info.get("order") or []
        track = sorted((info.get("track") or {}).items(), key=lambda item: item[1][0])
        castle = sorted((info.get("castle") or {}).items(), key=lambda item: -item[1])
        player = (players or {}).get(str(seat)) or {}
        placed = set(order)
        rows.append({
            "seat": seat, "label": seat_label(seat), "fill": colour(seat)[1],
            "ink": colour(seat)[2], "player": player.get("player", ""),
            "is_viewer": player.get("is_viewer", False),
            "hand_size": info.get("hand_size", 0),
            "order": [f"{letter}→{7 - index}" for index, letter in enumerate(order)],
            "home": [rank_word(letter) for letter in info.get("home") or []],
            "track": [_("%(rank)s on %(square)s (%(place)s)") % {
                "rank": rank_word(letter), "square": square, "place": _nth(place)}
                for letter, (square, place) in track],
            "castle": [_("%(rank)s on %(place)s") % {"rank": rank_word(letter), "place": place}
                       for letter, place in castle],
            "unplaced": [rank_word(letter) for letter in "KDCBPSX" if letter not in placed]
            if view.get("phase") == "setup" else [],
            "finished": seat in (view.get("finished") or []),
            "partner": seat_label(info["partner"]) if info.get("partner") is not None else "",
            "score": (view.get("scores") or [None] * len(view["seats"]))[seat],
        })
    return rows


def turn_order(view: dict[str, Any]) -> list[dict]:
    """The seats from the one to move round to the left, with who holds cards."""
    n = view["players"]
    first = view.get("to_move")
    first = first if first is not None else (view.get("dealer", 0) + 1) % n
    result = []
    for k in range(n):
        seat = (first + k) % n
        info = view["seats"][seat]
        result.append({"seat": seat, "label": seat_label(seat), "fill": colour(seat)[1],
                       "ink": colour(seat)[2], "to_move": view.get("to_move") == seat,
                       "dealer": view.get("dealer") == seat,
                       "hand_size": info.get("hand_size", 0),
                       "finished": seat in (view.get("finished") or [])})
    return result



#: The rings drawn around a marked square, piece or castle place, by the mark's kind:
#: (kind, how far out). Both moves at one place: two rings, the played one inside.
_PICK_RINGS = {"played": (("played", 0),), "best": (("best", 0),),
               "both": (("played", 0), ("best", 7))}


def mark_picks(kb: dict[str, Any], picks: dict[str, dict[Any, dict[str, str]]]) -> None:
    """Add the review's rings to ``board()``'s drawing IN PLACE (``picks`` as
    games.learning.review_kasteel.ring_picks gives them): a piece's rings and words
    go with the piece, a square's or castle place's into ``kb["picks"]``, drawn
    above the squares and below the pieces, each with its words."""
    kb["picks"] = []
    for square in kb["squares"]:
        mark = picks.get("squares", {}).get(square["square"])
        if mark:
            radius = 20 if square["start"] else 17
            kb["picks"].append({
                "x": square["x"], "y": square["y"], "shape": "circle",
                "rings": [{"kind": kind, "r": radius + out}
                          for kind, out in _PICK_RINGS[mark["pick"]]],
                "label": _("Square %(square)s: %(what)s") % {
                    "square": square["square"], "what": mark["label"]}})
    for seat in kb["seats"]:
        for place in seat["castles"]:
            mark = picks.get("castles", {}).get((seat["seat"], place["place"]))
            if mark:
                kb["picks"].append({
                    "x": place["x"], "y": place["y"], "shape": "rect",
                    "rings": [{"kind": kind, "at": _r(-17 - out), "size": 34 + 2 * out}
                              for kind, out in _PICK_RINGS[mark["pick"]]],
                    "label": _("Castle place %(place)s: %(what)s") % {
                        "place": place["place"], "what": mark["label"]}})
    for piece in kb["pieces"]:
        mark = picks.get("pieces", {}).get(piece["name"])
        if mark:
            piece["picks"] = [{"kind": kind, "r": 15 + out}
                              for kind, out in _PICK_RINGS[mark["pick"]]]
            piece["title"] = f"{piece['title']}; {mark['label']}"
