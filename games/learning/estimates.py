"""One unit for hints and reviews: the mover's chance to win.

Druidenwalzer's search estimates the chance directly; Caesar & Cleopatra's
rollouts estimate the final points margin, turned into a chance by a
logistic (``POINTS_SCALE`` points of margin per unit), so that a hint and a
review of the same position speak the same percentage. Kasteel's evaluation
speaks in squares of progress and has no chance (None).
"""

from __future__ import annotations

import math

#: Points of Caesar & Cleopatra's final margin per unit of the logistic.
POINTS_SCALE = 4.0


def chance(value: float | None, unit: str) -> float | None:
    """An estimate as the mover's chance to win (None for Kasteel's squares)."""
    if value is None:
        return None
    if unit == "win":
        return value
    if unit == "points":
        return 1.0 / (1.0 + math.exp(-value / POINTS_SCALE))
    return None
