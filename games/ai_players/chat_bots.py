"""AI players' two lines of chat: a greeting at the start, "good game" at the end."""

from __future__ import annotations

import logging

from django.conf import settings
from django.dispatch import receiver
from django.utils import translation
from django.utils.translation import gettext_noop

from games.core.commit import Committed, match_committed

log = logging.getLogger(__name__)
GREETING = gettext_noop("Hello, and good luck!")
GOOD_GAME = gettext_noop("Good game!")


def language_of(people: list) -> str:
    """The language the AI speaks at this table: its human players' own language when
    they all chose the same one (a chat line is stored as written, so it is written
    once, in words every human player at the table reads), else English."""
    chosen = {getattr(user, "language", "") for user in people}
    known = {code for code, _name in settings.LANGUAGES}
    if len(chosen) == 1 and (language := chosen.pop()) in known:
        return language
    return "en"


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
    people = [seat.user for seat in committed.seats if not seat.user.is_bot]
    try:
        with translation.override(language_of(people)):
            for user in speakers.values():
                ai_says(committed.match, user, translation.gettext(text))
    except Exception:  # a greeting never matters more than the game
        log.warning("the AI's chat line in game %s failed", committed.match_id, exc_info=True)
