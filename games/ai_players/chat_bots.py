"""AI players' two lines of chat: a greeting at the start, "good game" at the end."""

from __future__ import annotations

import logging

from django.dispatch import receiver
from django.utils import translation

from games.core.commit import Committed, match_committed

log = logging.getLogger(__name__)
GREETING = "Hello, and good luck!"
GOOD_GAME = "Good game!"


@receiver(match_committed, dispatch_uid="games.ai_players.chat_bots")
def ai_chat(sender, committed: Committed, **kwargs) -> None:
    if not committed.records:
        text = GREETING
    elif committed.finished:
        text = GOOD_GAME
    else:
        return
    from social.chat import ai_says

    speakers = {seat.user_id: seat.user for seat in committed.seats if seat.user.is_bot}
    try:
        with translation.override("en"):
            for user in speakers.values():
                ai_says(committed.match, user, text)
    except Exception:  # a greeting never matters more than the game
        log.warning("the AI's chat line in game %s failed", committed.match_id, exc_info=True)
