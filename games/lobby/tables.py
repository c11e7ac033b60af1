"""Tables: games of more than two seats, gathered before they start.

A player opens a table for a game whose catalogue entry allows more than two
seats (``GameInfo.max_seats > 2``): the number of seats, teams, the rules'
length limit, days per move, rated or not, and the number of games of the
series. Others join its free seats, or are invited by name (an invited player
holds a place until they join or decline); the creator may fill seats with AI
players. Players may leave until the start; the creator may cancel. When every
place is taken by a player who joined (or an AI player), the match starts
through ``services.start_match`` with the rules' options (kept in
``match.options["new_game"]``).

Seat order: random. At the start the players are shuffled onto the seats
(in a team game that also draws the partners); game *g* of a series seats
the player of first seat *p* at seat *(p + g - 1) mod N*, which keeps the
partners of a team game together. When a game of a series ends the next one
starts by itself (``start_next``, a receiver of ``commit.result_changed``,
idempotent); the standings sum the rules' scores per player.

Like games.core.services: every write locks the table row first; the lobby's socket
is nudged after the commit.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.dispatch import receiver
from django.utils.translation import gettext as _

from games.core import services, table_terms
from games.core.commit import result_changed
from games.core.errors import Conflict, Forbidden, NotFound, ServiceError
from games.lobby import table_notices
from games.models import Match, Table, TableGame, TableSeat

MAX_OPEN_TABLES = 10
log = logging.getLogger(__name__)


def _lobby_changed() -> None:
    services._lobby_changed()


def _lock_table(table_id: Any) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=int(table_id))
    except (Table.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no table %(id)s.") % {"id": table_id}) from None


def _places(table: Table) -> list[TableSeat]:
    return list(table.places.select_related("user").order_by("id"))


def _open_table(table_id: Any) -> tuple[Table, list[TableSeat]]:
    table = _lock_table(table_id)
    if not table.is_open:
        raise Conflict(_("This table is no longer open."))
    return table, _places(table)


def free_seats(table: Table, places: list[TableSeat] | None = None) -> int:
    places = _places(table) if places is None else places
    return table.size - len(places)


def open_table(user, *, game: Any = None, size: Any = 4, teams: Any = False,
               limit: Any = None, days_per_move: Any = 3, rated: Any = True,
               games: Any = 1) -> Table:
    """A new table with its creator in the first place."""
    info = table_terms.table_game(game)
    cleaned = table_terms.clean(info, size=size, teams=teams, limit=limit,
                                days_per_move=days_per_move, rated=rated, games=games)
    with transaction.atomic():
        count = Table.objects.filter(creator=user, status=Table.Status.OPEN).count()
        if count >= MAX_OPEN_TABLES:
            raise Conflict(_("You have %(n)s open tables already; cancel one first.")
                           % {"n": count})
        table = Table.objects.create(game=info.name, creator=user, **cleaned)
        TableSeat.objects.create(table=table, user=user)
        _lobby_changed()
    return table


def _need_a_free_seat(table: Table, places: list[TableSeat]) -> None:
    if free_seats(table, places) <= 0:
        raise ServiceError(_("This table is full."))


def join_table(table_id: Any, user) -> Table:
    """Take a free seat, or the place one was invited to."""
    with transaction.atomic():
        table, places = _open_table(table_id)
        mine = next((p for p in places if p.user_id == user.pk and not p.ai_level), None)
        if mine is not None and not mine.invited:
            raise ServiceError(_("You are at this table already."))
        if mine is not None:
            mine.invited = False
            mine.save(update_fields=["invited"])
        else:
            from social.selectors import blocked_ids

            if blocked_ids(user) & {p.user_id for p in places}:
                raise Forbidden(_("That player does not take challenges from you."))
            _need_a_free_seat(table, places)
            places.append(TableSeat.objects.create(table=table, user=user))
        _start_if_full(table, places, user)
        _lobby_changed()
    return table


def invite(table_id: Any, user, username: Any) -> TableSeat:
    """Hold a free seat for the player called ``username`` (any player at the table may)."""
    guest = get_user_model().objects.filter(
        username__iexact=str(username or "").strip(), is_active=True).first()
    if guest is None:
        raise NotFound(_("There is no player of that name."))
    if guest.is_bot:
        raise ServiceError(_("Add an AI player with its level instead of inviting it."))
    with transaction.atomic():
        table, places = _open_table(table_id)
        if not any(p.user_id == user.pk and not p.invited and not p.ai_level for p in places):
            raise Forbidden(_("Only the players at this table can invite."))
        from social.selectors import refuse_if_blocked

        refuse_if_blocked(user, guest)
        if any(p.user_id == guest.pk for p in places):
            raise ServiceError(_("%(name)s is at this table already.") % {"name": guest.username})
        _need_a_free_seat(table, places)
        place = TableSeat.objects.create(table=table, user=guest, invited=True)
        table_notices.invited(table, guest, user)
        _lobby_changed()
    return place


def add_ai(table_id: Any, user, level: Any) -> Table:
    """The creator seats an AI player of ``level`` (a level that plays the game)."""
    from games.ai import levels_for
    from games.ai_players import bots

    with transaction.atomic():
        table, places = _open_table(table_id)
        if table.creator_id != user.pk:
            raise Forbidden(_("Only the player who opened the table can add AI players."))
        levels = levels_for(table.game)
        if level not in levels:
            raise ServiceError(_("The AI level must be one of %(levels)s.") % {
                "levels": ", ".join(levels)})
        bot = bots.bot_for_level(level)
        if bot is None:
            raise NotFound(_("There is no AI player of level %(level)s.") % {"level": level})
        _need_a_free_seat(table, places)
        places.append(TableSeat.objects.create(table=table, user=bot, ai_level=level))
        _start_if_full(table, places, user)
        _lobby_changed()
    return table


def leave_table(table_id: Any, user) -> Table:
    """Leave before the start (or decline an invitation); the creator cancels instead."""
    with transaction.atomic():
        table, places = _open_table(table_id)
        mine = next((p for p in places if p.user_id == user.pk and not p.ai_level), None)
        if mine is None:
            raise ServiceError(_("You are not at this table."))
        if table.creator_id == user.pk:
            raise ServiceError(_("You opened this table: cancel it instead."))
        mine.delete()
        _lobby_changed()
    return table


def remove_place(table_id: Any, user, place_id: Any) -> Table:
    """The creator frees a seat held by an AI player or an invitation."""
    with transaction.atomic():
        table, places = _open_table(table_id)
        if table.creator_id != user.pk:
            raise Forbidden(_("Only the player who opened the table can free a seat."))
        place = next((p for p in places if str(p.pk) == str(place_id)), None)
        if place is None:
            raise NotFound(_("There is no such seat at this table."))
        if not (place.ai_level or place.invited):
            raise ServiceError(_("Only an AI player or an invitation can be removed."))
        place.delete()
        _lobby_changed()
    return table


def cancel_table(table_id: Any, user) -> Table:
    with transaction.atomic():
        table, _places_now = _open_table(table_id)
        if table.creator_id != user.pk:
            raise Forbidden(_("Only the player who opened the table can cancel it."))
        table.status = Table.Status.CANCELLED
        table.save(update_fields=["status", "updated_at"])
        _lobby_changed()
    return table


def leave_deleted_account(user) -> None:
    """``user`` deleted their account: their open tables are cancelled, their places at
    others' open tables freed; at a table playing its series an AI player (the level
    that takes seats over, games.core.takeover) gets their place for the games still to
    come. The game running is handed over by games.core.services.leave_deleted_account."""
    from games.ai_players import bots
    from games.core import takeover

    for place in TableSeat.objects.filter(user=user, ai_level="").select_related("table"):
        with transaction.atomic():
            table = _lock_table(place.table_id)
            if table.status == Table.Status.OPEN:
                if table.creator_id == user.pk:
                    table.status = Table.Status.CANCELLED
                    table.save(update_fields=["status", "updated_at"])
                else:
                    TableSeat.objects.filter(pk=place.pk).delete()
                _lobby_changed()
            elif table.status == Table.Status.PLAYING:
                level = takeover.level_for(table.game)
                bot = bots.bot_for_level(level)
                if bot is not None:
                    TableSeat.objects.filter(pk=place.pk).update(user=bot, ai_level=level)


# --- the games of a table -------------------------------------------------------


def _start_if_full(table: Table, places: list[TableSeat], actor: Any) -> Match | None:
    """Start the first game once every place is taken (``actor`` took the last one)."""
    if len(places) < table.size or any(p.invited for p in places):
        return None
    order = list(places)
    for i in range(len(order) - 1, 0, -1):  # Fisher-Yates with the system's randomness
        j = secrets.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    for position, place in enumerate(order):
        place.position = position
    TableSeat.objects.bulk_update(order, ["position"])
    table.status = Table.Status.PLAYING
    table.save(update_fields=["status", "updated_at"])
    match = _start_game(table, order, 1)
    table_notices.started(table, match, [p.user for p in order], actor)
    return match


def seat_of(table: Table, position: int, number: int) -> str:
    """The seat of the player of first seat ``position`` in game ``number``."""
    return str((position + number - 1) % table.size)


def _start_game(table: Table, places: list[TableSeat], number: int) -> Match:
    players = {seat_of(table, p.position, number): p.user
               for p in sorted(places, key=lambda p: p.position)}
    players = dict(sorted(players.items(), key=lambda item: int(item[0])))
    match = services.start_match(
        table.game, players, days_per_move=table.days_per_move, rated=table.rated,
        new_game=table_terms.new_game_options(table),
    )
    TableGame.objects.create(table=table, number=number, match=match)
    return match


def start_next(match_id: int) -> Match | None:
    """After a game of a series: the next game with the same players (seats rotated),
    or the end of the table. Idempotent."""
    found = TableGame.objects.filter(match_id=match_id).values_list("table_id", "number").first()
    if found is None:
        return None
    table_id, number = found
    with transaction.atomic():
        table = _lock_table(table_id)
        if table.status != Table.Status.PLAYING:
            return None
        if TableGame.objects.filter(table=table, number__gt=number).exists():
            return None
        if number >= table.games:
            table.status = Table.Status.FINISHED
            table.save(update_fields=["status", "updated_at"])
            return None
        match = _start_game(table, _places(table), number + 1)
    return match


@receiver(result_changed, dispatch_uid="games.lobby.tables.start_next")
def _on_result_changed(sender, match_id: int, **kwargs) -> None:
    try:
        start_next(match_id)
    except Exception:
        log.exception("starting the next game of the series after match %s failed", match_id)


def standings(table: Table) -> list[dict[str, Any]]:
    """Each player's points per game of the series and in all, best first."""
    places = sorted(_places(table), key=lambda p: (p.position is None, p.position or 0))
    series = list(table.series.select_related("match").prefetch_related("match__seats"))
    rows = []
    for place in places:
        points, total, wins = [], 0, 0
        for game in series:
            seat_name = seat_of(table, place.position or 0, game.number)
            seat = next((s for s in game.match.seats.all() if s.seat == seat_name), None)
            score = seat.score if seat is not None else None
            points.append({"number": game.number, "match": game.match, "seat": seat_name,
                           "score": score, "result": seat.result if seat else ""})
            total += score or 0
            wins += bool(seat is not None and seat.result == "win")
        rows.append({"place": place, "user": place.user, "games": points, "total": total,
                     "wins": wins})
    rows.sort(key=lambda row: (-row["total"], -row["wins"], row["user"].username))
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or (row["total"], row["wins"]) != (rows[i - 1]["total"], rows[i - 1]["wins"]):
            rank = i + 1
        row["rank"] = rank
    return rows


def payload(table: Table, places: list[TableSeat] | None = None) -> dict[str, Any]:
    """A table as the API and the lobby show it: public facts only (no game state)."""
    places = _places(table) if places is None else places
    return {
        "id": table.pk, "game": table.game, "creator": table.creator.username,
        "size": table.size, "teams": table.teams, "limit": table.limit,
        "expected": table_terms.expected_length(table.game, table.size, table.teams, table.limit),
        "days_per_move": table.days_per_move, "rated": table.rated, "games": table.games,
        "status": table.status, "free_seats": max(0, table.size - len(places)),
        "players": [{"id": p.pk, "player": p.user.username, "ai_level": p.ai_level or None,
                     "invited": p.invited, "position": p.position} for p in places],
        "matches": [{"number": g.number, "match": g.match_id}
                    for g in table.series.order_by("number")],
        "created_at": table.created_at.isoformat(),
    }
