"""What each app does when an account is deleted: a registry the apps fill at start-up.

accounts.ownership runs the steps in their order; each app adds its own in its
AppConfig.ready(), so the accounts app names none of the apps above it. The order
matters: tournaments first, then the running games (so that leaving a ladder finds
none of them running), the tables, the ladders, and the open challenges last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The orders of the steps (the lower runs first).
TOURNAMENTS, GAMES, TABLES, LADDERS, CHALLENGES = 10, 20, 30, 40, 50

_steps: dict[str, tuple[int, Callable[[Any], Any]]] = {}


def register(order: int, step: Callable[[Any], Any]) -> None:
    """Run ``step(user)`` for every deleted account, at ``order`` (idempotent by name)."""
    _steps[f"{step.__module__}.{step.__qualname__}"] = (order, step)


def leave_everything(user) -> None:
    """Every registered step, in order; each handles its own refusals."""
    for _order, step in sorted(_steps.values(), key=lambda item: item[0]):
        step(user)
