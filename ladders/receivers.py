"""Finished games feed the ratings and the ladders.

games.core.commit sends result_changed from the settle task that a new or changed
result queues (keyed by match and version), possibly more than once; both
follow-ups are idempotent. A failure is logged and never
raised into the move, resignation or timeout that ended the game: the
ladders.catch_up task applies whatever a receiver missed.
"""

from __future__ import annotations

import logging

from django.dispatch import receiver

from games.core.commit import result_changed
from ladders import decisions, ratings, services

log = logging.getLogger(__name__)


@receiver(result_changed, dispatch_uid="ladders.rate_match")
def rate_finished_match(sender, match_id: int, version: int | None = None, **kwargs) -> None:
    ratings.safely_rate(match_id, version)


@receiver(result_changed, dispatch_uid="ladders.apply_ladder_result")
def apply_ladder_result(sender, match_id: int, **kwargs) -> None:
    try:
        services.apply_results(match_id)
        decisions.follow_decision(match_id)
    except Exception:
        log.exception("applying the ladder result of match %s failed; catch_up will retry",
                      match_id)
