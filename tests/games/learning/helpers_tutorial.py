"""Replaying a tutorial's script with the engine, for the claim tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.learning import tutorial
from games.rules import get_rules


def replay(game: str) -> Iterator[tuple[int, Any, list[dict[str, Any]], tutorial.Scripted]]:
    """Each step of ``game``'s script: its index, the engine state before it, the
    history as the tutorial's player saw it, and the scripted move."""
    found = tutorial.tutorial(game)
    rules = get_rules(game)
    state = rules.new_game(found.seed, found.new_game)
    history: list[dict[str, Any]] = []
    for index, scripted in enumerate(tutorial.script(game)):
        yield index, state, list(history), scripted
        applied = rules.apply(state, scripted.move)
        history.extend(rules.redact_events(list(applied.events), found.seat))
        state = applied.state


def player_steps(game: str):
    seat = tutorial.tutorial(game).seat
    return [step for step in replay(game) if step[3].seat == seat]


def lesson_text(game: str, index: int, scripted: tutorial.Scripted) -> str:
    assert tutorial.script(game)[index] == scripted
    return tutorial.lesson_text(game, index)
