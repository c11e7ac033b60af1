"""Whether one ladder player may challenge another, and if not, why.

One source of truth for the ladder page (a reason beside each player above
you) and for ladders.services.challenge (which refuses with the first reason).
ChallengeFacts reads what the rules need for one challenger in three queries,
so the page costs the same for a ladder of ten or of a thousand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from druidsite import dates
from games.models import Match
from ladders.models import Ladder, LadderEntry, LadderGame


@dataclass(frozen=True)
class Blocker:
    """A reason a challenge is not possible: a stable code (for pages, tests) and a message."""

    code: str
    message: str


@dataclass
class ChallengeFacts:
    """What the challenge rules need to know about one challenger in one ladder."""

    ladder: Ladder
    challenger_id: int | None
    open_games: Counter = field(default_factory=Counter)
    # The challenger's opponents: in an open ladder game, or when their last one ended.
    playing: set[int] = field(default_factory=set)
    last_finished: dict[int, datetime] = field(default_factory=dict)
    # The players the challenger blocks or is blocked by (never paired).
    blocked: set[int] = field(default_factory=set)

    @classmethod
    def load(cls, ladder: Ladder, challenger_id: int | None) -> ChallengeFacts:
        facts = cls(ladder=ladder, challenger_id=challenger_id)
        active = LadderGame.objects.filter(ladder=ladder, match__status=Match.Status.ACTIVE)
        for challenger, defender in active.values_list("challenger_id", "defender_id"):
            facts.open_games[challenger] += 1
            facts.open_games[defender] += 1
        if challenger_id is None:
            return facts
        from social.selectors import blocked_ids

        facts.blocked = blocked_ids(challenger_id)
        # The cooldown rule (docs/ladders.md): the pair's last game that counts, in this
        # season or an earlier one of the same ladder; an annulled game counts for
        # nothing, so it imposes no cooldown either.
        mine = LadderGame.objects.filter(ladder_id__in=season_ids(ladder)).filter(
            Q(challenger_id=challenger_id) | Q(defender_id=challenger_id)
        )
        for ladder_id, challenger, defender, status, finished_at, reason in mine.values_list(
            "ladder_id", "challenger_id", "defender_id", "match__status", "match__finished_at",
            "match__end_reason",
        ):
            other = defender if challenger == challenger_id else challenger
            if status == Match.Status.ACTIVE:
                if ladder_id == ladder.pk:
                    facts.playing.add(other)
            elif finished_at is not None and reason != Match.Reason.ANNULLED:
                previous = facts.last_finished.get(other)
                if previous is None or finished_at > previous:
                    facts.last_finished[other] = finished_at
        return facts

    def cooldown_until(self, other_id: int) -> datetime | None:
        finished = self.last_finished.get(other_id)
        if finished is None or not self.ladder.cooldown_days:
            return None
        until = finished + self.ladder.cooldown
        return until if until > timezone.now() else None


def season_ids(ladder: Ladder, limit: int = 50) -> list[int]:
    """The ladder and its earlier seasons (newest first)."""
    ids, current = [ladder.pk], ladder.previous_id
    while current is not None and current not in ids and len(ids) < limit:
        ids.append(current)
        current = Ladder.objects.filter(pk=current).values_list(
            "previous_id", flat=True).first()
    return ids


def _status_blocker(ladder: Ladder) -> Blocker | None:
    if ladder.status == Ladder.Status.FROZEN:
        return Blocker("frozen", _("The ladder is frozen: no challenges until it reopens."))
    if ladder.status == Ladder.Status.CLOSED:
        return Blocker("closed", _("The ladder is closed."))
    return None


def blockers(
    facts: ChallengeFacts, challenger: LadderEntry | None, defender: LadderEntry
) -> list[Blocker]:
    """Every reason ``challenger`` may not challenge ``defender`` now (empty: they may)."""
    ladder = facts.ladder
    found: list[Blocker] = []
    status = _status_blocker(ladder)
    if status is not None:
        found.append(status)
    if challenger is None:
        found.append(Blocker("not_in_ladder", _("Join the ladder to challenge its players.")))
        return found
    if challenger.user_id == defender.user_id:
        return [Blocker("self", _("You cannot challenge yourself."))]
    if defender.user_id in facts.blocked:
        # Worded like any refusal, so that a block stays private.
        return [Blocker("unavailable", _("That player does not take challenges from you."))]
    if defender.position >= challenger.position:
        found.append(Blocker("below", _("You can only challenge players above you.")))
    elif challenger.position - defender.position > ladder.challenge_range:
        found.append(Blocker("out_of_range", ngettext(
            "Out of range: you may challenge the player %(count)s place above you.",
            "Out of range: you may challenge up to %(count)s places above you.",
            ladder.challenge_range,
        ) % {"count": ladder.challenge_range}))
    if defender.user_id in facts.playing:
        found.append(Blocker("playing", _("You are already playing each other in this ladder.")))
    else:
        until = facts.cooldown_until(defender.user_id)
        if until is not None:
            found.append(Blocker("cooldown", _("Cooldown: you may challenge them again after "
                                               "%(date)s.") % {
                "date": dates.when(until)}))
    limit = ladder.max_open_challenges
    if facts.open_games[challenger.user_id] >= limit:
        count = facts.open_games[challenger.user_id]
        found.append(Blocker("my_limit", ngettext(
            "You have %(count)s open ladder game, the most allowed.",
            "You have %(count)s open ladder games, the most allowed.", count,
        ) % {"count": count}))
    if facts.open_games[defender.user_id] >= limit:
        count = facts.open_games[defender.user_id]
        found.append(Blocker("their_limit", ngettext(
            "They have %(count)s open ladder game, the most allowed.",
            "They have %(count)s open ladder games, the most allowed.", count,
        ) % {"count": count}))
    return found
