"""Live notices to a player about their challenges, on their own socket (/ws/me/).

Sent after commit to the group ``user-<id>`` of the player concerned: a
challenge accepted (with the new game's address, so a challenger waiting in
the lobby is taken there), a challenge addressed to them, and a challenge
declined or cancelled. A notice about a rematch names the finished game
(``rematch_of``), whose page then shows the offer's new state without a
reload. Best effort like every broadcast: a page that misses one sees the
state at its next load.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from druidsite.realtime import publish_many, user_group
from games.models import Challenge


def _text(kind: str, challenge: Challenge, actor: Any) -> str:
    name = actor.username if actor is not None else ""
    if kind == "accepted":
        if challenge.rematch_of_id:
            return _("%(name)s accepted your rematch: the game has started.") % {"name": name}
        return _("%(name)s accepted your challenge: the game has started.") % {"name": name}
    if kind == "offered":
        if challenge.rematch_of_id:
            return _("%(name)s offers you a rematch.") % {"name": name}
        return _("%(name)s challenges you.") % {"name": name}
    if kind == "declined":
        if challenge.rematch_of_id:
            return _("%(name)s declined your rematch.") % {"name": name}
        return _("%(name)s declined your challenge.") % {"name": name}
    if challenge.rematch_of_id:
        return _("%(name)s withdrew the rematch offer.") % {"name": name}
    return _("%(name)s withdrew their challenge.") % {"name": name}


def _notice(kind: str, challenge: Challenge, recipient: Any, actor: Any) -> tuple[str, dict]:
    with translation.override(recipient.language or settings.LANGUAGE_CODE):
        text = _text(kind, challenge, actor)
    body = {"kind": f"challenge_{kind}", "challenge": challenge.pk, "text": text,
            "rematch_of": challenge.rematch_of_id, "match": challenge.match_id,
            "url": reverse("game", args=[challenge.match_id]) if challenge.match_id else
            reverse("lobby")}
    return user_group(recipient.pk), {"type": "user.notice", "notice": body}


def challenge_changed(challenge: Challenge, kind: str) -> None:
    """Queue the notice of ``kind`` (offered, accepted, declined, cancelled) for the
    player on the other side of ``challenge``; sent once the change is committed."""
    if kind in ("offered", "cancelled"):
        recipient, actor = challenge.opponent, challenge.creator
    elif kind in ("accepted", "declined"):
        recipient, actor = challenge.creator, challenge.opponent
    else:
        raise ValueError(f"unknown challenge notice {kind!r}")
    if recipient is None or recipient.is_bot:
        return
    messages = [_notice(kind, challenge, recipient, actor)]
    if kind == "accepted" and actor is not None and actor.is_bot:
        # An AI player accepts at once: the player started that game themselves
        # (play the AI), so "Bard accepted your challenge" would only be noise.
        # Told live without words (no toast), so a lobby waiting for it still
        # goes on to the game, and kept nowhere.
        messages[0][1]["notice"]["text"] = ""
    else:
        _store(kind, challenge, recipient, actor)
    if challenge.rematch_of_id and actor is not None and not actor.is_bot:
        # The actor's other pages (another tab, another device) follow too.
        mine = dict(messages[0][1]["notice"], text="")
        messages.append((user_group(actor.pk), {"type": "user.notice", "notice": mine}))
    transaction.on_commit(lambda: publish_many(messages))


def _store(kind: str, challenge: Challenge, recipient: Any, actor: Any) -> None:
    """Kept in the recipient's list of notices too (not mailed: the mail rules are
    the turn mails'). A withdrawn offer is only told live."""
    from notices.service import send

    if kind == "cancelled":
        return
    prefix = "rematch" if challenge.rematch_of_id else "challenge"
    url = reverse("game", args=[challenge.match_id]) if challenge.match_id else reverse("lobby")
    send(recipient, f"{prefix}_{kind}", url=url, mail=False,
         name=actor.username if actor is not None else "", match=challenge.match_id,
         previous=challenge.rematch_of_id)
