"""A ladder's record read as the events of its fold (ladders.ladder_fold).

The record is the ladder's audit log, in the order it was written (every row is
written under the lock of the Ladder row, so id order is the order things
happened): joins, adds, moves, removals, each result at the moment it was first
applied, and the close. A game's outcome is the one its latest result row gives
(an admin's decision writes one: ladders.decisions.follow_decision); in a closed
ladder, the latest one written before the close. The start order of a season
that kept the previous one's order is in its "create" row.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model

from ladders.ladder_fold import CHALLENGER_WON, DEFENDER_WON, Event, fold
from ladders.models import Ladder, LadderAudit, LadderBan, LadderEntry, LadderGame

Action = LadderAudit.Action
_REMOVALS = (Action.LEAVE, Action.REMOVE, Action.INACTIVE)


def _user_ids(rows: list[LadderAudit]) -> dict[str, int]:
    names = {row.detail.get("player") for row in rows if row.detail.get("player")}
    return dict(get_user_model().objects.filter(username__in=names)
                .values_list("username", "pk"))


def _player(row: LadderAudit, ids: dict[str, int]) -> int | None:
    return row.detail.get("player_id") or ids.get(row.detail.get("player"))


def start_order(ladder: Ladder, rows: list[LadderAudit] | None = None) -> list[int]:
    """The order the ladder started with: empty, or the previous season's kept order."""
    rows = rows if rows is not None else list(ladder.audit.order_by("id"))
    created = next((row for row in rows if row.action == Action.CREATE), None)
    if created is not None and "order" in created.detail:
        return list(created.detail["order"])
    if ladder.previous_id is None:
        return []
    season = LadderAudit.objects.filter(ladder_id=ladder.previous_id, action=Action.SEASON,
                                        detail__next=ladder.pk).first()
    if season is None or not season.detail.get("keep_order"):
        return []
    # A season started before the start order was recorded: the previous season's
    # final order without the players banned from it.
    banned = set(LadderBan.objects.filter(ladder_id=ladder.previous_id, until__isnull=True)
                 .values_list("user_id", flat=True))
    return [user_id for user_id in LadderEntry.objects.filter(ladder_id=ladder.previous_id)
            .order_by("position").values_list("user_id", flat=True) if user_id not in banned]


def events(ladder: Ladder, rows: list[LadderAudit] | None = None) -> list[Event]:
    """The ladder's events in order, each game's result with its outcome now."""
    rows = rows if rows is not None else list(ladder.audit.order_by("id"))
    ids = _user_ids(rows)
    close = next((row.pk for row in rows if row.action == Action.CLOSE), None)
    outcome: dict[int, str] = {}
    for row in rows:
        if row.action == Action.RESULT and (close is None or row.pk < close):
            outcome[row.detail.get("match")] = row.detail.get("outcome", "")
    games = {game.match_id: game for game in LadderGame.objects.filter(ladder=ladder)}
    found, applied = [], set()
    for row in rows:
        detail = row.detail
        if row.action == Action.JOIN:
            found.append(Event("join", user=_player(row, ids)))
        elif row.action == Action.ADD:
            found.append(Event("add", user=_player(row, ids), position=detail.get("position")))
        elif row.action in _REMOVALS:
            found.append(Event("remove", user=_player(row, ids)))
        elif row.action == Action.MOVE:
            position = detail.get("position")
            found.append(Event("move", user=_player(row, ids),
                               position=position[-1] if isinstance(position, list) else position))
        elif row.action == Action.CLOSE:
            found.append(Event("close"))
        elif row.action == Action.RESULT and not detail.get("decision"):
            match_id = detail.get("match")
            game = games.get(match_id)
            if game is None or match_id in applied:
                continue
            applied.add(match_id)
            first = detail.get("outcome", "")
            timed_out = None
            if detail.get("timeout"):
                timed_out = {CHALLENGER_WON: game.defender_id,
                             DEFENDER_WON: game.challenger_id}.get(first)
            found.append(Event("result", challenger=game.challenger_id,
                               defender=game.defender_id,
                               outcome=outcome.get(match_id, first), timed_out=timed_out))
    return found


def replayed_order(ladder: Ladder) -> list[int]:
    """The ladder's order as the fold of its record gives it (user ids, first first)."""
    rows = list(ladder.audit.order_by("id"))
    return fold(start_order(ladder, rows), events(ladder, rows))
