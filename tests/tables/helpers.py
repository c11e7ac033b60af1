"""Helpers of the table tests: players, a table filled and started, playing to the end."""

from __future__ import annotations

from games.ai_players import bots
from games.core import services
from games.lobby import tables
from games.models import Match, Table
from games.rules import get_rules
from tests.conftest import make_user

RULES = get_rules("kasteel")


def players(n: int, prefix: str = "p") -> list:
    return [make_user(f"{prefix}{i}") for i in range(n)]


def full_table(creator, others, *, ai: int = 0, **terms) -> Table:
    """A table of ``1 + len(others) + ai`` seats, every seat taken: it has started."""
    size = 1 + len(others) + ai
    table = tables.open_table(creator, game="kasteel", size=size, **terms)
    for user in others:
        tables.join_table(table.pk, user)
    for _ in range(ai):
        tables.add_ai(table.pk, creator, "random")
    table.refresh_from_db()
    return table


def match_of(table: Table, number: int = 1) -> Match:
    return table.series.get(number=number).match


def step(match: Match) -> None:
    """One decision: an AI seat's through the bot task's function, a person's first
    legal move through the service."""
    match.refresh_from_db()
    state = RULES.from_json(match.state)
    owed = RULES.owed_by(state)[0]
    seat = match.seats.select_related("user").get(seat=owed)
    if seat.user.is_bot or seat.takeover_level:
        assert bots.play_bot_move(match.pk, match.version), "the AI did not move"
    else:
        services.play(match.pk, seat.user, RULES.legal_moves(state)[0], match.version)


def play_out(match: Match, max_steps: int = 5000) -> Match:
    for _ in range(max_steps):
        match.refresh_from_db()
        if match.is_over:
            return match
        step(match)
    raise AssertionError("the game did not end")
