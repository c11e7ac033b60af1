"""``verify_games`` for tournaments: the stored results, winners and knockout progress
against the fold of the games' record (tournaments.fold).

Each stored game result (first-seat score, table places and pieces home, ended) is
compared with what its match says; then, on the fold (computed in a transaction that is
rolled back, so nothing is written), a finished tournament's winner, a knockout's running
games against the games its bracket asks for (and its rounds' states), and the players
seated at each Kasteel round against those the round before sent on. One line per
difference, naming the tournament and the game.
"""

from __future__ import annotations

from django.db import transaction

from tournaments import fold, reading
from tournaments.models import Tournament


class _RollBack(Exception):
    pass


def _label(tournament: Tournament) -> str:
    return f"tournament {tournament.pk} ({tournament.name})"


def _game_label(game) -> str:
    where = f"round {game.round.number} board {game.board}"
    return f"{where} replay {game.replay}" if game.replay else where


def _cached(tournament: Tournament) -> list[str]:
    lines = []
    for game, truth in fold.folded(tournament):
        have = fold.stored(game)
        for name in ("ended", "score_first", "places", "pieces_home"):
            if getattr(have, name) != getattr(truth, name):
                lines.append(f"{_label(tournament)}: {_game_label(game)}: stored {name} "
                             f"{getattr(have, name)!r}, the record says "
                             f"{getattr(truth, name)!r}")
    return lines


def _folded_facts(tournament: Tournament) -> list[str]:
    """Checks on the fold: it is written in a savepoint that is always rolled back."""
    from tournaments.rounds import winner_of

    lines: list[str] = []
    try:
        with transaction.atomic():
            fold.refold(tournament)
            if tournament.status == Tournament.Status.FINISHED:
                winner = winner_of(tournament)
                if winner != tournament.winner_id:
                    lines.append(f"{_label(tournament)}: stored winner "
                                 f"{tournament.winner_id!r}, the fold says {winner!r}")
            if tournament.format == Tournament.Format.KNOCKOUT:
                lines += _knockout(tournament)
            if tournament.format == Tournament.Format.KASTEEL:
                lines += _kasteel(tournament)
            raise _RollBack
    except _RollBack:
        pass
    return lines


def _knockout(tournament: Tournament) -> list[str]:
    """Every running game is one the bracket asks for; while the tournament runs, every
    match of a started round that has no winner has its running game; each round is
    finished exactly when all its matches have a winner."""
    from tournaments import knockout_sync

    lines = []
    bracket = reading.bracket(tournament)
    pairs = {(slot.match.round, slot.match.slot): slot for slots in bracket for slot in slots}
    for game in knockout_sync.stale_games(tournament, bracket):
        slot = pairs.get((game.round.number, game.board))
        if slot is None:
            asks = "the bracket does not know that match's players yet"
        elif slot.winner is not None:
            asks = "the match has its winner already"
        else:
            low = slot.match.low.id if slot.match.low else "a bye"
            asks = f"the bracket pairs {slot.match.high.id} and {low}"
        lines.append(f"{_label(tournament)}: {_game_label(game)}: played by {game.first_id} "
                     f"and {game.second_id}, still running; {asks}")
    total = reading.total_rounds(tournament) or 1
    for rnd in tournament.rounds.order_by("number"):
        known = bracket[rnd.number - 1] if len(bracket) >= rnd.number else []
        if tournament.status == Tournament.Status.RUNNING:
            for slot in known:
                if slot.winner is None and slot.wanted is None:
                    lines.append(f"{_label(tournament)}: round {rnd.number} board "
                                 f"{slot.match.slot}: the match waits for a game never made")
        done = knockout_sync.round_done(known, rnd.number, total)
        if done != (rnd.status == rnd.Status.FINISHED):
            lines.append(f"{_label(tournament)}: round {rnd.number}: stored {rnd.status}, "
                         f"the bracket says {'finished' if done else 'not finished'}")
    return lines


def _kasteel(tournament: Tournament) -> list[str]:
    """The players at each round's tables that count (not cancelled) against those the
    round before sent on (players who withdrew left out: an AI plays their seat)."""
    from tournaments import kasteel_sync

    lines = []
    steps = reading.kasteel_steps(tournament)
    gone = reading.withdrawn(tournament)
    for rnd in tournament.rounds.order_by("number"):
        if rnd.number == 1:
            continue
        tables = kasteel_sync.live_tables(rnd)
        if not tables:  # every table cancelled: the round before named the winner
            continue
        expected = kasteel_sync.going_on(steps, rnd.number, gone)
        seated = kasteel_sync.seated(tables, gone)
        if seated != expected:
            lines.append(f"{_label(tournament)}: round {rnd.number} seats "
                         f"{sorted(seated)}, the round before sent on {sorted(expected)}")
    return lines


def verify_tournaments(ids: list[int] | None = None) -> list[str]:
    """Every difference between the tournaments' stored results and the fold."""
    tournaments = Tournament.objects.exclude(status=Tournament.Status.DRAFT).order_by("pk")
    if ids:
        tournaments = tournaments.filter(pk__in=ids)
    lines: list[str] = []
    for tournament in tournaments:
        lines += _cached(tournament)
        lines += _folded_facts(tournament)
    return lines
