"""The game services: every adapter (pages, API, sockets, tasks) calls these.

Challenges are written here; every change of a match is committed through
games.core.commit (lock, check, new version, log record, save, follow-ups after the
commit). Errors are ServiceError subclasses carrying an HTTP-like status and a
message safe to show to the player who caused them. An admin's corrections and
annulments are written in games.core.corrections and named here with the rest.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from druidsite.enqueue import queue
from games.core import commit, deadlines, notices, takeover, terms
from games.core.commit import Committed, Entry, NothingToDo, Pending
from games.core.corrections import annul_result, correct_result, one_line_reason
from games.core.errors import BadMove, Conflict, Forbidden, NotFound, ServiceError, StaleVersion
from games.core.handicap import handicaps_for
from games.models import DAYS_PER_MOVE, Challenge, Match, MoveRecord, Seat
from games.rules import RulesError, get_rules

MAX_OPEN_CHALLENGES = 20
log = logging.getLogger(__name__)

#: More than any game's seats: expire_deadlines commits one late seat at a time.
MAX_SEATS = 16

__all__ = ["BadMove", "Committed", "Conflict", "Forbidden", "NotFound", "ServiceError",
           "StaleVersion", "annul_result", "correct_result"]


# --- helpers --------------------------------------------------------------------


def _lock_match(match_id: Any) -> Match:
    try:
        return Match.objects.select_for_update().get(pk=int(match_id))
    except (Match.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no game %(id)s.") % {"id": match_id}) from None


def _seat_of(seats: Iterable[Seat], user) -> Seat:
    for seat in seats:
        if user is not None and seat.user_id == getattr(user, "pk", None):
            return seat
    raise Forbidden(_("You are not a player in this game."))


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
        from social.selectors import refuse_if_blocked

        refuse_if_blocked(user, opponent)
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
            # AI players accept at once; play_the_ai does it inline, this covers
            # challenges made from the ordinary form or the API (best effort). The
            # task is the AI room's (games.ai_players.tasks): named, not imported.
            transaction.on_commit(lambda: queue("games.bot_accept", (challenge.pk,)))
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
        from social.selectors import refuse_if_blocked

        refuse_if_blocked(challenge.creator, user)
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
#
# Each change of a running match is a small function handed to games.core.commit.commit,
# which locks, checks the version, bumps it, writes the log record and saves; the
# adapters (pages, API, sockets, tasks, admin) call these and get its Committed.


def start_match(
    game: str, players: dict[str, Any], *, days_per_move: int = 3, rated: bool = True,
    strength: dict[int, list[int]] | None = None, rematch_of: Match | None = None,
    seed: int | None = None, rematch_rule: bool = True, new_game: dict | None = None,
    tutorial: bool = False,
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
    match = Match(game=game, state=rules.to_json(state), seed=seed, options=options,
                  rated=rated and not tutorial, days_per_move=days_per_move,
                  rematch_of=rematch_of, tutorial=tutorial)
    seats = [Seat(seat=seat, user=user, removed=removed[seat]) for seat, user in players.items()]
    deadlines.set_clocks(match, seats, rules.owed_by(state), timezone.now())
    return commit.create(match, seats).match


def play(match_id: Any, user, move: Any, version: Any, *, seat: str | None = None,
         as_ai: bool = False) -> Committed:
    """Apply ``user``'s move made on ``version`` of the match; exactly once. ``seat``
    names the seat when the player holds several (AI players); ``as_ai``: the AI move
    of a seat taken over after a timeout (games.core.takeover)."""
    if not isinstance(move, dict):
        raise BadMove(_("A move must be a JSON object."))

    def change(pending: Pending) -> Entry:
        mine = pending.seat_of(user, seat)
        owed = pending.owed()
        if seat is None and mine.seat not in owed:
            mine = next((s for s in pending.seats
                         if s.user_id == mine.user_id and s.seat in owed), mine)
        if bool(mine.takeover_level) != as_ai:
            raise Conflict(_("An AI player plays this seat now.") if mine.takeover_level
                           else _("It is not your turn."))
        if mine.seat not in owed:
            raise Conflict(_("It is not your turn."))
        try:
            applied = pending.rules.apply(pending.state, move, seat=mine.seat)
        except RulesError as exc:
            raise BadMove(str(exc)) from None
        pending.set_state(applied.state)
        match = pending.match
        if match.draw_offer_seat and match.draw_offer_seat != mine.seat:
            match.draw_offer_seat = ""  # moving on declines the opponent's offer
        if pending.rules.is_over(applied.state):
            outcome = pending.rules.outcome(applied.state)
            pending.finish(outcome.winner, Match.Reason.RULES, outcome.reason,
                           getattr(outcome, "scores", None))
        else:
            pending.set_clocks()
        return Entry(MoveRecord.Kind.MOVE, mine.seat, move, applied.events)

    return commit.commit(match_id, change, version=version, member=user)


def resign(match_id: Any, user, version: Any = None, *, rated: bool | None = None) -> Committed:
    """Give up: in a two-player game the opponent wins; at a table an AI player takes
    the seat over and the table plays on (games.core.takeover). ``rated=False``: the game
    ends unrated (a ladder's removal of a player, when the ladder says so)."""

    def change(pending: Pending) -> Entry:
        seat = pending.seat_of(user)
        if rated is False:
            pending.match.rated = False
        if len(pending.seats) > 2:
            return takeover.hand_over(pending, seat, "resign")
        pending.finish(pending.other_seat(seat), Match.Reason.RESIGN, f"{seat.seat} resigned")
        return Entry(MoveRecord.Kind.RESIGN, seat.seat,
                     events=[{"type": "resign", "player": seat.seat}])

    return commit.commit(match_id, change, version=version, member=user)


#: ``Match.end_detail`` of a game that ended because a player deleted their account
#: (pages put it in words: games.pages.game).
ACCOUNT_DELETED = "account deleted"


def leave_deleted_account(match_id: Any, user) -> Committed:
    """``user`` deleted their account: they leave this running game and it is no longer
    rated, so nobody gains or loses rating by a game that was not played to its end
    (as a ladder's removal with ``rate_removals`` off). In a two-player game the
    opponent wins by forfeit, unrated; at a table an AI player plays the seat on
    (games.core.takeover) and the game, now unrated, goes on. One commit either way; the
    log's event says why (``account_deleted``)."""

    def change(pending: Pending) -> Entry:
        seat = pending.seat_of(user)
        pending.match.rated = False
        if len(pending.seats) > 2:
            if seat.takeover_level:  # an AI plays it already: only the rating changes
                return Entry(MoveRecord.Kind.RESIGN, seat.seat, events=[
                    {"type": "resign", "player": seat.seat, "takeover": seat.takeover_level,
                     "account_deleted": True}])
            entry = takeover.hand_over(pending, seat, "resign")
            entry.events[0]["account_deleted"] = True
            return entry
        pending.finish(pending.other_seat(seat), Match.Reason.RESIGN, ACCOUNT_DELETED)
        return Entry(MoveRecord.Kind.RESIGN, seat.seat,
                     events=[{"type": "resign", "player": seat.seat, "account_deleted": True}])

    return commit.commit(match_id, change, member=user)


def offer_draw(match_id: Any, user, version: Any = None) -> Committed:
    """Offer a draw, or agree to the opponent's pending offer."""

    def change(pending: Pending) -> Entry:
        seat = pending.seat_of(user)
        match = pending.match
        if len(pending.seats) > 2:
            raise Conflict(_("Draws are offered in two-player games only."))
        if match.draw_offer_seat == seat.seat:
            raise Conflict(_("You have already offered a draw."))
        if match.draw_offer_seat:
            return _agree_draw(pending, seat)
        match.draw_offer_seat = seat.seat
        return Entry(MoveRecord.Kind.DRAW_OFFER, seat.seat,
                     events=[{"type": "draw_offer", "player": seat.seat}])

    return commit.commit(match_id, change, version=version, member=user)


def _agree_draw(pending: Pending, seat: Seat) -> Entry:
    pending.finish(None, Match.Reason.DRAW, "agreed")
    return Entry(MoveRecord.Kind.DRAW_ACCEPT, seat.seat,
                 events=[{"type": "draw_accept", "player": seat.seat}])


def answer_draw(match_id: Any, user, accept: bool, version: Any = None) -> Committed:
    def change(pending: Pending) -> Entry:
        seat = pending.seat_of(user)
        match = pending.match
        if not match.draw_offer_seat or match.draw_offer_seat == seat.seat:
            raise Conflict(_("Your opponent has not offered a draw."))
        if accept:
            return _agree_draw(pending, seat)
        match.draw_offer_seat = ""
        return Entry(MoveRecord.Kind.DRAW_DECLINE, seat.seat,
                     events=[{"type": "draw_decline", "player": seat.seat}])

    return commit.commit(match_id, change, version=version, member=user)


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


def _expire(pending: Pending) -> Entry:
    """One change for an overdue match: the first late seat loses (two players), is
    taken over by an AI player (a table), or, an AI seat whose task was lost, gets
    its clock back."""
    now = pending.now
    late = [s for s in pending.seats if s.deadline is not None and s.deadline < now]
    if not late:
        raise NothingToDo
    players = [seat for seat in late if not seat.played_by_ai]
    if len(pending.seats) > 2:
        if players:
            return takeover.hand_over(pending, players[0], "timeout")
        return takeover.restart_clock(pending, late[0])
    loser = late[0]
    loser.timed_out = True
    pending.finish(pending.other_seat(loser), Match.Reason.TIMEOUT,
                   f"{loser.seat} ran out of time")
    return Entry(MoveRecord.Kind.TIMEOUT, loser.seat,
                 events=[{"type": "timeout", "player": loser.seat}])


def expire_deadlines(now=None) -> list[int]:
    """End (or hand over) what is overdue: a timeout is a loss in a two-player game;
    at a table an AI player takes the late seat over. Returns the ids of the games
    that ended."""
    now = now or timezone.now()
    ended: list[int] = []
    overdue = (
        Seat.objects.filter(deadline__lt=now, match__status=Match.Status.ACTIVE)
        .values_list("match_id", flat=True).distinct()
    )
    for match_id in list(overdue):
        for _step in range(MAX_SEATS):  # one commit per late seat
            try:
                committed = commit.commit(match_id, _expire, now=now)
            except (NothingToDo, Conflict):
                break
            if committed.finished:
                ended.append(match_id)
                break
    return ended


def cancel_running(match_id: Any, reason: str, *, by: dict[str, Any] | None = None) -> Committed:
    """The site ends a running game that is no longer wanted (a tournament's earlier
    result was decided again and this pairing no longer stands): it ends annulled,
    counts for nothing (no rating, no result), and the reason is in its log and on its
    page. ``by``: what cancelled it, kept in the log's event for the page's words and
    link (a tournament: ``{"tournament": id, "name": name}``). One commit, like every
    end; a game over already answers Conflict."""
    reason = one_line_reason(reason)

    def change(pending: Pending) -> Entry:
        pending.finish(None, Match.Reason.ANNULLED, reason)
        pending.annul(reason)
        event = {"type": "annul", "was": None, "reason": reason, "cancelled": True}
        if by:
            event["by"] = dict(by)
        return Entry(MoveRecord.Kind.ANNUL, events=[event])

    return commit.commit(match_id, change)
