"""The one commit of a match: every change that a client can see passes through ``commit``.

Moves, resignations, draw offers and answers, timeouts, a seat handed to an AI
player, a vacation pausing or resuming a clock, an admin's correction of a
result: each is a small *change function* that gets the locked match as a
``Pending`` (its seats, its parsed state, the clock's ``now``), checks what it
needs, changes what it must and returns the log ``Entry`` it wants written.
``commit`` does the rest, the same way for all of them:

1. lock the match row and its seats (``select_for_update``, in that order);
2. refuse a finished game (unless the change is meant for one) and a stale version;
3. run the change function (a ``ServiceError`` from it rolls everything back);
4. bump ``Match.version`` by one and write the log record of that version
   (a unique constraint refuses a second writer of the same version);
5. save the match and the seats that changed, nothing else;
6. return a ``Committed`` value: what was committed, with the facts that the
   follow-ups need (who owes a move now, whether the result is new).

After the transaction commits, ``match_committed`` is sent with that value:
the broadcast, the AI's next move and the turn mails read it instead of the
database. For a new or changed result, the last of those listeners
(games.core.tasks.queue_settle, connected by games.apps) queues one task keyed by
match and version (``games.settle_result``), which runs the slow, idempotent
follow-ups: ratings, ladder positions, the next game of a series. The commit
imports none of its listeners.

No other module saves a field of a Match or Seat that a client can see (a test
reads the source to hold that: tests/games/core/test_one_write_path.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core.deadlines import set_clocks
from games.core.errors import Conflict, Forbidden, NotFound, ServiceError, StaleVersion
from games.models import Match, MoveRecord, Seat
from games.rules import get_rules

log = logging.getLogger(__name__)

#: Sent after the commit of every change of a match, with ``committed``.
match_committed = Signal()
#: Sent by the settle task for a new or changed result (``match_id``, ``version``):
#: ratings, ladders and series listen. Each receiver is idempotent.
result_changed = Signal()

#: The Seat fields a client sees (or that decide what it sees); only commit saves them.
SEAT_FIELDS = ("deadline", "paused_remaining", "result", "timed_out", "takeover_level", "score")


class NothingToDo(Exception):
    """Raised by a change function that finds nothing to change: nothing is written."""


@dataclass
class Entry:
    """The log record that a change writes: its kind, its seat, the move and events."""

    kind: str
    seat: str = ""
    move: dict | None = None
    events: list = field(default_factory=list)


class Pending:
    """A match locked for one change: what a change function reads and changes."""

    def __init__(self, match: Match, seats: list[Seat], now: datetime) -> None:
        self.match = match
        self.seats = seats
        self.now = now
        self.rules = get_rules(match.game)
        self._state: Any = None
        self.state_changed = False
        self.finished = False
        self.result_changed = False

    @property
    def state(self) -> Any:
        if self._state is None:
            self._state = self.rules.from_json(self.match.state)
        return self._state

    @property
    def parsed(self) -> Any:
        """The state if a change parsed it (a clock or result change need not)."""
        return self._state

    def set_state(self, state: Any) -> None:
        self._state, self.state_changed = state, True

    def owed(self) -> tuple[str, ...]:
        return () if self.match.is_over else tuple(self.rules.owed_by(self.state))

    def seat_of(self, user, name: str | None = None) -> Seat:
        """``user``'s seat (the one called ``name``, if given; an AI player may hold several)."""
        for seat in self.seats:
            if user is not None and seat.user_id == getattr(user, "pk", None):
                if name is None or seat.seat == name:
                    return seat
        raise Forbidden(_("You are not a player in this game."))

    def other_seat(self, seat: Seat) -> str | None:
        others = [s.seat for s in self.seats if s.pk != seat.pk]
        return others[0] if len(others) == 1 else None

    def set_clocks(self, owed: Iterable[str] | None = None) -> None:
        set_clocks(self.match, self.seats, self.owed() if owed is None else owed, self.now)

    def finish(self, winner: str | None, reason: str, detail: str,
               scores: dict[str, int] | None = None) -> None:
        """End the game: ``winner`` is a seat, seats joined by "+" (a team) or None (a draw)."""
        match = self.match
        match.status = Match.Status.FINISHED
        match.finished_at = self.now
        match.draw_offer_seat = ""
        self.set_result(winner, reason, detail)
        for seat in self.seats:
            if scores and seat.seat in scores:
                seat.score = scores[seat.seat]
            seat.deadline = seat.paused_remaining = None
        self.finished = True

    def annul(self, detail: str) -> None:
        """An admin's annulment of a finished game: no result, it counts for nothing."""
        match = self.match
        match.winner_seat = ""
        match.end_reason = Match.Reason.ANNULLED
        match.end_detail = detail[:200]
        for seat in self.seats:
            seat.result = Seat.Result.NONE
        self.result_changed = True

    def set_result(self, winner: str | None, reason: str, detail: str) -> None:
        """The result of a finished game (its end, or an admin's correction of it)."""
        match = self.match
        match.winner_seat = winner or ""
        match.end_reason = reason
        match.end_detail = detail[:200]
        winners = set(winner.split("+")) if winner else set()
        for seat in self.seats:
            if winner is None:
                seat.result = Seat.Result.DRAW
            else:
                seat.result = Seat.Result.WIN if seat.seat in winners else Seat.Result.LOSS
        self.result_changed = True


@dataclass(frozen=True)
class Committed:
    """What one commit wrote: the follow-ups read this, not the database."""

    match: Match
    seats: tuple[Seat, ...]
    records: tuple[MoveRecord, ...]  # the new log record (none for a new match)
    state: Any  # the parsed engine state of ``match.state``, or None if nothing parsed it
    from_version: int
    finished: bool  # this change ended the game
    result_changed: bool  # the result is new or different: ratings, ladders, series follow
    #: What each viewer may see, built once: the broadcast and the API answer share it.
    payloads: dict = field(default_factory=dict, compare=False, repr=False)
    cache: dict = field(default_factory=dict, compare=False, repr=False)

    def parsed_state(self) -> Any:
        """The engine state, parsed once (a change that did not parse it leaves None)."""
        if self.state is not None:
            return self.state
        if "state" not in self.cache:
            self.cache["state"] = get_rules(self.match.game).from_json(self.match.state)
        return self.cache["state"]

    def payload(self, viewer: str | None) -> dict:
        """``viewer``'s payload of the committed match (games.core.visibility), built once."""
        if viewer not in self.payloads:
            from games.core.visibility import match_payload

            self.payloads[viewer] = match_payload(self.match, viewer, list(self.seats),
                                                  state=self.parsed_state())
        return self.payloads[viewer]

    @property
    def match_id(self) -> int:
        return self.match.pk

    @property
    def version(self) -> int:
        return self.match.version

    @property
    def kind(self) -> str | None:
        return self.records[0].kind if self.records else None

    @property
    def ai_owes(self) -> bool:
        """An AI plays a seat that owes a decision now."""
        return not self.match.is_over and any(
            seat.played_by_ai and seat.owes_move for seat in self.seats)


# --- the commit -------------------------------------------------------------------------


def lock(match_id: Any) -> tuple[Match, list[Seat]]:
    """The match row and its seats, locked (inside a transaction)."""
    try:
        match = Match.objects.select_for_update().get(pk=int(match_id))
    except (Match.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no game %(id)s.") % {"id": match_id}) from None
    seats = list(match.seats.select_related("user").select_for_update(of=("self",)))
    # What _save compares with: a move changes two seats, not twelve, and a field or
    # two of the match besides its state.
    match.loaded = {name: getattr(match, name) for name in _match_fields()}
    for seat in seats:
        seat.loaded = [getattr(seat, name) for name in SEAT_FIELDS]
    return match, seats


def _match_fields() -> list[str]:
    """The Match columns compared before saving (the state is saved when set)."""
    return [f.attname for f in Match._meta.concrete_fields
            if not f.primary_key and f.attname not in ("state", "updated_at")]


def check_version(match: Match, version: Any) -> None:
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


def commit(match_id: Any, change: Callable[[Pending], Entry], *, version: Any = None,
           running: bool = True, member: Any = None, now: datetime | None = None) -> Committed:
    """Apply ``change`` to the locked match and commit it as one new version.

    ``running``: the change is for a game in progress (a finished game answers 409);
    False for what an admin does to a finished game. ``version``: the version the
    client decided on (None: whatever it is now). ``member``: a user who must hold a
    seat (checked first: an outsider learns nothing, not even that the game is over).
    A change function raising NothingToDo (or any error) writes nothing."""
    with transaction.atomic():
        match, seats = lock(match_id)
        pending = Pending(match, seats, now or timezone.now())
        if member is not None:
            pending.seat_of(member)
        if running and match.is_over:
            raise Conflict(_("The game is over."))
        check_version(match, version)
        entry = change(pending)
        from_version = match.version
        record = _record(match, entry)
        if pending.state_changed:
            match.state = pending.rules.to_json(pending.state)
        _save(match, seats, pending.state_changed)
        committed = Committed(
            match=match, seats=tuple(seats), records=(record,), state=pending.parsed,
            from_version=from_version, finished=pending.finished,
            result_changed=pending.result_changed,
        )
        transaction.on_commit(lambda: dispatch(committed))
    return committed


def create(match: Match, seats: list[Seat]) -> Committed:
    """Save a new match (version 0) with its seats; the follow-ups run as for a change."""
    with transaction.atomic():
        match.save()
        for seat in seats:
            seat.match = match
        Seat.objects.bulk_create(seats)
        committed = Committed(
            match=match, seats=tuple(seats), records=(), state=None,
            from_version=0, finished=False, result_changed=False,
        )
        transaction.on_commit(lambda: dispatch(committed))
    return committed


def _record(match: Match, entry: Entry) -> MoveRecord:
    match.version += 1
    try:
        # No savepoint: on a clash the whole write is refused and rolled back.
        return MoveRecord.objects.create(
            match=match, version=match.version, seat=entry.seat, kind=entry.kind,
            move=entry.move, events=entry.events,
        )
    except IntegrityError:  # another writer got this version first
        raise StaleVersion(_("The game has just changed: reload it."),
                           version=match.version) from None


def _save(match: Match, seats: list[Seat], state_changed: bool) -> None:
    """Write what changed: the match's changed columns (the state only when a move set
    it: it is the largest) and, in one statement, the changed fields of changed seats."""
    loaded = match.loaded
    fields = [name for name, value in loaded.items() if getattr(match, name) != value]
    match.save(update_fields=[*fields, "updated_at", *(["state"] if state_changed else [])])
    match.loaded = {name: getattr(match, name) for name in loaded}
    changed, fields = [], set()
    for seat in seats:
        now = [getattr(seat, name) for name in SEAT_FIELDS]
        differ = {name for name, old, new in zip(SEAT_FIELDS, seat.loaded, now) if old != new}
        if differ:
            changed.append(seat)
            fields |= differ
        seat.loaded = now
    if changed:
        Seat.objects.bulk_update(changed, [name for name in SEAT_FIELDS if name in fields])


# --- after the commit -------------------------------------------------------------------


def dispatch(committed: Committed) -> None:
    """The follow-ups of a committed change. The change stands: a failing listener
    (broadcast, mail, bot) is logged, never turned into an error for whoever made it."""
    results = match_committed.send_robust(Match, committed=committed)
    for receiver, outcome in results:
        if isinstance(outcome, Exception):
            log.error("after game %s v%s: %s failed", committed.match_id, committed.version,
                      receiver, exc_info=(type(outcome), outcome, outcome.__traceback__))


def settle(match_id: int, version: int) -> bool:
    """The slow follow-ups of a result (the task's body): ratings, ladders, series.
    Idempotent: each receiver checks what it has done already."""
    if not Match.objects.filter(pk=match_id, status=Match.Status.FINISHED).exists():
        return False
    for receiver, outcome in result_changed.send_robust(Match, match_id=match_id,
                                                         version=version):
        if isinstance(outcome, Exception):
            log.error("settling game %s v%s: %s failed", match_id, version, receiver,
                      exc_info=(type(outcome), outcome, outcome.__traceback__))
    return True
