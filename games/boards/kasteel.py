"""Strijd om het Kasteel in the site's catalogue: 2 to 12 seats "0".."11", each named
by its colour (games.boards.kasteel_log.COLOURS). The seats of one match are the
rules' ``seats(state)`` (its number of players); a challenge seats two players on
"0" and "1", a table (games.lobby.tables) more. Board: games.boards.kasteel_ring (the
ring as data), templates/games/board/kasteel*.html, static/js/game-kasteel.js."""

from __future__ import annotations

from django.urls import reverse_lazy
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from games.ai import levels_for
from games.boards import kasteel_log, kasteel_page
from games.core.catalog import GameInfo, SeatInfo


def challenge_options(removed: dict) -> dict:
    """The rules' options of a challenge (two players, also against the AI): the
    length limit of a table of two (games.core.table_terms), as every table has one.
    Without a limit a game of two lasts some 1,000 turns (docs/ai.md, "Pieces
    home"). A table passes its own players, teams and limit over these."""
    from games.core.table_terms import default_limit

    players = max(len(removed), 2)
    return {"players": players, "limit": default_limit("kasteel", players)}


GAME = GameInfo(
    name="kasteel",
    title=_("Strijd om het Kasteel"),
    seats=tuple(
        SeatInfo(str(seat), name, capfirst(name))
        for seat, (name, _fill, _ink) in enumerate(kasteel_log.COLOURS)
    ),
    first_seat="0",
    min_seats=2,
    max_seats=12,
    board_template="games/board/kasteel.html",
    replay_template="games/board/kasteel_replay.html",
    board_context=kasteel_page.board_context,
    event_sentence=kasteel_log.event_sentence,
    summary=kasteel_log.summary,
    rules_end=kasteel_log.rules_end,
    prompt=kasteel_page.prompt,
    decision=kasteel_page.decision,
    js_module="js/game-kasteel.js",
    js_strings=kasteel_page.js_strings,
    stylesheet="css/kasteel.css",
    ai_levels=levels_for("kasteel"),
    rules_url=reverse_lazy("rules_page", args=["kasteel"]),
    seat_choice_label=_("Your colour"),
    random_seat_label=_("Random colour"),
    start_caption=_("The table before the home rows are filled."),
    view_serializer="games.api.game_schemas.kasteel.KasteelGameViewSerializer",
    move_serializer="games.api.game_schemas.kasteel.MOVE_SCHEMA",
    new_game_options=challenge_options,
)
