"""A director's announcement: shown on the tournament's page, and a notice to every
entrant still in, mailed under each player's mail setting and pushed under their push
choices (notices.decide), as the ladders' announcements are told."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.core.errors import Conflict, Forbidden, ServiceError
from tournaments import notices
from tournaments.directing import may_direct
from tournaments.models import TournamentAnnouncement
from tournaments.writes import Action, audit, lock

MAX_LENGTH = 2000


def announce(tournament_id: Any, actor, text: Any) -> TournamentAnnouncement:
    """The text is the director's word: it needs no other reason. Refused (nothing
    written, nobody told) with no text, a text too long, or a tournament over."""
    if not may_direct(tournament_id, actor):
        raise Forbidden(_("Only the tournament's directors may do this."))
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
        audit(tournament, actor, Action.ANNOUNCE, text=text[:200])
        notices.announced(tournament, text)
    return item
