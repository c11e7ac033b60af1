"""A director's announcement: shown on the tournament's page, and a notice to every
entrant still in, mailed under each player's mail setting and pushed under their push
choices (notices.decide), as the ladders' announcements are told.

The page's form asks for the text only: the text is the director's word. The API asks
a reason of every director's action, so one given is kept in the log beside the text."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.core.errors import Conflict, ServiceError
from tournaments import notices
from tournaments.directing import check_director, clean_reason
from tournaments.models import TournamentAnnouncement
from tournaments.writes import Action, audit, lock

MAX_LENGTH = 2000


def announce(tournament_id: Any, actor, text: Any,
             reason: Any = "") -> TournamentAnnouncement:
    """The text is the director's word: it needs no other reason (one given is logged).
    Refused (nothing written, nobody told) with no text, a text too long, or a
    tournament over."""
    check_director(tournament_id, actor)
    reason = clean_reason(reason)
    text = str(text or "").strip()
    if not text:
        raise ServiceError(_("An announcement needs a text."))
    if len(text) > MAX_LENGTH:
        raise ServiceError(_("An announcement is at most %(most)s characters.") % {
            "most": MAX_LENGTH})
    with transaction.atomic():
        tournament = lock(tournament_id)
        if tournament.is_over:
            raise Conflict(_("The tournament is over: reopen it to announce something."))
        item = TournamentAnnouncement.objects.create(tournament=tournament, text=text,
                                                     by=actor)
        # Without a reason the row is the page's as it always was: the text alone.
        audit(tournament, actor, Action.ANNOUNCE, text=text[:200],
              **({"reason": reason} if reason else {}))
        notices.announced(tournament, text)
    return item
