"""Reads of the social graph that the game layer needs (blocks), importing only models.

The core, the lobby, ladders and tournaments ask here who keeps apart from whom;
the writes (follow, block, report, moderate) are social.services, above them.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils.translation import gettext as _

from games.core.errors import Forbidden
from social.models import Block


def blocked_between(first_id: int | None, second_id: int | None) -> bool:
    """Whether either of the two players blocks the other."""
    if not first_id or not second_id:
        return False
    return Block.objects.filter(Q(blocker_id=first_id, blocked_id=second_id)
                                | Q(blocker_id=second_id, blocked_id=first_id)).exists()


def blocked_ids(user: Any) -> set[int]:
    """The players that ``user`` (a user or an id) blocks or is blocked by: kept apart in
    lists and pairings. One query."""
    user_id = getattr(user, "pk", user)
    if not user_id:
        return set()
    pairs = Block.objects.filter(Q(blocker_id=user_id) | Q(blocked_id=user_id)).values_list(
        "blocker_id", "blocked_id")
    return {blocked if blocker == user_id else blocker for blocker, blocked in pairs}


def refuse_if_blocked(first, second) -> None:
    """The refusal of a challenge, invitation or pairing between players one of whom
    blocks the other; worded like any such refusal, so a block stays private."""
    if blocked_between(getattr(first, "pk", None), getattr(second, "pk", None)):
        raise Forbidden(_("That player does not take challenges from you."))
