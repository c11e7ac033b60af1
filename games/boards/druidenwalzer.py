"""Druidenwalzer in the site's catalogue: the board of games.templatetags.druid_board
(templates/games/board/), its page and log helpers next to this module, its script
static/js/game-druidenwalzer.js, the handicaps of games.core.handicap and its AI levels
(games.ai.levels_for)."""

from __future__ import annotations

from django.urls import reverse_lazy
from django.utils.translation import gettext_lazy as _

from games.ai import levels_for
from games.boards import druidenwalzer_log, druidenwalzer_page
from games.core.catalog import GameInfo, SeatInfo

GAME = GameInfo(
    name="druidenwalzer",
    title=_("Druidenwalzer"),
    seats=(
        SeatInfo("moon", _("moon"), _("Moon (moves first)")),
        SeatInfo("sun", _("sun"), _("Sun")),
    ),
    first_seat="moon",
    handicap=True,
    board_template="games/board/druidenwalzer.html",
    replay_template="games/board/druidenwalzer_replay.html",
    board_context=druidenwalzer_page.board_context,
    event_sentence=druidenwalzer_log.event_sentence,
    summary=druidenwalzer_log.summary,
    rules_end=druidenwalzer_log.rules_end,
    js_module="js/game-druidenwalzer.js",
    js_strings=druidenwalzer_page.js_strings,
    ai_levels=levels_for("druidenwalzer"),
    rules_url=reverse_lazy("rules_page", args=["druidenwalzer"]),
    seat_choice_label=_("Your cult"),
    random_seat_label=_("Random cult"),
    prompt=druidenwalzer_page.prompt,
    start_caption=_("The position after the setup shuffle, before the druids are placed."),
    view_serializer="games.api.game_schemas.druidenwalzer.GameViewSerializer",
    move_serializer="games.api.game_schemas.druidenwalzer.MOVE_SCHEMA",
    new_game_options=lambda removed: {"removed": removed},
)
