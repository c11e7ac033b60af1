"""A rating history as a small SVG line chart, laid out on the server (no JS library).

The template (templates/ladders/_rating_chart.html) only writes out what
line_chart computes: the polyline's points and the labels of the axis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    left: int  # where the plot starts, right of the axis labels
    points: str  # "x,y x,y ..." for <polyline points="...">
    last_x: float
    last_y: float
    top_label: int
    bottom_label: int
    top_y: float
    bottom_y: float
    count: int


def line_chart(
    values: Sequence[float], width: int = 480, height: int = 160, margin: int = 12,
    label_width: int = 44, min_span: float = 100.0,
) -> Chart | None:
    """Points of ``values`` (oldest first) spread evenly across the chart; None if empty.

    The vertical range is at least ``min_span`` rating points, so a few small
    changes do not look like a cliff.
    """
    if not values:
        return None
    low, high = min(values), max(values)
    if high - low < min_span:
        middle = (high + low) / 2
        low, high = middle - min_span / 2, middle + min_span / 2
    left, right = label_width, width - margin
    top, bottom = margin, height - margin
    steps = max(len(values) - 1, 1)

    def x(index: int) -> float:
        return round(left + (right - left) * index / steps, 1)

    def y(value: float) -> float:
        return round(bottom - (bottom - top) * (value - low) / (high - low), 1)

    coordinates = [(x(i), y(v)) for i, v in enumerate(values)]
    if len(coordinates) == 1:  # a single value: a short flat line
        coordinates.append((right, coordinates[0][1]))
    return Chart(
        width=width, height=height, left=left,
        points=" ".join(f"{cx},{cy}" for cx, cy in coordinates),
        last_x=coordinates[-1][0], last_y=coordinates[-1][1],
        top_label=round(high), bottom_label=round(low), top_y=top, bottom_y=bottom,
        count=len(values),
    )
