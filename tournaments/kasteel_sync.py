"""A Kasteel tournament's seated rounds follow its results, whatever admins decide.

Each Kasteel round after the first is seated from the players the round before sent
on (``reading.kasteel_steps``, a fold of the tables' results). A decision on a table
(a correction or an annulment in the game's admin or on a dispute) may change who
went on after its round was followed. The tournament then does what an arbiter would:

- **The next round has not finished a table**: its running tables are cancelled
  through the game's one commit path (``games.core.services.cancel_running``: ended
  annulled, unrated, the reason and a link to the tournament on their page), marked
  ``cancelled`` so that they count for nothing, and the round is seated again from the
  corrected results, with the seed it was first seated with (``rounds.advance`` seats
  it; a paused tournament waits for the resume). Seated again from the same record,
  the round is exactly the one a seating from scratch gives.
- **A table of a round seated from that result has finished**: the decision is refused
  before it is made (``check_decision``, registered in ``games.core.services``), with
  a message naming the round: games played in good faith are not voided, and the
  round's own results have sent players on already. Should a decision reach the
  tournament anyway (a table ending while the decision was made), the round stands
  as played and the tournament's log says so (``follow``).

docs/tournaments.md, "Decisions in a Kasteel tournament".
"""

from __future__ import annotations

import copy

from django.utils.translation import gettext as _

from games.core import services as game_services
from games.core.errors import Conflict
from games.models import Match, Seat
from tournaments import fold, notices, reading
from tournaments.models import Tournament, TournamentGame, TournamentRound
from tournaments.pairing import KasteelStep
from tournaments.writes import Action, audit

CANCEL_REASON = ("cancelled by the tournament: a table of the round before was decided "
                 "again, and this table's players are no longer the ones who went on")
STANDS_REASON = ("round {round} stands as played: a table of round {before} was decided "
                 "again after a table of round {round} had finished")


def going_on(steps: list[KasteelStep], number: int, gone: set[int]) -> set[int]:
    """The players round ``number`` seats as the steps say (the withdrawn left out)."""
    if number < 2 or len(steps) < number - 1:
        return set()
    return set(steps[number - 2].going_on) - gone


def live_tables(rnd: TournamentRound) -> list[TournamentGame]:
    return list(rnd.games.filter(cancelled=False).select_related("match"))


def seated(tables: list[TournamentGame], gone: set[int]) -> set[int]:
    """The human players of ``tables`` (the withdrawn left out: an AI plays their seat)."""
    return set(Seat.objects.filter(match__tournament_game__in=[t.pk for t in tables],
                                   user__is_bot=False)
               .values_list("user_id", flat=True)) - gone


def _by(tournament: Tournament, decided_round: int) -> dict:
    return {"tournament": tournament.pk, "name": tournament.name, "round": decided_round}


def follow(tournament: Tournament) -> int:
    """With the tournament locked and its results folded: cancel the running tables of
    the first round whose players are not the ones the round before sent on (the round
    is then seated again by ``rounds.advance``); a round with a finished table stands
    and the log says so, once. Returns how many tables were cancelled."""
    if tournament.format != Tournament.Format.KASTEEL or tournament.status in (
            Tournament.Status.CLOSED, Tournament.Status.DRAFT):
        return 0
    steps = reading.kasteel_steps(tournament)
    gone = reading.withdrawn(tournament)
    for rnd in tournament.rounds.filter(number__gte=2).order_by("number"):
        tables = live_tables(rnd)
        wanted = going_on(steps, rnd.number, gone)
        if not tables or seated(tables, gone) == wanted:
            continue
        if any(table.ended for table in tables):
            _note_stands(tournament, rnd.number)
            return 0
        cancelled = 0
        for table in tables:
            try:
                game_services.cancel_running(table.match_id, CANCEL_REASON,
                                             by=_by(tournament, rnd.number - 1))
            except Conflict:  # it ended a moment ago: its own settle comes back here
                continue
            TournamentGame.objects.filter(pk=table.pk).update(cancelled=True)
            notices.game_cancelled(tournament, table.match_id)
            cancelled += 1
        fold.refold(tournament)
        if rnd.status == TournamentRound.Status.FINISHED:
            rnd.status, rnd.finished_at = TournamentRound.Status.STARTED, None
            rnd.save(update_fields=["status", "finished_at"])
        audit(tournament, None, Action.ROUND, round=rnd.number, cancelled=cancelled,
              reason=f"round {rnd.number} is seated again: a table of round "
                     f"{rnd.number - 1} was decided again")
        return cancelled
    return 0


def _note_stands(tournament: Tournament, number: int) -> None:
    reason = STANDS_REASON.format(round=number, before=number - 1)
    if not tournament.audit.filter(action=Action.ROUND, detail__reason=reason).exists():
        audit(tournament, None, Action.ROUND, round=number, reason=reason)


def needs_seating(tournament: Tournament, rnd: TournamentRound) -> bool:
    """Round ``rnd`` lost every table to a decision and the round before sends players
    on: it is seated again."""
    if rnd.number < 2 or rnd.games.filter(cancelled=False).exists():
        return False
    if not rnd.games.exists():
        return False
    return len(going_on(reading.kasteel_steps(tournament), rnd.number,
                        reading.withdrawn(tournament))) >= 2


def next_replay(rnd: TournamentRound) -> int:
    return 1 + max(rnd.games.values_list("replay", flat=True), default=-1)


# --- a decision weighed before it is made -------------------------------------------------


def _as_recorded(game: TournamentGame, truth: fold.Recorded) -> TournamentGame:
    copied = copy.copy(game)
    copied.ended, copied.places, copied.pieces_home = truth.ended, truth.places, \
        truth.pieces_home
    return copied


def _counts(match: Match) -> bool:
    return match.status == Match.Status.FINISHED and \
        match.end_reason != Match.Reason.ANNULLED


def _totals_then(tournament: Tournament, match: Match, seats: list[Seat]) -> dict[int, float]:
    """The castle points with ``match``'s decision made: an annulment takes the table's
    points away, a decision on an annulled table gives them back."""
    totals = dict(reading.kasteel_totals(tournament))
    before = Match.objects.get(pk=match.pk)
    sign = int(_counts(match)) - int(_counts(before))
    if sign:
        for seat in seats:
            if seat.score is not None and not getattr(seat.user, "is_bot", False):
                totals[seat.user_id] = totals.get(seat.user_id, 0.0) + sign * float(seat.score)
    return totals


def check_decision(match: Match, seats: list[Seat]) -> None:
    """Called by the game's correction and annulment with the decision applied but not
    saved: refuse it (Conflict) when it would change who went on to a round that has
    a finished table."""
    game = (TournamentGame.objects.filter(match_id=match.pk)
            .select_related("round__tournament").first())
    if game is None or game.cancelled:
        return
    tournament = game.round.tournament
    if tournament.format != Tournament.Format.KASTEEL or \
            tournament.status == Tournament.Status.CLOSED:
        return
    now = [_as_recorded(g, truth) for g, truth in fold.folded(tournament)]
    team_of = reading.team_map(tournament)
    then = [_as_recorded(g, fold.recorded(g, match, seats, False, team_of))
            if g.pk == game.pk else g for g in now]
    before = reading.kasteel_steps(tournament, now)
    after = reading.kasteel_steps(tournament, then, _totals_then(tournament, match, seats))
    gone = reading.withdrawn(tournament)
    for rnd in tournament.rounds.filter(number__gt=game.round.number).order_by("number"):
        if going_on(before, rnd.number, gone) == going_on(after, rnd.number, gone):
            continue
        finished = [g for g in now if g.round_id == rnd.pk and not g.cancelled and g.ended]
        if finished:
            raise Conflict(_(
                "Round %(round)s of %(name)s was seated from this table's result and has "
                "finished tables: this decision would change who should have played in "
                "it, so it is refused. The round's results stand.") % {
                    "round": rnd.number, "name": tournament.name})
        return  # that round is seated again when the decision reaches the tournament
