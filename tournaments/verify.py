"""``verify_games`` for tournaments: the stored results, winners and knockout progress
against the fold of the games' record (tournaments.fold).

Each stored game result (first-seat score, table places, ended) is compared with what
its match says; then, on the fold (computed in a transaction that is rolled back, so
nothing is written), a finished tournament's winner, the players of each knockout game
against its bracket slot, and the players seated at each Kasteel round against those the
round before sent on. One line per difference, naming the tournament and the game.
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
        for name in ("ended", "score_first", "places"):
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
    lines = []
    for slots in reading.bracket(tournament):
        for slot in slots:
            players = {slot.match.high.id, slot.match.low.id if slot.match.low else None}
            for game in slot.games:
                if {game.first_id, game.second_id} != players:
                    lines.append(f"{_label(tournament)}: {_game_label(game)}: played by "
                                 f"{game.first_id} and {game.second_id}, the bracket "
                                 f"pairs {slot.match.high.id} and "
                                 f"{slot.match.low.id if slot.match.low else 'a bye'}")
    return lines


def _kasteel(tournament: Tournament) -> list[str]:
    from games.models import Seat

    lines = []
    steps = reading.kasteel_steps(tournament)
    for rnd in tournament.rounds.order_by("number"):
        if rnd.number == 1:
            continue
        expected = set(steps[rnd.number - 2].going_on) if len(steps) >= rnd.number - 1 \
            else set()
        seated = set(Seat.objects.filter(match__tournament_game__round=rnd,
                                          user__is_bot=False).values_list("user_id", flat=True))
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
