"""Which cards each player removes before a game, and why.

Only in the games whose handicap options apply (``GameInfo.handicap`` in
games.core.catalog; Druidenwalzer's rules, section 8). The rematch rule comes from
the pair's history (tutorials left out), not from memory: the winner of the pair's
last game removes a 2; if they won the game before it too, a 3; further wins keep the
3. A loss or a draw ends the streak. At most one card is removed by this
rule. A strength handicap chosen in a challenge applies to a player the rule
leaves alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.core import catalog
from games.models import Match, Seat


def handicap_games() -> list[str]:
    """The games whose handicap options apply (the rematch rule among them)."""
    return [info.name for info in catalog.games() if info.handicap]


@dataclass(frozen=True)
class Handicap:
    removed: tuple[int, ...]
    reason: str
    # The reason's parts, kept with the match so each reader gets it in their language.
    why: dict[str, Any] = field(default_factory=dict)


def reason_text(why: dict[str, Any]) -> str:
    """A handicap's reason in the active language, from its parts (see ``Handicap.why``)."""
    if why.get("rule") == "rematch":
        return ngettext(
            "Rematch rule: %(name)s won the last game against this opponent, so one "
            "%(card)s is removed from their cards.",
            "Rematch rule: %(name)s won the last %(count)s games against this opponent, so "
            "one %(card)s is removed from their cards.", why["count"],
        ) % {"name": why["name"], "count": why["count"], "card": why["card"]}
    if why.get("rule") == "strength":
        return _("Strength handicap chosen in the challenge: %(name)s removes %(cards)s.") % {
            "name": why["name"], "cards": ", ".join(str(v) for v in why["cards"])}
    return ""


def winning_streak(game: str, user_id: int, other_id: int) -> tuple[int | None, int]:
    """(the id of the player on a winning streak against the other, its length)."""
    # A tutorial counts for nothing, so neither does its result here.
    shared = Match.objects.filter(
        game=game, status=Match.Status.FINISHED, seats__user_id=other_id, tutorial=False
    ).values("pk")
    results = (
        Seat.objects.filter(user_id=user_id, match__in=shared)
        .order_by("-match__finished_at", "-match_id")
        .values_list("result", flat=True)
    )
    holder: int | None = None
    streak = 0
    for result in results.iterator():
        if result == Seat.Result.WIN:
            winner = user_id
        elif result == Seat.Result.LOSS:
            winner = other_id
        else:  # a draw (or an undecided record) ends any streak
            break
        if holder is None:
            holder = winner
        if winner != holder:
            break
        streak += 1
    return holder, streak


def rematch_card(streak: int) -> int | None:
    if streak <= 0:
        return None
    return 2 if streak == 1 else 3


def handicaps_for(
    game: str, user_a, user_b, strength: dict[int, list[int]] | None = None,
    rematch_rule: bool = True,
) -> dict[int, Handicap]:
    """The cards each of the two removes in their next game, with the reason shown to both."""
    applies = game in handicap_games()
    strength = (strength or {}) if applies else {}
    result: dict[int, Handicap] = {}
    holder, streak = (None, 0)
    if rematch_rule and applies:
        holder, streak = winning_streak(game, user_a.pk, user_b.pk)
    for user in (user_a, user_b):
        card = rematch_card(streak) if user.pk == holder else None
        if card is not None:
            why = {"rule": "rematch", "name": user.username, "count": streak, "card": card}
            result[user.pk] = Handicap((card,), reason_text(why), why)
        elif strength.get(user.pk):
            values = tuple(strength[user.pk])
            why = {"rule": "strength", "name": user.username, "cards": list(values)}
            result[user.pk] = Handicap(values, reason_text(why), why)
        else:
            result[user.pk] = Handicap((), "")
    return result
