"""The knockout bracket as a picture: boxes and connecting lines laid out for an SVG.

Round r (1-based) has 2^(R-r) boxes; round 1's boxes are spaced evenly, each later box
sits midway between the two it follows. Rounds not paired yet are drawn empty.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.reading import Slot

BOX_W, BOX_H, GAP_X, GAP_Y, PAD = 170, 44, 36, 12, 8


@dataclass(frozen=True)
class Line:
    """One player's line in a box: name, seed and whether they went through."""

    name: str
    seed: int | None
    won: bool


@dataclass(frozen=True)
class Box:
    x: int
    y: int
    round: int
    slot: int
    top: Line | None
    bottom: Line | None
    match_id: int | None  # the latest game of the slot, for a link

    @property
    def mid(self) -> int:
        return self.y + BOX_H // 2


def layout(rounds: list[list[Slot]], total: int, names: dict[int, str]) -> dict:
    """Boxes, connector paths and the picture's size for ``total`` rounds."""
    first = 2 ** (total - 1)
    height = PAD * 2 + first * BOX_H + (first - 1) * GAP_Y
    boxes: list[Box] = []
    centers: list[list[float]] = []
    for r in range(total):
        count = 2 ** (total - 1 - r)
        if r == 0:
            mids = [PAD + i * (BOX_H + GAP_Y) + BOX_H / 2 for i in range(count)]
        else:
            mids = [(centers[r - 1][2 * i] + centers[r - 1][2 * i + 1]) / 2 for i in range(count)]
        centers.append(mids)
        known = {s.match.slot: s for s in rounds[r]} if r < len(rounds) else {}
        for i, mid in enumerate(mids):
            slot = known.get(i)
            boxes.append(_box(r, i, int(mid - BOX_H / 2), slot, names))
    paths = []
    for r in range(1, total):
        x_from = PAD + (r - 1) * (BOX_W + GAP_X) + BOX_W
        x_to = PAD + r * (BOX_W + GAP_X)
        x_mid = (x_from + x_to) // 2
        for i, mid in enumerate(centers[r]):
            for child in (centers[r - 1][2 * i], centers[r - 1][2 * i + 1]):
                paths.append(f"M{x_from} {int(child)} H{x_mid} V{int(mid)} H{x_to}")
    # The winner's box after the final (its space is kept while the final is played).
    champion = None
    final = rounds[total - 1] if len(rounds) >= total else []
    if final and final[0].winner is not None:
        champion = {"name": names.get(final[0].winner, "?"),
                    "x": PAD + total * (BOX_W + GAP_X), "y": int(centers[-1][0] - BOX_H / 2)}
    width = PAD * 2 + (total + 1) * BOX_W + total * GAP_X
    return {"boxes": boxes, "paths": paths, "width": width, "height": max(height, BOX_H + 2 * PAD),
            "box_w": BOX_W, "box_h": BOX_H, "half": BOX_H // 2, "gap": GAP_X,
            "champion": champion}


def _box(r: int, i: int, y: int, slot: Slot | None, names: dict[int, str]) -> Box:
    x = PAD + r * (BOX_W + GAP_X)
    if slot is None:
        return Box(x, y, r + 1, i, None, None, None)
    match = slot.match

    def line(seeded) -> Line | None:
        if seeded is None:
            return None
        return Line(names.get(seeded.id, "?"), seeded.seed, slot.winner == seeded.id)

    games = [g for g in slot.games if g.match_id]
    return Box(x, y, r + 1, i, line(match.high), line(match.low),
               games[-1].match_id if games else None)
