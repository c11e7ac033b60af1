"""The one write path of games: every adapter (pages, API, sockets, tasks) calls these.

Each function validates, locks the rows it changes, applies the change in one
transaction, and leaves the broadcasts and follow-up tasks to run after the
commit. Errors are ServiceError subclasses carrying an HTTP-like status and a
message safe to show to the player who caused them.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _

from druidsite.enqueue import enqueue
from games import clocks, notices, snapshot, terms
from games.errors import BadMove, Conflict, Forbidden, NotFound, ServiceError, StaleVersion
from games.handicap import handicaps_for
from games.models import DAYS_PER_MOVE, Challenge, Match, MoveRecord, Seat
from games.rules import RulesError, get_rules

MAX_OPEN_CHALLENGES = 20
log = logging.getLogger(__name__)

#: Sent after the commit of a finished match: ratings and ladders listen.
match_finished = Signal()
#: Sent after the commit of any change of a match (new version).
match_changed = Signal()

__all__ = ["BadMove", "Conflict", "Forbidden", "NotFound", "ServiceError", "StaleVersion"]


# --- helpers --------------------------------------------------------------------


def _lock_match(match_id: Any) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=int(match_id))
    except (Match.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no game %(id)s.") % {"id": match_id}) from None


SEAT_FIELDS = ("deadline", "paused_remaining", "result", "timed_out", "takeover_level", "score")


def _seats(match: Match) -> list[Seat]:
    seats = list(match.seats.select_related("user").select_for_update(of=("self",)))
    for seat in seats:  # what _save compares with: a move changes two seats, not twelve
        seat.loaded = [getattr(seat, name) for name in SEAT_FIELDS]
    return seats


def _seat_of(seats: Iterable[Seat], user, name: str | None = None) -> Seat:
    """``user``'s seat (the one called ``name``, if given; an AI player may hold several)."""
    for seat in seats:
        if user is not None and seat.user_id == getattr(user, "pk", None):
            if name is None or seat.seat == name:
                return seat
    raise Forbidden(_("You are not a player in this game."))


def _check_version(match: Match, version: Any) -> None:
    if version is None:
        return
    if isinstance(version, bool):
        raise ServiceError(_("The version must be an integer."))
    try:
        version = int(version)
    except (TypeError, ValueError):
        raise ServiceError(_("The version must be an integer.")) from None
    if version != match.version:
        raise StaleVersion(
            _("The game has changed (you sent version %(sent)s, it is now at %(now)s): "
              "reload it and decide again.") % {"sent": version, "now": match.version},
            version=match.version,
        )


def _lock_for_player(match_id: Any, user, version: Any,
                     name: str | None = None) -> tuple[Match, list[Seat], Seat]:
    """The locked match of a running game, its seats and ``user``'s seat, at ``version``."""
    match = _lock_match(match_id)
    seats = _seats(match)
    seat = _seat_of(seats, user, name)
    if match.is_over:
        raise Conflict(_("The game is over."))
    _check_version(match, version)
    return match, seats, seat


def _record(match: Match, seat: str, kind: str, move=None, events=None) -> MoveRecord:
    match.version += 1
    try:
        # No savepoint: on a clash the whole write is refused and rolled back.
        return MoveRecord.objects.create(
            match=match, version=match.version, seat=seat, kind=kind, move=move,
            events=events or [],
        )
    except IntegrityError:  # another writer got this version first
        raise StaleVersion(_("The game has just changed: reload it."),
                           version=match.version) from None


def _after_commit(match: Match, from_version: int, finished: bool) -> None:
    match_id, to_version = match.pk, match.version

    def run() -> None:
        # The change is committed: a failing listener (broadcast, mail, ladder)
        # is logged, never turned into an error for the player who moved.
        results = match_changed.send_robust(Match, match_id=match_id, from_version=from_version,
                                            to_version=to_version, match=match)
        if finished:
            results += match_finished.send_robust(Match, match_id=match_id)
        for receiver, outcome in results:
            if isinstance(outcome, Exception):
                log.error("after game %s: %s failed", match_id, receiver,
                          exc_info=(type(outcome), outcome, outcome.__traceback__))

    transaction.on_commit(run)


def _finish(match: Match, seats: list[Seat], winner: str | None, reason: str, detail: str,
            now, scores: dict[str, int] | None = None) -> None:
    match.status = Match.Status.FINISHED
    match.winner_seat = winner or ""
    match.end_reason = reason
    match.end_detail = detail[:200]
    match.finished_at = now
    match.draw_offer_seat = ""
    winners = set(winner.split("+")) if winner else set()  # a team: seats joined with "+"
    for seat in seats:
        if winner is None:
            seat.result = Seat.Result.DRAW
        else:
            seat.result = Seat.Result.WIN if seat.seat in winners else Seat.Result.LOSS
        if scores and seat.seat in scores:
            seat.score = scores[seat.seat]
        seat.deadline = seat.paused_remaining = None


def _save(match: Match, seats: list[Seat]) -> None:
    match.save()
    changed = [seat for seat in seats
               if getattr(seat, "loaded", None) != [getattr(seat, n) for n in SEAT_FIELDS]]
    if changed:
        Seat.objects.bulk_update(changed, SEAT_FIELDS)
    for seat in changed:
        seat.loaded = [getattr(seat, name) for name in SEAT_FIELDS]


def _other_seat(seats: list[Seat], seat: Seat) -> str | None:
    others = [s.seat for s in seats if s.pk != seat.pk]
    return others[0] if len(others) == 1 else None


# --- challenges ------------------------------------------------------------------


def _lobby_changed() -> None:
    from druidsite.realtime import publish

    transaction.on_commit(lambda: publish("lobby", {"type": "lobby.changed"}))


def create_challenge(
    user, *, game: str | None = None, opponent=None, days_per_move: int = 3,
    creator_seat: str = "random", rated: bool = True, handicap: dict | None = None,
    rematch_of: Match | None = None,
) -> Challenge:
    """A challenge to ``opponent`` (a user or a name), or open to anyone; ``game``
    defaults to the catalogue's first."""
    info = terms.game_info(game)
    try:
        days_per_move = int(days_per_move)
    except (TypeError, ValueError):
        days_per_move = -1
    if days_per_move not in DAYS_PER_MOVE:
        raise ServiceError(_("Days per move must be one of %(choices)s.") % {
            "choices": ", ".join(map(str, DAYS_PER_MOVE))})
    terms.check_seat(info, creator_seat)
    if isinstance(opponent, str):
        opponent = get_user_model().objects.filter(username__iexact=opponent.strip()).first()
        if opponent is None:
            raise NotFound(_("There is no player of that name."))
    if opponent is not None:
        if opponent.pk == user.pk:
            raise ServiceError(_("You cannot challenge yourself."))
        if not opponent.is_active:
            raise ServiceError(_("That player's account is closed."))
        terms.check_opponent(info, opponent)
    if not isinstance(rated, bool):
        raise ServiceError(_("Rated must be true or false."))
    handicap = terms.clean_handicap(info, handicap)
    with transaction.atomic():
        # The creator's row serialises their challenges: a double click makes one.
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
        same = Challenge.objects.filter(
            creator=user, status=Challenge.Status.OPEN, game=info.name, opponent=opponent,
            days_per_move=days_per_move, creator_seat=creator_seat, rated=rated,
            rematch_of=rematch_of)
        if any(c.handicap == handicap for c in same):
            raise Conflict(_("You have the same challenge open already."))
        open_count = Challenge.objects.filter(creator=user, status=Challenge.Status.OPEN).count()
        if open_count >= MAX_OPEN_CHALLENGES:
            raise Conflict(_("You have %(n)s open challenges already; cancel one first.") % {
                "n": open_count})
        challenge = Challenge.objects.create(
            game=info.name, creator=user, opponent=opponent, days_per_move=days_per_move,
            creator_seat=creator_seat, rated=rated, handicap=handicap,
            rematch_of=rematch_of,
        )
        _lobby_changed()
        notices.challenge_changed(challenge, "offered")
        if opponent is not None and opponent.is_bot:
            from games.tasks import bot_accept

            # AI players accept at once; play_the_ai does it inline, this covers
            # challenges made from the ordinary form or the API (best effort).
            transaction.on_commit(lambda: enqueue(bot_accept, (challenge.pk,)))
    return challenge


def _lock_challenge(challenge_id: Any) -> Challenge:
    try:
        return Challenge.objects.select_for_update(of=("self",)).select_related(
            "creator", "opponent").get(pk=int(challenge_id))
    except (Challenge.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no challenge %(id)s.") % {"id": challenge_id}) from None


def accept_challenge(challenge_id: Any, user) -> Match:
    with transaction.atomic():
        challenge = _lock_challenge(challenge_id)
        if not challenge.is_open:
            raise Conflict(_("This challenge is no longer open."))
        if challenge.creator_id == user.pk:
            raise Forbidden(_("You cannot accept your own challenge."))
        if challenge.opponent_id is not None and challenge.opponent_id != user.pk:
            raise Forbidden(_("This challenge is addressed to another player."))
        creator, opponent = challenge.creator, user
        names = terms.seat_names(challenge.game)
        if challenge.creator_seat in names:
            creator_seat = challenge.creator_seat
        else:
            creator_seat = names[secrets.randbelow(len(names))]
        opponent_seat = next(n for n in names if n != creator_seat)
        strength = {creator.pk: challenge.handicap.get("creator", []),
                    opponent.pk: challenge.handicap.get("opponent", [])}
        match = start_match(
            challenge.game, {creator_seat: creator, opponent_seat: opponent},
            days_per_move=challenge.days_per_move, rated=challenge.rated, strength=strength,
            rematch_of=challenge.rematch_of,
        )
        challenge.status = Challenge.Status.ACCEPTED
        challenge.opponent = opponent
        challenge.match = match
        challenge.save(update_fields=["status", "opponent", "match", "updated_at"])
        _lobby_changed()
        notices.challenge_changed(challenge, "accepted")
    return match


def _close_challenge(challenge_id: Any, user, party: str, status: str, refusal: str) -> Challenge:
    """Decline or cancel: only ``party`` (creator or opponent) may, and only while open."""
    with transaction.atomic():
        challenge = _lock_challenge(challenge_id)
        if getattr(challenge, f"{party}_id") != user.pk:
            raise Forbidden(refusal)
        if not challenge.is_open:
            raise Conflict(_("This challenge is no longer open."))
        challenge.status = status
        challenge.save(update_fields=["status", "updated_at"])
        _lobby_changed()
        notices.challenge_changed(challenge, "cancelled" if party == "creator" else "declined")
    return challenge


def decline_challenge(challenge_id: Any, user) -> Challenge:
    return _close_challenge(challenge_id, user, "opponent", Challenge.Status.DECLINED,
                            _("Only the challenged player can decline."))


def cancel_challenge(challenge_id: Any, user) -> Challenge:
    return _close_challenge(challenge_id, user, "creator", Challenge.Status.CANCELLED,
                            _("Only the player who made the challenge can cancel it."))


# --- matches ----------------------------------------------------------------------


def start_match(
    game: str, players: dict[str, Any], *, days_per_move: int = 3, rated: bool = True,
    strength: dict[int, list[int]] | None = None, rematch_of: Match | None = None,
    seed: int | None = None, rematch_rule: bool = True, new_game: dict | None = None,
) -> Match:
    """Create a match with its players seated; the handicaps follow the pair's history
    (unless ``rematch_rule`` is off, as a ladder may decide). ``new_game``: more of the
    rules' options (a table's number of players, teams, length limit)."""
    info = terms.game_info(game)
    rules = get_rules(game)
    seed = secrets.randbits(62) if seed is None else seed
    users = list(players.values())
    removed: dict[str, list[int]] = {seat: [] for seat in players}
    reasons: dict[str, str] = {}
    why: dict[str, dict] = {}  # the reasons' parts: pages put them in the reader's language
    if len(users) == 2:
        handicaps = handicaps_for(game, users[0], users[1], strength, rematch_rule=rematch_rule)
        for seat, user in players.items():
            removed[seat] = list(handicaps[user.pk].removed)
            if handicaps[user.pk].reason:
                reasons[seat] = handicaps[user.pk].reason
                why[seat] = handicaps[user.pk].why
    options = terms.match_options(info, removed, reasons, why)
    options["new_game"] = {**options["new_game"], **(new_game or {})}
    try:
        state = rules.new_game(seed, options["new_game"])
    except RulesError as exc:
        raise ServiceError(str(exc)) from None
    now = timezone.now()
    with transaction.atomic():
        match = Match.objects.create(
            game=game, state=rules.to_json(state), seed=seed, options=options,
            rated=rated, days_per_move=days_per_move, rematch_of=rematch_of,
        )
        seats = [
            Seat(match=match, seat=seat, user=user, removed=removed[seat])
            for seat, user in players.items()
        ]
        clocks.set_clocks(match, seats, rules.owed_by(state), now)
        Seat.objects.bulk_create(seats)
        _after_commit(match, 0, finished=False)
    return match


def play(match_id: Any, user, move: Any, version: Any, *, seat: str | None = None,
         as_ai: bool = False) -> Match:
    """Apply ``user``'s move made on ``version`` of the match; exactly once. ``seat``
    names the seat when the player holds several (AI players); ``as_ai``: the AI move
    of a seat taken over after a timeout (games.takeover)."""
    if not isinstance(move, dict):
        raise BadMove(_("A move must be a JSON object."))
    with transaction.atomic():
        match, seats, mine = _lock_for_player(match_id, user, version, seat)
        rules = get_rules(match.game)
        state = rules.from_json(match.state)
        owed = rules.owed_by(state)
        if seat is None and mine.seat not in owed:
            mine = next((s for s in seats if s.user_id == mine.user_id and s.seat in owed), mine)
        seat = mine
        if bool(seat.takeover_level) != as_ai:
            raise Conflict(_("An AI player plays this seat now.") if seat.takeover_level
                           else _("It is not your turn."))
        if seat.seat not in owed:
            raise Conflict(_("It is not your turn."))
        try:
            applied = rules.apply(state, move, seat=seat.seat)
        except RulesError as exc:
            raise BadMove(str(exc)) from None
        from_version = match.version
        match.state = rules.to_json(applied.state)
        record = _record(match, seat.seat, MoveRecord.Kind.MOVE, move, applied.events)
        snapshot.attach(match, seats, [record], applied.state)
        if match.draw_offer_seat and match.draw_offer_seat != seat.seat:
            match.draw_offer_seat = ""  # moving on declines the opponent's offer
        now = timezone.now()
        finished = rules.is_over(applied.state)
        if finished:
            outcome = rules.outcome(applied.state)
            _finish(match, seats, outcome.winner, Match.Reason.RULES, outcome.reason, now,
                    getattr(outcome, "scores", None))
        else:
            clocks.set_clocks(match, seats, rules.owed_by(applied.state), now)
        _save(match, seats)
        _after_commit(match, from_version, finished)
    return match


def resign(match_id: Any, user, version: Any = None) -> Match:
    with transaction.atomic():
        match, seats, seat = _lock_for_player(match_id, user, version)
        if len(seats) > 2:  # the table plays on: an AI player takes the seat over
            from games import takeover

            return takeover.hand_over(match, seats, seat, "resign", timezone.now())
        from_version = match.version
        _record(match, seat.seat, MoveRecord.Kind.RESIGN,
                events=[{"type": "resign", "player": seat.seat}])
        _finish(match, seats, _other_seat(seats, seat), Match.Reason.RESIGN,
                f"{seat.seat} resigned", timezone.now())
        _save(match, seats)
        _after_commit(match, from_version, finished=True)
    return match


def offer_draw(match_id: Any, user, version: Any = None) -> Match:
    with transaction.atomic():
        match, seats, seat = _lock_for_player(match_id, user, version)
        if len(seats) > 2:
            raise Conflict(_("Draws are offered in two-player games only."))
        if match.draw_offer_seat == seat.seat:
            raise Conflict(_("You have already offered a draw."))
        if match.draw_offer_seat:
            return _agree_draw(match, seats, seat)
        from_version = match.version
        match.draw_offer_seat = seat.seat
        _record(match, seat.seat, MoveRecord.Kind.DRAW_OFFER,
                events=[{"type": "draw_offer", "player": seat.seat}])
        _save(match, seats)
        _after_commit(match, from_version, finished=False)
    return match


def _agree_draw(match: Match, seats: list[Seat], seat: Seat) -> Match:
    from_version = match.version
    _record(match, seat.seat, MoveRecord.Kind.DRAW_ACCEPT,
            events=[{"type": "draw_accept", "player": seat.seat}])
    _finish(match, seats, None, Match.Reason.DRAW, "agreed", timezone.now())
    _save(match, seats)
    _after_commit(match, from_version, finished=True)
    return match


def answer_draw(match_id: Any, user, accept: bool, version: Any = None) -> Match:
    with transaction.atomic():
        match, seats, seat = _lock_for_player(match_id, user, version)
        if not match.draw_offer_seat or match.draw_offer_seat == seat.seat:
            raise Conflict(_("Your opponent has not offered a draw."))
        if accept:
            return _agree_draw(match, seats, seat)
        from_version = match.version
        match.draw_offer_seat = ""
        _record(match, seat.seat, MoveRecord.Kind.DRAW_DECLINE,
                events=[{"type": "draw_decline", "player": seat.seat}])
        _save(match, seats)
        _after_commit(match, from_version, finished=False)
    return match


def rematch(match_id: Any, user) -> Challenge | Match:
    """Offer a rematch, or accept the opponent's pending rematch offer."""
    with transaction.atomic():
        match = _lock_match(match_id)  # serialises double clicks and crossing offers
        seats = list(match.seats.select_related("user"))
        mine = _seat_of(seats, user)
        if not match.is_over:
            raise Conflict(_("A rematch can be offered once the game is over."))
        if len(seats) > 2:
            raise Conflict(_("A rematch is for two-player games; open a new table."))
        other = next(s.user for s in seats if s.pk != mine.pk)
        pending = Challenge.objects.filter(
            rematch_of=match, status=Challenge.Status.OPEN, creator=other, opponent=user).first()
        if pending is not None:
            return accept_challenge(pending.pk, user)
        if Challenge.objects.filter(rematch_of=match, status=Challenge.Status.OPEN,
                                    creator=user).exists():
            raise Conflict(_("You have already offered a rematch."))
        return create_challenge(
            user, game=match.game, opponent=other, days_per_move=match.days_per_move,
            creator_seat=next(s.seat for s in seats if s.pk != mine.pk), rated=match.rated,
            rematch_of=match,
        )


def expire_deadlines(now=None) -> list[int]:
    """End every game whose mover's deadline has passed: a timeout is a loss."""
    now = now or timezone.now()
    ended: list[int] = []
    overdue = (
        Seat.objects.filter(deadline__lt=now, match__status=Match.Status.ACTIVE)
        .values_list("match_id", flat=True).distinct()
    )
    for match_id in list(overdue):
        with transaction.atomic():
            match = _lock_match(match_id)
            if match.is_over:
                continue
            seats = _seats(match)
            late = [s for s in seats if s.deadline is not None and s.deadline < now]
            if not late:
                continue
            if len(seats) > 2:  # the table plays on: AI players take the late seats over
                from games import takeover

                takeover.expire(match, seats, late, now)
                continue
            loser = late[0]
            loser.timed_out = True
            from_version = match.version
            _record(match, loser.seat, MoveRecord.Kind.TIMEOUT,
                    events=[{"type": "timeout", "player": loser.seat}])
            _finish(match, seats, _other_seat(seats, loser), Match.Reason.TIMEOUT,
                    f"{loser.seat} ran out of time", now)
            _save(match, seats)
            _after_commit(match, from_version, finished=True)
            ended.append(match.pk)
    return ended
