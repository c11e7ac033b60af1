"""Strijd om het Kasteel's board in templates that have no board context of their own
(the replay): ``{% kasteel_ring view last_events "id" as kb %}`` and
``{% kasteel_rows view as rows %}``."""

from __future__ import annotations

from django import template

from games.boards import kasteel_ring as ring

register = template.Library()


@register.simple_tag
def kasteel_ring(view, last_events=None, board_id="kasteel-board"):
    return ring.board(view, last_events or [], board_id)


@register.simple_tag
def kasteel_rows(view):
    return ring.seat_rows(view)
