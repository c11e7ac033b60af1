"""Games of more than two seats play on when a player drops out.

A seat whose clock runs out (or whose player resigns) in a game of more than
two seats is taken over by an AI player for the rest of the game: the seat
keeps its player (recorded as timed out, or as resigned), ``Seat.takeover_level``
names the AI level that now plays it, and games.ai_players.bots plays its moves as for any
AI seat. From then on its former player sees the game as a spectator does
(games.core.visibility). The player's result and score are what the rules give the
seat at the end, so one absent player never stalls the table. Two-player games
keep their own rule: a timeout or a resignation ends the game (games.core.services).

These are change functions' parts: games.core.services calls them inside
games.core.commit.commit, with the match locked.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext as _

from games.core.commit import Entry, Pending
from games.core.errors import Conflict
from games.models import MoveRecord, Seat

#: The AI level that takes a seat over: the first of these that plays the game.
LEVELS = ("heuristic", "random")


def level_for(game: str) -> str:
    from games.ai import levels_for

    playing = levels_for(game)
    return next((level for level in LEVELS if level in playing), "random")


def hand_over(pending: Pending, seat: Seat, why: str) -> Entry:
    """``seat``'s player leaves the running game (``why``: "resign" or "timeout");
    an AI player plays the seat from now on."""
    if seat.takeover_level:
        raise Conflict(_("You have left this game already: an AI player plays your seat."))
    level = level_for(pending.match.game)
    seat.takeover_level = level
    if why == "timeout":
        seat.timed_out = True
    pending.set_clocks()
    kind = MoveRecord.Kind.RESIGN if why == "resign" else MoveRecord.Kind.TIMEOUT
    return Entry(kind, seat.seat, events=[{"type": why, "player": seat.seat, "takeover": level}])


def restart_clock(pending: Pending, seat: Seat) -> Entry:
    """An AI seat that is late (its task was lost) gets its clock back; its move is
    queued again by the follow-ups of this commit (games.ai_players.bots)."""
    seat.deadline = pending.now + timedelta(days=pending.match.days_per_move)
    return Entry(MoveRecord.Kind.CLOCK, seat.seat,
                 events=[{"type": "clock", "player": seat.seat}])
