"""The one write path of ladders: pages, the admin, receivers and tasks call these.

Every function locks the Ladder row first (select_for_update) and changes its
entries in that transaction, so concurrent joins, results and admin moves are
applied one after another and positions stay 1..n (see ladders.positions).
Games are started and resigned through games.core.services; their results reach
apply_results through the result_changed receiver (the settle task after the commit).

Rules (docs/ladders.md):
- join at the bottom; leave (or removal): open ladder games are resigned, the
  players below move up;
- a challenger who wins takes the defender's place, everyone between moves
  down one; a defender's win or a draw moves nobody; a timeout then drops
  the loser to the bottom;
- frozen: no joins, challenges or position changes from results; results of
  games ending meanwhile wait and are applied in order on unfreeze; admins may
  still add, remove and move players;
- closed: final; games still running finish but move nobody.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from druidsite import dates
from games.core import services as game_services
from games.core import terms
from games.core.services import Conflict, Forbidden, NotFound, ServiceError
from games.models import Match
from ladders.decisions import correct_result, follow_decision, replay_order
from ladders.eligibility import ChallengeFacts, blockers
from ladders.models import (
    Announcement,
    Ladder,
    LadderAudit,
    LadderBan,
    LadderEntry,
    LadderGame,
    LadderInvite,
)
from ladders.positions import apply_order, audit, entries_in_order, move_to
from ladders.season_close import freeze
from ladders.service_base import lock_ladder, require_staff, winner_and_loser

Action = LadderAudit.Action

__all__ = [
    "Conflict", "Forbidden", "NotFound", "ServiceError", "add_player", "announce",
    "apply_results", "delete_refusal", "invite", "join_refusal", "lift_ban", "next_season",
    "challenge", "correct_result", "drop_inactive", "follow_decision", "join", "leave",
    "move_player", "replay_order",
    "remove_player", "set_status",
]


def _entry(entries: list[LadderEntry], user_id: int | None) -> LadderEntry | None:
    return next((entry for entry in entries if entry.user_id == user_id), None)


def _touch(entries: list[LadderEntry], user_ids: set[int], now: datetime) -> None:
    touched = [entry for entry in entries if entry.user_id in user_ids]
    for entry in touched:
        entry.last_active_at = now
    LadderEntry.objects.bulk_update(touched, ["last_active_at"])


# --- players ----------------------------------------------------------------------------


def join(ladder_id: Any, user) -> LadderEntry:
    """Put the player at the bottom of an open ladder."""
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if not ladder.is_open:
            raise Conflict(_("This ladder does not take new players now."))
        if not user.is_active:
            raise Forbidden(_("That player's account is closed."))
        entries = entries_in_order(ladder)
        if _entry(entries, user.pk) is not None:
            raise Conflict(_("You are on this ladder already."))
        refusal = join_refusal(ladder, user)
        if refusal:
            raise Forbidden(refusal)
        entry = LadderEntry.objects.create(ladder=ladder, user=user, position=len(entries) + 1)
        audit(ladder, user, Action.JOIN, player=user.username, player_id=user.pk,
              position=entry.position)
    return entry


def active_ban(ladder: Ladder, user) -> LadderBan | None:
    ban = LadderBan.objects.filter(ladder=ladder, user=user).first()
    return ban if ban is not None and ban.active() else None


def join_refusal(ladder: Ladder, user) -> str:
    """Why ``user`` may not join ``ladder`` (a ban, its join rule), or "" if they may."""
    from ladders.ratings import current

    ban = active_ban(ladder, user)
    if ban is not None:
        if ban.until is None:
            return _("You are banned from this ladder: %(reason)s") % {"reason": ban.reason}
        return _("You are banned from this ladder until %(date)s: %(reason)s") % {
            "date": dates.day(ban.until),
            "reason": ban.reason}
    if ladder.join_rule == Ladder.JoinRule.INVITE and not LadderInvite.objects.filter(
            ladder=ladder, user=user).exists():
        return _("This ladder is by invitation only.")
    if ladder.join_rule == Ladder.JoinRule.RATING:
        rating = current(user, ladder.game)
        value = round(rating.rating) if rating is not None else 1500
        low, high = ladder.min_rating or 0, ladder.max_rating or 10000
        if not low <= value <= high:
            return _("This ladder is for players rated %(low)s to %(high)s; yours is "
                     "%(rating)s.") % {"low": low, "high": ladder.max_rating or "∞",
                                       "rating": value}
    return ""


def open_games(ladder: Ladder, user_id: int) -> list[LadderGame]:
    """The player's ladder games still in progress (what leaving would resign)."""
    return list(
        LadderGame.objects.filter(ladder=ladder, match__status=Match.Status.ACTIVE)
        .filter(Q(challenger_id=user_id) | Q(defender_id=user_id))
        .select_related("match", "challenger", "defender")
    )


def _take_off(ladder: Ladder, entries: list[LadderEntry], entry: LadderEntry, actor,
              action: str, *, rated: bool | None = None, **detail: Any) -> list[int]:
    """Resign the player's open ladder games (unrated with ``rated=False``), delete their
    entry, close the gap."""
    resigned = []
    for game in open_games(ladder, entry.user_id):
        game_services.resign(game.match_id, entry.user, rated=rated)
        game.resolved, game.outcome = True, LadderGame.Outcome.LEFT
        game.save(update_fields=["resolved", "outcome"])
        resigned.append(game.match_id)
    entries.remove(entry)
    entry.delete()
    moves = apply_order(entries)
    audit(ladder, actor, action, player=entry.user.username, player_id=entry.user_id,
          position=entry.position, resigned=resigned, moves=moves, **detail)
    return resigned


def leave(ladder_id: Any, user) -> list[int]:
    """Take the player off the ladder (after the confirmation page); returns the ids of
    the games resigned."""
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if ladder.status == Ladder.Status.CLOSED:
            raise Conflict(_("The ladder is closed: its final standings stay as they are."))
        entries = entries_in_order(ladder)
        entry = _entry(entries, user.pk)
        if entry is None:
            raise Conflict(_("You are not on this ladder."))
        return _take_off(ladder, entries, entry, user, Action.LEAVE)


def challenge(ladder_id: Any, challenger, defender) -> LadderGame:
    """Challenge a player above: the game starts at once with the ladder's settings."""
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        entries = entries_in_order(ladder)
        mine = _entry(entries, challenger.pk)
        theirs = _entry(entries, getattr(defender, "pk", None))
        if theirs is None:
            raise NotFound(_("That player is not on this ladder."))
        found = blockers(ChallengeFacts.load(ladder, challenger.pk), mine, theirs)
        if found:
            raise Conflict(found[0].message, reason=found[0].code)
        seat_names = list(terms.seat_names(ladder.game))
        secrets.SystemRandom().shuffle(seat_names)  # random seats
        match = game_services.start_match(
            ladder.game, dict(zip(seat_names, (mine.user, theirs.user))),
            days_per_move=ladder.days_per_move, rated=ladder.rated,
            rematch_rule=ladder.rematch_handicap,
        )
        now = timezone.now()
        game = LadderGame.objects.create(
            ladder=ladder, match=match, challenger=mine.user, defender=theirs.user, created_at=now
        )
        _touch(entries, {mine.user_id, theirs.user_id}, now)
        audit(ladder, challenger, Action.CHALLENGE, challenger=mine.user.username,
              defender=theirs.user.username, match=match.pk,
              positions=[mine.position, theirs.position])
    return game


# --- results ----------------------------------------------------------------------------


def _apply_one(ladder: Ladder, entries: list[LadderEntry], game: LadderGame) -> None:
    match = game.match
    winner, loser = winner_and_loser(game)
    challenger = _entry(entries, game.challenger_id)
    defender = _entry(entries, game.defender_id)
    if ladder.status == Ladder.Status.CLOSED:
        outcome = LadderGame.Outcome.CLOSED
    elif challenger is None or defender is None:
        outcome = LadderGame.Outcome.LEFT
    elif winner is None:
        outcome = LadderGame.Outcome.DRAW
    elif winner == game.challenger_id:
        outcome = LadderGame.Outcome.CHALLENGER_WON
        # Positions may have changed since the challenge: only a climb moves anyone.
        if challenger.position > defender.position:
            move_to(entries, challenger, defender.position)
    else:
        outcome = LadderGame.Outcome.DEFENDER_WON
    loser_entry = _entry(entries, loser)
    timed_out = match.end_reason == Match.Reason.TIMEOUT
    if timed_out and loser_entry is not None and outcome not in (LadderGame.Outcome.CLOSED,
                                                                 LadderGame.Outcome.LEFT):
        move_to(entries, loser_entry, len(entries))
    moves = apply_order(entries) if outcome != LadderGame.Outcome.CLOSED else []
    _touch(entries, {game.challenger_id, game.defender_id}, match.finished_at or timezone.now())
    game.resolved, game.outcome = True, outcome
    game.save(update_fields=["resolved", "outcome"])
    audit(ladder, None, Action.RESULT, match=match.pk, challenger=game.challenger.username,
          defender=game.defender.username, outcome=outcome, timeout=timed_out, moves=moves)


def _apply_pending(ladder: Ladder) -> int:
    """Apply the finished, unapplied ladder games of a locked ladder, oldest first."""
    if ladder.status == Ladder.Status.FROZEN:
        return 0  # they wait for unfreeze
    pending = list(
        LadderGame.objects.filter(
            ladder=ladder, resolved=False, match__status=Match.Status.FINISHED)
        .select_related("match", "challenger", "defender")
        .order_by("match__finished_at", "match_id")
    )
    if not pending:
        return 0
    entries = entries_in_order(ladder)
    for game in pending:
        _apply_one(ladder, entries, game)
    return len(pending)


def apply_results(match_id: int | None = None) -> int:
    """Apply finished ladder games to positions: the game of ``match_id`` (with any
    earlier one still waiting in its ladder), or those of every ladder."""
    if match_id is not None:
        ladder_ids = list(
            LadderGame.objects.filter(match_id=match_id).values_list("ladder_id", flat=True))
    else:
        ladder_ids = list(
            LadderGame.objects.filter(resolved=False, match__status=Match.Status.FINISHED)
            .values_list("ladder_id", flat=True).distinct())
    applied = 0
    for ladder_id in ladder_ids:
        with transaction.atomic():
            applied += _apply_pending(lock_ladder(ladder_id))
    return applied


# --- admins -----------------------------------------------------------------------------


def add_player(ladder_id: Any, actor, user, position: int | None = None) -> LadderEntry:
    """Add a player (at the bottom, or at ``position`` with everyone from there down one)."""
    require_staff(actor)
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if ladder.status == Ladder.Status.CLOSED:
            raise Conflict(_("The ladder is closed."))
        entries = entries_in_order(ladder)
        if _entry(entries, user.pk) is not None:
            raise Conflict(_("%(name)s is on this ladder already.") % {"name": user.username})
        entry = LadderEntry.objects.create(ladder=ladder, user=user, position=len(entries) + 1)
        entries.append(entry)
        entry.user = user
        if position is not None:
            move_to(entries, entry, position)
        moves = apply_order(entries)
        audit(ladder, actor, Action.ADD, player=user.username, player_id=user.pk,
              position=entry.position, moves=moves)
    return entry


def remove_player(ladder_id: Any, actor, user, reason: str = "", *,
                  ban_days: int | None = None, ban_forever: bool = False) -> list[int]:
    """Remove a player as if they had left, with a reason shown to them; optionally ban
    them from the ladder for ``ban_days`` or for good. Their open ladder games are
    resigned, rated or not as the ladder says (``rate_removals``). Returns the ids of
    the games resigned."""
    require_staff(actor)
    reason = " ".join(str(reason or "").split())[:500]
    if (ban_days or ban_forever) and not reason:
        raise ServiceError(_("Give the reason for the ban: the player reads it."))
    if ban_days is not None and not 1 <= int(ban_days) <= 3650:
        raise ServiceError(_("A ban lasts 1 to 3650 days, or for good."))
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if ladder.status == Ladder.Status.CLOSED:  # its final standings stay as stored
            raise Conflict(_("The ladder is closed."))
        entries = entries_in_order(ladder)
        entry = _entry(entries, user.pk)
        if entry is None:
            raise Conflict(_("%(name)s is not on this ladder.") % {"name": user.username})
        resigned = _take_off(ladder, entries, entry, actor, Action.REMOVE,
                             rated=None if ladder.rate_removals else False, reason=reason)
        until = None
        if ban_days or ban_forever:
            until = None if ban_forever else timezone.now() + timedelta(days=int(ban_days))
            LadderBan.objects.update_or_create(
                ladder=ladder, user=user,
                defaults={"until": until, "reason": reason, "by": actor, "at": timezone.now()})
            audit(ladder, actor, Action.BAN, player=user.username, reason=reason,
                  until=until.isoformat() if until else None)
    from ladders import notices

    notices.removed(ladder, user, reason, banned=bool(ban_days or ban_forever), until=until)
    return resigned


def lift_ban(ladder_id: Any, actor, user) -> None:
    require_staff(actor)
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        deleted, _count = LadderBan.objects.filter(ladder=ladder, user=user).delete()
        if not deleted:
            raise Conflict(_("%(name)s is not banned from this ladder.") % {
                "name": user.username})
        audit(ladder, actor, Action.UNBAN, player=user.username)


def invite(ladder_id: Any, actor, user) -> LadderInvite:
    """Invite a player to an invite-only ladder (they join themselves)."""
    require_staff(actor)
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        invitation, created = LadderInvite.objects.get_or_create(
            ladder=ladder, user=user, defaults={"by": actor})
        if not created:
            raise Conflict(_("%(name)s is invited already.") % {"name": user.username})
        audit(ladder, actor, Action.INVITE, player=user.username)
    from ladders import notices

    notices.invited(ladder, user)
    return invitation


def announce(ladder_id: Any, actor, text: str) -> Announcement:
    """An admin's announcement: on the ladder page, and a notice to every player."""
    require_staff(actor)
    text = str(text or "").strip()
    if not text:
        raise ServiceError(_("An announcement needs a text."))
    if len(text) > 2000:
        raise ServiceError(_("An announcement is at most 2000 characters."))
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if ladder.status == Ladder.Status.CLOSED:
            raise Conflict(_("The ladder is closed."))
        item = Announcement.objects.create(ladder=ladder, text=text, by=actor)
        audit(ladder, actor, Action.ANNOUNCE, text=text[:200])
    from ladders import notices

    notices.announced(ladder, item)
    return item


def next_season(ladder_id: Any, actor, *, name: str, keep_order: bool) -> Ladder:
    """Start the next season: a new ladder with the same settings (and the final order,
    with ``keep_order``, or empty); the old one is closed, read-only from then on."""
    require_staff(actor)
    name = " ".join(str(name or "").split())
    if not name or len(name) > 100:
        raise ServiceError(_("The new season needs a name of at most 100 characters."))
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if Ladder.objects.filter(previous=ladder).exists():
            raise Conflict(_("The next season of this ladder has been started already."))
        if ladder.status != Ladder.Status.CLOSED:
            ladder.status = Ladder.Status.CLOSED
            ladder.save(update_fields=["status"])
            freeze(ladder, audit(ladder, actor, Action.CLOSE, before="open",
                                 after="closed"))
        if name.lower() == ladder.name.lower():
            raise ServiceError(_("The next season needs a name of its own: add the season "
                                 "to it, for example “%(name)s, season %(n)s”.") % {
                "name": ladder.name, "n": ladder.season + 1})
        if Ladder.objects.filter(name__iexact=name).exclude(
                status=Ladder.Status.CLOSED).exists():
            raise Conflict(_("A running ladder is called %(name)s already.") % {"name": name})
        copied = {field: getattr(ladder, field) for field in SEASON_FIELDS}
        new = Ladder.objects.create(name=name, season=ladder.season + 1, previous=ladder,
                                    created_by=actor, **copied)
        if keep_order:
            for entry in entries_in_order(ladder):
                if active_ban(ladder, entry.user) is None:
                    LadderEntry.objects.create(ladder=new, user=entry.user,
                                               position=new.entries.count() + 1)
        carried = []
        for ban in LadderBan.objects.filter(ladder=ladder).select_related("user"):
            if ban.active():
                # The same ban, carried: its date stays the day it was given.
                LadderBan.objects.create(ladder=new, user=ban.user, until=ban.until,
                                         reason=ban.reason, by=ban.by, at=ban.at)
                carried.append({"player": ban.user.username, "player_id": ban.user_id,
                                "until": ban.until.isoformat() if ban.until else None})
        audit(ladder, actor, Action.SEASON, next=new.pk, name=name, keep_order=keep_order)
        audit(new, actor, Action.CREATE, previous=ladder.pk, season=new.season,
              order=list(new.entries.order_by("position").values_list("user_id", flat=True)),
              bans=carried)
    return new


#: What the next season copies.
SEASON_FIELDS = ("game", "description", "join_rule", "min_rating", "max_rating",
                 "rate_removals", "days_per_move", "rated", "challenge_range",
                 "max_open_challenges", "cooldown_days", "rematch_handicap", "inactivity_days")


def delete_refusal(ladder: Ladder) -> str:
    """Why ``ladder`` cannot be deleted ("" when it can: a ladder made by mistake)."""
    count = LadderGame.objects.filter(ladder=ladder).count()
    if count:
        return ngettext(
            "This ladder has %(count)s game: it is part of the players' history, so it "
            "cannot be deleted. Close it instead.",
            "This ladder has %(count)s games: they are part of the players' history, so it "
            "cannot be deleted. Close it instead.", count) % {"count": count}
    return ""


def move_player(ladder_id: Any, actor, user, position: int) -> LadderEntry:
    """Put a player at ``position``; the players in between shift by one."""
    require_staff(actor)
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if ladder.status == Ladder.Status.CLOSED:
            raise Conflict(_("The ladder is closed."))
        entries = entries_in_order(ladder)
        entry = _entry(entries, user.pk)
        if entry is None:
            raise Conflict(_("%(name)s is not on this ladder.") % {"name": user.username})
        if not 1 <= int(position) <= len(entries):
            raise ServiceError(_("A position from 1 to %(count)s.") % {"count": len(entries)})
        old = entry.position
        move_to(entries, entry, int(position))
        moves = apply_order(entries)
        audit(ladder, actor, Action.MOVE, player=user.username, player_id=user.pk,
              position=[old, entry.position], moves=moves)
    return entry


def set_status(ladder_id: Any, actor, status: str) -> Ladder:
    """Freeze, unfreeze or close a ladder. Unfreezing applies the results that waited."""
    require_staff(actor)
    actions = {Ladder.Status.FROZEN: Action.FREEZE, Ladder.Status.OPEN: Action.UNFREEZE,
               Ladder.Status.CLOSED: Action.CLOSE}
    if status not in actions:
        raise ServiceError(_("Unknown ladder status %(status)s.") % {"status": status})
    with transaction.atomic():
        ladder = lock_ladder(ladder_id)
        if ladder.status == Ladder.Status.CLOSED:
            raise Conflict(_("The ladder is closed."))
        if ladder.status == status:
            return ladder
        old, ladder.status = ladder.status, status
        ladder.save(update_fields=["status"])
        row = audit(ladder, actor, actions[status], before=old, after=status)
        if status == Ladder.Status.CLOSED:
            freeze(ladder, row)  # the final standings, as the page shows them from now on
        if status == Ladder.Status.OPEN:
            _apply_pending(ladder)
    return ladder


# --- schedule ---------------------------------------------------------------------------


def drop_inactive(now: datetime | None = None) -> int:
    """Remove players with no ladder game started or finished for the ladder's
    inactivity_days (and none in progress) from open ladders; returns how many."""
    now = now or timezone.now()
    dropped = 0
    for ladder_id in Ladder.objects.filter(
        status=Ladder.Status.OPEN, inactivity_days__gt=0
    ).values_list("pk", flat=True):
        with transaction.atomic():
            ladder = lock_ladder(ladder_id)
            if not ladder.is_open:
                continue
            cutoff = now - timedelta(days=ladder.inactivity_days)
            entries = entries_in_order(ladder)
            busy = ChallengeFacts.load(ladder, None).open_games
            for entry in [e for e in entries if e.last_active_at < cutoff and not busy[e.user_id]]:
                _take_off(ladder, entries, entry, None, Action.INACTIVE,
                          last_active_at=entry.last_active_at.isoformat())
                dropped += 1
    return dropped
