"""What the ladder services share: the ladder's lock, the admins' check and a
game's winner (ladders.services and ladders.decisions build on them)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.core.services import Forbidden, NotFound
from games.models import Seat
from ladders.models import Ladder, LadderGame


def lock_ladder(ladder_id: Any) -> Ladder:
    """The ladder, its row locked until the transaction ends (every change starts here)."""
    try:
        return Ladder.objects.select_for_update().get(pk=int(getattr(ladder_id, "pk", ladder_id)))
    except (Ladder.DoesNotExist, TypeError, ValueError):
        raise NotFound(_("There is no ladder %(id)s.") % {"id": ladder_id}) from None


def require_staff(actor) -> None:
    if not getattr(actor, "is_staff", False):
        raise Forbidden(_("Only admins may do this."))


def winner_and_loser(game: LadderGame) -> tuple[int | None, int | None]:
    """The user ids of the game's winner and loser, or (None, None) for a draw."""
    results = dict(Seat.objects.filter(match_id=game.match_id).values_list("user_id", "result"))
    for user_id in (game.challenger_id, game.defender_id):
        if results.get(user_id) == Seat.Result.WIN:
            other = game.defender_id if user_id == game.challenger_id else game.challenger_id
            return user_id, other
    return None, None
