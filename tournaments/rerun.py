"""Recurring events: "run this tournament again" copies its terms and its directors to a
new draft with a new registration window (a new seed: new draws). Players, rounds,
schedules, byes and forbidden pairings are the old edition's and are not copied."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.core.errors import ServiceError
from tournaments.directing import check_director, clean_reason
from tournaments.models import Tournament, TournamentDirector, new_seed
from tournaments.writes import Action, audit, lock

#: The terms a new edition copies (everything the admin's form sets but the window).
TERMS = ("game", "format", "round_count", "cycles", "start", "days_per_move", "rated",
         "rate_withdrawals", "rematch_handicap", "requested_bye_points", "late_entry_points",
         "min_players", "max_players", "min_rating", "max_rating", "table_size", "teams",
         "team_event", "advance_top", "allow_ai", "seating", "auto_start")


def run_again(tournament_id: Any, actor, name: Any, opens_at: datetime | None,
              closes_at: datetime | None, reason: Any = "") -> Tournament:
    """A new draft with the terms of ``tournament_id``, named ``name``, registration
    open from ``opens_at`` (None: from when a director opens it) to ``closes_at``.
    Refused, nothing made: no name, a name in use, a window closing in the past or
    before it opens."""
    # Copying changes nothing of this tournament: no reason is asked of a director.
    check_director(tournament_id, actor)
    reason = clean_reason(reason)
    name = " ".join(str(name or "").split())[:100]
    if not name:
        raise ServiceError(_("Give the new tournament a name."))
    now = timezone.now()
    if closes_at is None:
        raise ServiceError(_("Give the time registration closes."))
    if closes_at <= now:
        raise ServiceError(_("Registration cannot close in the past (%(when)s).") % {
            "when": timezone.localtime(closes_at).strftime("%Y-%m-%d %H:%M")})
    with transaction.atomic():
        source = lock(tournament_id)
        copy = Tournament(name=name, status=Tournament.Status.DRAFT, seed=new_seed(),
                          created_by=actor if getattr(actor, "pk", None) else None,
                          registration_opens_at=opens_at, registration_closes_at=closes_at,
                          **{term: getattr(source, term) for term in TERMS})
        try:
            copy.full_clean()
        except ValidationError as error:
            raise ServiceError(" ".join(m for ms in error.message_dict.values()
                                        for m in ms)) from None
        copy.save()
        for director in source.directors.all():
            TournamentDirector.objects.create(tournament=copy, user_id=director.user_id)
        audit(copy, actor, Action.CREATE, copied_from=source.pk, reason=reason)
        audit(source, actor, Action.RERUN, new_edition=copy.pk, name=copy.name, reason=reason)
    return copy
