"""Games of more than two seats play on when a player drops out.

A seat whose clock runs out (or whose player resigns) in a game of more than
two seats is taken over by an AI player for the rest of the game: the seat
keeps its player (recorded as timed out, or as resigned), ``Seat.takeover_level``
names the AI level that now plays it, and games.bots plays its moves as for any
AI seat. The player's result and score are what the rules give the seat at the
end, so one absent player never stalls the table. Two-player games keep their
own rule: a timeout or a resignation ends the game (games.services).

Called by games.services with the match row locked, inside its transaction.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from games import clocks
from games.models import Match, MoveRecord, Seat
from games.rules import get_rules

#: The AI level that takes a seat over: the first of these that plays the game.
LEVELS = ("heuristic", "random")


def level_for(game: str) -> str:
    from games.ai import levels_for

    playing = levels_for(game)
    return next((level for level in LEVELS if level in playing), "random")


def _owed(match: Match) -> tuple[str, ...]:
    rules = get_rules(match.game)
    return rules.owed_by(rules.from_json(match.state))


def hand_over(match: Match, seats: list[Seat], seat: Seat, why: str, now: datetime) -> Match:
    """``seat``'s player leaves the running game (``why``: "resign" or "timeout");
    an AI player plays the seat from now on. Recorded like any change of the game."""
    from games import services

    from_version = match.version
    kind = MoveRecord.Kind.RESIGN if why == "resign" else MoveRecord.Kind.TIMEOUT
    level = level_for(match.game)
    services._record(match, seat.seat, kind,
                     events=[{"type": why, "player": seat.seat, "takeover": level}])
    seat.takeover_level = level
    if why == "timeout":
        seat.timed_out = True
    clocks.set_clocks(match, seats, _owed(match), now)
    services._save(match, seats)
    services._after_commit(match, from_version, finished=False)
    return match


def expire(match: Match, seats: list[Seat], late: list[Seat], now: datetime) -> None:
    """The late seats of a running game of more than two seats: a player's seat is
    taken over; an AI seat that is late (its task was lost) gets its clock back and
    its move is queued again (games.bots.requeue_missed)."""
    players = [seat for seat in late if not seat.takeover_level and not seat.user.is_bot]
    for seat in players:
        hand_over(match, seats, seat, "timeout", now)
    if players:
        return
    per_move = timedelta(days=match.days_per_move)
    for seat in late:
        seat.deadline = now + per_move
    Seat.objects.bulk_update(late, ["deadline"])
