"""Rounds: pairing a round and creating its games exactly once, results, the next round,
the end of a tournament.

``start_round(tournament_id, number)`` is the body of the Celery task of the same name.
It locks the tournament row, returns at once if the round exists, and otherwise creates
the round, its games (through games.core.services.start_match, i.e. games.core.commit.create) and
byes in ONE transaction: a redelivered or concurrent task waits for the lock and then
finds the round made; a worker killed half-way leaves nothing behind, and the task run
again creates everything once. The unique constraints (tournament, number) and
(round, board, replay) hold even against a writer that skipped the lock.

A finished game reaches ``record_result`` through games.core.commit.result_changed (the settle
task): the result is stored on its TournamentGame; a knockout's running games follow its
bracket (stale ones are cancelled, a drawn or reopened match gets its next game, in
whatever round: ``_follow_bracket``); and when every game of the round has ended the
next round is queued, or the tournament ends with its winner.
"""

from __future__ import annotations

import logging

from django.db import IntegrityError, transaction
from django.utils import timezone

from druidsite.enqueue import queue
from games.core import services as game_services
from games.core import terms
from tournaments import fold, kasteel_sync, knockout_sync, notices, reading
from tournaments.models import Tournament, TournamentBye, TournamentGame, TournamentRound
from tournaments.pairing import (
    PairingError,
    check_swiss_rounds,
    pair_swiss,
    seat_tables,
)
from tournaments.pairing.kasteel_teams import check_teams, seat_team_tables
from tournaments.pairing.swiss_edits import check_fixed_pairing
from tournaments.writes import Action, audit, lock

log = logging.getLogger(__name__)
Format = Tournament.Format
Status = Tournament.Status


# --- before the start -------------------------------------------------------------------


def check_startable(tournament: Tournament, entries) -> None:
    """Refuse terms the field cannot play (PairingError naming the problem)."""
    count = len(entries)
    if tournament.format == Format.SWISS:
        check_swiss_rounds(count, tournament.round_count or 0)
    elif tournament.format == Format.KASTEEL and tournament.team_event:
        check_teams(reading.teams(tournament), [e.user_id for e in entries])
        seat_team_tables(reading.teams(tournament), table_size=tournament.table_size or 0,
                         method=tournament.seating, seed=tournament.seed)
    elif tournament.format == Format.KASTEEL:
        seat_tables([reading.Entrant(e.user_id, e.rating or 0) for e in entries],
                    table_size=tournament.table_size or 0, method=tournament.seating,
                    seed=tournament.seed, allow_ai=tournament.allow_ai,
                    teams=tournament.teams)
    elif count < 2:
        raise PairingError("a tournament needs at least two players")


def all_at_once(tournament: Tournament) -> bool:
    return (tournament.format == Format.ROUND_ROBIN
            and tournament.start == Tournament.Start.ALL)


def queue_round(tournament_id: int, number: int) -> None:
    """Queue ``start_round`` after the commit, keyed by tournament and round."""
    # The task is tournaments.tasks' (which imports this module): named, not imported.
    transaction.on_commit(lambda: queue(
        "tournaments.start_round", (tournament_id, number),
        task_id=f"tournament-{tournament_id}-round-{number}"))


def queue_first_rounds(tournament: Tournament) -> None:
    last = reading.total_rounds(tournament) if all_at_once(tournament) else 1
    for number in range(1, (last or 1) + 1):
        queue_round(tournament.pk, number)


# --- a round, exactly once ----------------------------------------------------------------


def start_round(tournament_id: int, number: int) -> bool:
    """Pair round ``number`` and create its games, once. True if this call created it."""
    try:
        with transaction.atomic():
            tournament = lock(tournament_id)
            if tournament.status != Status.RUNNING:
                return False
            if tournament.rounds.filter(number=number).exists():
                return False
            if not _may_start(tournament, number):
                return False
            rnd = TournamentRound.objects.create(
                tournament=tournament, number=number, status=TournamentRound.Status.STARTED,
                started_at=timezone.now())
            created = _pair(tournament, rnd)
            audit(tournament, None, Action.ROUND, round=number, games=created)
            notices.round_started(tournament, number)
            # A round without games (byes and walkovers only) is over at once.
            advance(tournament)
    except IntegrityError:  # a writer that skipped the lock made it first
        log.info("round %s of tournament %s exists already", number, tournament_id)
        return False
    except PairingError as exc:  # nothing was made: the admins are told why, and decide
        _pause_for(tournament_id, number, str(exc))
        return False
    return True


def _pause_for(tournament_id: int, number: int, problem: str) -> None:
    """A round that cannot be paired (too few players left, a field that cannot be
    seated) pauses the tournament with the reason in its log."""
    log.warning("round %s of tournament %s cannot be paired: %s", number, tournament_id,
                problem)
    with transaction.atomic():
        tournament = lock(tournament_id)
        if tournament.status == Status.RUNNING:
            tournament.status = Status.PAUSED
            tournament.save(update_fields=["status"])
            audit(tournament, None, Action.PAUSE, round=number,
                  reason=f"round {number} cannot be paired: {problem}")


def _may_start(tournament: Tournament, number: int) -> bool:
    total = reading.total_rounds(tournament)
    if number < 1 or (total is not None and number > total):
        return False
    if tournament.scheduled_rounds.filter(number=number,
                                          starts_at__gt=timezone.now()).exists():
        return False  # its time has not come: tournaments.schedule queues it then
    if number == 1 or all_at_once(tournament):
        return True
    previous = tournament.rounds.filter(number=number - 1).first()
    return previous is not None and previous.status == TournamentRound.Status.FINISHED


def _pair(tournament: Tournament, rnd: TournamentRound) -> int:
    """Create the round's games and byes; returns the number of games started."""
    gone = reading.withdrawn(tournament)
    if tournament.format == Format.ROUND_ROBIN:
        this = reading.schedule(tournament)[rnd.number - 1]
        pairs = [(p.first, p.second) for p in this.pairings]
        return sum(_two_player(tournament, rnd, board, 0, a, b, gone)
                   for board, (a, b) in enumerate(pairs, 1))
    if tournament.format == Format.SWISS:
        results, byes = reading.history(tournament)
        # A director's byes for this round leave their players out of its pairing.
        planned = {b.user_id: b.points for b in tournament.planned_byes.filter(
            round_number=rnd.number)}
        for user_id, points in planned.items():
            if user_id not in gone:
                TournamentBye.objects.create(round=rnd, user_id=user_id, points=points)
        field_ = [e for e in reading.entrants(tournament, active_only=True)
                  if e.id not in planned]
        fixed = _edited_pairings(tournament, rnd.number, field_, results, byes)
        in_fixed = {p for pairing in fixed for p in (pairing.first, pairing.second)}
        rest = [e for e in field_ if e.id not in in_fixed]
        if len(field_) < 2:
            raise PairingError(f"{len(field_)} player(s) left, too few for a round")
        pairings = list(fixed)
        if len(rest) >= 2:
            paired = pair_swiss(rest, results, byes, round_number=rnd.number,
                                seed=tournament.seed, forbidden=reading.forbidden(tournament))
            pairings += paired.pairings
            bye = paired.bye
        else:
            bye = rest[0].id if rest else None
        if bye is not None:
            TournamentBye.objects.create(round=rnd, user_id=bye, points=1.0)
        return sum(_two_player(tournament, rnd, board, 0, p.first, p.second, gone)
                   for board, p in enumerate(pairings, 1))
    if tournament.format == Format.KNOCKOUT:
        known = reading.bracket(tournament)
        if len(known) < rnd.number:
            raise PairingError(f"round {rnd.number - 1} of the bracket has no winner in "
                               "every match (a corrected result)")
        slots = known[rnd.number - 1]
        started = 0
        for slot in slots:
            if slot.match.is_bye:
                TournamentBye.objects.create(round=rnd, user_id=slot.match.high.id, points=1.0)
            else:
                started += _two_player(tournament, rnd, slot.match.slot, 0,
                                       slot.match.high.id, slot.match.low.id, gone)
        return started
    return _kasteel(tournament, rnd, gone)


def _edited_pairings(tournament: Tournament, number: int, field_, results, byes) -> list:
    """The directors' edits of this round, checked by the engine again with the whole
    history (a PairingError pauses the tournament with the reason)."""
    forbidden = reading.forbidden(tournament)
    return [check_fixed_pairing(field_, results, byes, round_number=number,
                                seed=tournament.seed, first=edit.first_id,
                                second=edit.second_id, allow_repeat=edit.allow_repeat,
                                forbidden=forbidden)
            for edit in tournament.pairing_edits.filter(round_number=number).order_by("pk")]


def _two_player(tournament: Tournament, rnd: TournamentRound, board: int, replay: int,
                first: int, second: int, gone: set[int]) -> int:
    """One game: started, or (a withdrawn player) a forfeit recorded without a game."""
    if first in gone or second in gone:
        score = 0.5 if first in gone and second in gone else (0.0 if first in gone else 1.0)
        TournamentGame.objects.create(round=rnd, board=board, replay=replay, first_id=first,
                                      second_id=second, score_first=score, forfeit=True,
                                      ended=True)
        return 0
    users = _users([first, second])
    names = terms.seat_names(tournament.game)
    match = game_services.start_match(
        tournament.game, {names[0]: users[first], names[1]: users[second]},
        days_per_move=tournament.days_per_move, rated=tournament.rated,
        rematch_rule=tournament.rematch_handicap)
    TournamentGame.objects.create(round=rnd, board=board, replay=replay, match=match,
                                  first_id=first, second_id=second)
    return 1


def _kasteel(tournament: Tournament, rnd: TournamentRound, gone: set[int],
             replay: int = 0) -> int:
    from games.core.table_terms import default_limit

    if rnd.number == 1:
        field_ = reading.entrants(tournament, active_only=True)
    else:
        steps = reading.kasteel_steps(tournament)
        going_on = set(steps[rnd.number - 2].going_on) if len(steps) >= rnd.number - 1 else set()
        field_ = [e for e in reading.entrants(tournament) if e.id in going_on]
        if len(field_) < 2:
            raise PairingError(f"{len(field_)} player(s) go on, too few for a round")
    if tournament.team_event:  # whole teams: those whose players all go on
        ids = {e.id for e in field_}
        draw = seat_team_tables([t for t in reading.teams(tournament)
                                 if set(t.members) <= ids],
                                table_size=tournament.table_size, method=tournament.seating,
                                seed=tournament.seed + rnd.number)
    else:
        draw = seat_tables(field_, table_size=tournament.table_size,
                           method=tournament.seating, seed=tournament.seed + rnd.number,
                           allow_ai=tournament.allow_ai, teams=tournament.teams)
    users = _users([e.id for e in field_])
    bot = _kasteel_bot(tournament.game) if draw.ai_seats else None
    for table in draw.tables:
        size = len(table.seats)
        options = {"players": size, "limit": default_limit(tournament.game, size, tournament.teams)}
        if tournament.teams:
            options["teams"] = True
        players = {str(i): users[p] if p is not None else bot for i, p in enumerate(table.seats)}
        match = game_services.start_match(
            tournament.game, players, days_per_move=tournament.days_per_move,
            rated=tournament.rated, new_game=options)
        TournamentGame.objects.create(round=rnd, board=table.number, replay=replay,
                                      match=match)
    return len(draw.tables)


def _kasteel_bot(game: str):
    from games.ai import levels_for
    from games.ai_players import bots

    levels = levels_for(game)
    level = "heuristic" if "heuristic" in levels else levels[0]
    bot = bots.bot_for_level(level)
    if bot is None:
        bots.ensure_bot_accounts()
        bot = bots.bot_for_level(level)
    return bot


def _users(ids: list[int]) -> dict:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.in_bulk(ids)


# --- results and what follows -------------------------------------------------------------


def record_result(match_id: int) -> bool:
    """A game's result is new or changed (its end, an admin's correction or annulment):
    every stored result of its tournament is folded again from the record
    (``tournaments.fold``), the tournament moves on, and a finished tournament's winner
    follows the fold. Idempotent: a second delivery finds nothing to change."""
    found = TournamentGame.objects.filter(match_id=match_id).values_list(
        "round__tournament_id", flat=True).first()
    if found is None:
        return False
    with transaction.atomic():
        tournament = lock(found)
        changed = fold.refold(tournament)
        if tournament.format == Format.KNOCKOUT and tournament.status != Status.CLOSED:
            if knockout_sync.cancel_stale(tournament):
                changed += 1
            if tournament.status == Status.FINISHED and winner_of(tournament) is None:
                _reopen(tournament)
        if tournament.format == Format.KASTEEL and tournament.status != Status.CLOSED:
            if kasteel_sync.follow(tournament):
                changed += 1
            if tournament.status == Status.FINISHED and _kasteel_goes_on(tournament):
                _reopen(tournament, "a decision on a table sent players on to another round")
        if not tournament.is_over:
            advance(tournament)
        elif tournament.status == Status.FINISHED:
            _rewin(tournament)
        if changed:
            reading_changed(tournament)
    return True


def _reopen(tournament: Tournament,
            reason: str = "a decision on a game left the bracket without a winner") -> None:
    """A finished knockout whose final a decision left undecided (an earlier match
    reopened, the final drawn or annulled), or a finished Kasteel tournament whose last
    round now sends players on, runs again until it has a winner."""
    before = tournament.winner.username if tournament.winner else None
    tournament.status, tournament.winner, tournament.finished_at = Status.RUNNING, None, None
    tournament.save(update_fields=["status", "winner", "finished_at"])
    audit(tournament, None, Action.RESUME, winner_before=before, reason=reason)


def _kasteel_goes_on(tournament: Tournament) -> bool:
    """Whether the last round of a finished Kasteel tournament sends players on now (a
    decision on its table)."""
    last = tournament.rounds.order_by("-number").first()
    return last is not None and not _is_last(tournament, last)


def _rewin(tournament: Tournament) -> None:
    """A finished tournament whose results were changed: its winner is the fold's."""
    winner = winner_of(tournament)
    if winner != tournament.winner_id:
        before = tournament.winner.username if tournament.winner else None
        tournament.winner_id = winner
        tournament.save(update_fields=["winner"])
        tournament.refresh_from_db(fields=["winner"])
        audit(tournament, None, Action.FINISH, corrected=True, before=before,
              winner=tournament.winner.username if tournament.winner else None)


def reading_changed(tournament: Tournament) -> None:
    from tournaments import live

    live.changed_after_commit(tournament.pk, "result")


def advance(tournament: Tournament) -> None:
    """With the tournament locked: replays, the end of a round, the next round or the end."""
    if tournament.status != Status.RUNNING:
        return
    rounds = list(tournament.rounds.order_by("number"))
    if not rounds:
        return
    if all_at_once(tournament):
        total = reading.total_rounds(tournament)
        for rnd in rounds:
            _finish_round_if_done(rnd)
        if len(rounds) == total and all(r.status == r.Status.FINISHED for r in rounds):
            finish(tournament)
        return
    if tournament.format == Format.KNOCKOUT:
        _follow_bracket(tournament, rounds)
        return
    current = rounds[-1]
    if tournament.format == Format.KASTEEL and kasteel_sync.needs_seating(tournament, current):
        _seat_again(tournament, current)
        if tournament.status != Status.RUNNING:
            return
    if not _finish_round_if_done(current):
        return
    if _is_last(tournament, current):
        finish(tournament)
    else:
        queue_round(tournament.pk, current.number + 1)


def _seat_again(tournament: Tournament, rnd: TournamentRound) -> None:
    """A Kasteel round whose tables a decision cancelled (kasteel_sync): seated again
    from the corrected results, with its own seed; a field that cannot be seated pauses
    the tournament with the reason."""
    try:
        with transaction.atomic():
            made = _kasteel(tournament, rnd, reading.withdrawn(tournament),
                            replay=kasteel_sync.next_replay(rnd))
    except PairingError as exc:
        _pause_for(tournament.pk, rnd.number, str(exc))
        tournament.refresh_from_db(fields=["status"])
        return
    audit(tournament, None, Action.ROUND, round=rnd.number, games=made, seated_again=True)
    notices.round_started(tournament, rnd.number)


def _finish_round_if_done(rnd: TournamentRound) -> bool:
    if rnd.status == TournamentRound.Status.FINISHED:
        return True
    if rnd.games.filter(ended=False).exists():
        return False
    rnd.status = TournamentRound.Status.FINISHED
    rnd.finished_at = timezone.now()
    rnd.save(update_fields=["status", "finished_at"])
    return True


def _follow_bracket(tournament: Tournament, rounds: list[TournamentRound]) -> None:
    """Knockout: stale running games are cancelled (knockout_sync); every match of a
    started round that the bracket knows and that has no winner and no running game gets
    its next game (the first game, or a replay after a draw or an annulment, seats
    swapped), in whatever round a decision reopened; each round is finished exactly while
    all its matches have a winner; then the next round is queued, or the final's winner
    wins."""
    knockout_sync.cancel_stale(tournament)
    gone = reading.withdrawn(tournament)
    total = reading.total_rounds(tournament) or 1
    for _pass in range(total + 1):  # each pass can settle one more round by forfeits
        slots = reading.bracket(tournament)
        made = 0
        for rnd in rounds:
            for slot in slots[rnd.number - 1] if len(slots) >= rnd.number else []:
                if slot.winner is None and slot.wanted is None and slot.next_game:
                    replay = 1 + max((g.replay for g in slot.games), default=-1)
                    _two_player(tournament, rnd, slot.match.slot, replay, *slot.next_game, gone)
                    made += 1
        if not made:  # a forfeit recorded at once can decide a match: look again
            break
    slots = reading.bracket(tournament)
    for rnd in rounds:
        known = slots[rnd.number - 1] if len(slots) >= rnd.number else []
        _set_round_done(rnd, knockout_sync.round_done(known, rnd.number, total))
    last = rounds[-1]
    if last.status != TournamentRound.Status.FINISHED:
        return
    if last.number >= total:
        finish(tournament)
    else:
        queue_round(tournament.pk, last.number + 1)


def _set_round_done(rnd: TournamentRound, done: bool) -> None:
    status = TournamentRound.Status.FINISHED if done else TournamentRound.Status.STARTED
    if rnd.status != status:
        rnd.status = status
        rnd.finished_at = timezone.now() if done else None
        rnd.save(update_fields=["status", "finished_at"])


def _is_last(tournament: Tournament, rnd: TournamentRound) -> bool:
    total = reading.total_rounds(tournament)
    if total is not None and rnd.number >= total:
        return True
    if tournament.format == Format.KASTEEL:
        steps = reading.kasteel_steps(tournament)
        return len(steps) < rnd.number or not steps[rnd.number - 1].going_on
    return False


def finish(tournament: Tournament) -> None:
    tournament.status = Status.FINISHED
    tournament.finished_at = timezone.now()
    tournament.winner_id = winner_of(tournament)
    tournament.save(update_fields=["status", "finished_at", "winner"])
    audit(tournament, None, Action.FINISH,
          winner=tournament.winner.username if tournament.winner else None)
    notices.finished(tournament)


def winner_of(tournament: Tournament) -> int | None:
    if tournament.format in (Format.ROUND_ROBIN, Format.SWISS):
        rows = reading.standing_rows(tournament)
        return rows[0].player if rows else None
    if tournament.format == Format.KNOCKOUT:
        return reading.final_winner(tournament)
    steps = reading.kasteel_steps(tournament)
    if steps and steps[-1].winner is not None:
        return steps[-1].winner
    return reading.kasteel_leader(tournament)  # the admin's round count ended it


def catch_up() -> int:
    """Running tournaments whose next round was never queued (a lost task): queue it.
    A result whose settle task was lost is folded in first."""
    moved = 0
    for tournament_id in Tournament.objects.filter(status=Status.RUNNING).values_list(
            "pk", flat=True):
        with transaction.atomic():
            tournament = lock(tournament_id)
            if all_at_once(tournament) or not tournament.rounds.exists():
                queue_first_rounds(tournament)  # each round is made once, whatever is queued
            if fold.refold(tournament):
                reading_changed(tournament)
            advance(tournament)
            moved += 1
    return moved
