"""Caesar & Cleopatra in the site's catalogue: its board (templates/games/board/
caesar_cleopatra*.html), its page and log helpers next to this module, its script
static/js/game-caesar-cleopatra.js and the AI levels that play it."""

from __future__ import annotations

from django.urls import reverse_lazy
from django.utils.translation import gettext_lazy as _

from games.ai import levels_for
from games.boards import caesar_cleopatra_log, caesar_cleopatra_page
from games.core.catalog import GameInfo, SeatInfo

NAME = "caesar-cleopatra"

GAME = GameInfo(
    name=NAME,
    title=_("Caesar & Cleopatra"),
    seats=(
        SeatInfo("cleopatra", _("Cleopatra"), _("Cleopatra (moves first)")),
        SeatInfo("caesar", _("Caesar"), _("Caesar")),
    ),
    first_seat="cleopatra",
    board_template="games/board/caesar_cleopatra.html",
    replay_template="games/board/caesar_cleopatra_replay.html",
    board_context=caesar_cleopatra_page.board_context,
    event_sentence=caesar_cleopatra_log.event_sentence,
    summary=caesar_cleopatra_log.summary,
    rules_end=caesar_cleopatra_log.rules_end,
    js_module="js/game-caesar-cleopatra.js",
    js_strings=caesar_cleopatra_page.js_strings,
    stylesheet="css/caesar-cleopatra.css",
    # Whatever games.ai offers for this game (random plays any game; the registry
    # adds its own bots' levels).
    ai_levels=levels_for(NAME),
    rules_url=reverse_lazy("rules_page", args=[NAME]),
    seat_choice_label=_("Your side"),
    random_seat_label=_("Random side"),
    prompt=caesar_cleopatra_page.prompt,
    decision=caesar_cleopatra_page.decision,
    start_caption=_("The position after the shuffles, before the setup placements."),
    view_serializer="games.api.game_schemas.caesar_cleopatra.CaesarCleopatraGameViewSerializer",
    move_serializer="games.api.game_schemas.caesar_cleopatra.MOVE_SCHEMA",
)
