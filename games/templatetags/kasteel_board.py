"""Strijd om het Kasteel's board in templates that have no board context of their own
(the replay): ``{% kasteel_ring view last_events "id" as kb %}``,
``{% kasteel_rows view as rows %}`` and ``{% kasteel_zoom_strings %}`` (the words of
the zoom buttons, static/js/kasteel-zoom.js)."""

from __future__ import annotations

import json

from django import template

from games.boards import kasteel_ring as ring
from games.boards.kasteel_page import ZOOM_KEYS, js_strings

register = template.Library()


@register.simple_tag
def kasteel_ring(view, last_events=None, board_id="kasteel-board"):
    return ring.board(view, last_events or [], board_id)


@register.simple_tag
def kasteel_rows(view):
    return ring.seat_rows(view)


@register.simple_tag
def kasteel_zoom_strings() -> str:
    strings = js_strings()
    return json.dumps({key: strings[key] for key in ZOOM_KEYS})
