"""A knockout's running games follow its bracket, whatever admins decide.

The bracket is a fold of the record (``reading.bracket``): a decision on a game of an
earlier round (a correction that changes who goes through, a win turned into a draw or
an annulment) changes which games later rounds ask for. With the tournament locked,
``cancel_stale`` ends every running game the bracket no longer asks for, through the
game's one commit path (``games.core.services.cancel_running``): it ends annulled, unrated,
with the reason on its page, and is marked ``cancelled`` so that it counts for nothing
in the bracket even if its two players meet there again. ``rounds.advance`` then makes
the games the bracket asks for (docs/tournaments.md, "Decisions in a knockout").

Finished games are left as they were played (results and ratings stand): they count
in the bracket exactly when their two players are the pair the bracket puts in their
slot, so undoing a decision brings them back.
"""

from __future__ import annotations

from games.core import services as game_services
from games.core.errors import Conflict
from games.models import Match
from tournaments import notices, reading
from tournaments.models import Tournament, TournamentGame

CANCEL_REASON = ("cancelled by the tournament: a decision on an earlier game changed "
                 "who plays here")


def stale_games(tournament: Tournament,
                bracket: list[list[reading.Slot]] | None = None) -> list[TournamentGame]:
    """The running games of the knockout that its bracket does not ask for now."""
    bracket = reading.bracket(tournament) if bracket is None else bracket
    wanted = {slot.wanted.pk for slots in bracket for slot in slots if slot.wanted is not None}
    return [game for game in reading.games(tournament)
            if game.match_id and not game.cancelled and game.pk not in wanted
            and game.match.status == Match.Status.ACTIVE]


def cancel_stale(tournament: Tournament) -> list[int]:
    """With the tournament locked: end every stale running game; returns their match ids.
    Cancelling changes no slot's result (a stale game never counts), so one pass does."""
    cancelled = []
    for game in stale_games(tournament):
        try:
            game_services.cancel_running(game.match_id, CANCEL_REASON, by={
                "tournament": tournament.pk, "name": tournament.name})
        except Conflict:  # it ended a moment ago: its own settle folds its result in
            continue
        TournamentGame.objects.filter(pk=game.pk).update(cancelled=True)
        notices.game_cancelled(tournament, game.match_id)
        cancelled.append(game.match_id)
    return cancelled


def round_done(slots: list[reading.Slot], number: int, total: int) -> bool:
    """Whether every match of round ``number`` (of ``total``) has its winner."""
    return len(slots) == 2 ** (total - number) and all(s.winner is not None for s in slots)
