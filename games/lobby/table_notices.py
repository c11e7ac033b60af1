"""Notices about tables (games of more than two seats) to their players.

An invitation is told to the invitee: kept in their list of notices and shown
live on their open pages (their own socket, /ws/me/), with the table's address.
When the table fills and its first game starts, every seated player is told,
with the game's address: a player waiting on the table's page or in the lobby
is taken to the game (static/js/table.js, lobby.js); the one whose join filled
the table is taken there by the answer to their join already, so their other
pages follow without words. AI players are told nothing. Sent after commit,
best effort like every broadcast.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import translation

from druidsite.realtime import publish_many, user_group
from games.models import Match, Table
from notices.kinds import words


def _live(kind: str, recipient: Any, params: dict[str, Any], url: str, *,
          quiet: bool = False) -> tuple[str, dict]:
    with translation.override(recipient.language or settings.LANGUAGE_CODE):
        text = "" if quiet else words(kind, params)[1]
    body = {"kind": kind, "text": text, "url": url, "table": params["table"],
            "match": params.get("match")}
    return user_group(recipient.pk), {"type": "user.notice", "notice": body}


def invited(table: Table, guest: Any, inviter: Any) -> None:
    """Tell ``guest`` that ``inviter`` holds a seat for them at ``table``."""
    from notices.service import send

    if guest.is_bot:
        return
    url = reverse("table", args=[table.pk])
    params = {"table": table.pk, "game": table.game, "seats": table.size,
              "name": inviter.username}
    send(guest, "table_invited", url=url, mail=False, **params)
    message = _live("table_invited", guest, params, url)
    transaction.on_commit(lambda: publish_many([message]))


def started(table: Table, match: Match, players: list[Any], actor: Any) -> None:
    """Tell every seated player that the table's first game has started."""
    from notices.service import send

    url = reverse("game", args=[match.pk])
    params = {"table": table.pk, "game": table.game, "match": match.pk}
    messages = []
    for player in players:
        if player.is_bot:
            continue
        quiet = actor is not None and player.pk == actor.pk
        if not quiet:
            send(player, "table_started", url=url, mail=False, **params)
        messages.append(_live("table_started", player, params, url, quiet=quiet))
    transaction.on_commit(lambda: publish_many(messages))
