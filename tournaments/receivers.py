"""Finished games move their tournament on (tournaments.rounds.record_result).

games.core.commit sends result_changed from the settle task, possibly more than once;
record_result is idempotent. A failure is logged, never raised into the game's end:
the tournaments.catch_up task moves a stuck tournament on.
"""

from __future__ import annotations

import logging

from django.dispatch import receiver

from games.core.commit import result_changed
from tournaments import rounds

log = logging.getLogger(__name__)


@receiver(result_changed, dispatch_uid="tournaments.record_result")
def record_tournament_result(sender, match_id: int, **kwargs) -> None:
    try:
        rounds.record_result(match_id)
    except Exception:
        log.exception("recording the tournament result of match %s failed; catch_up will "
                      "retry", match_id)
