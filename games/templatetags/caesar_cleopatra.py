"""The Caesar & Cleopatra table of a replay step: ``{% cc_table view last_events as t %}``
(the spectator's view: no hand, no face-down value)."""

from __future__ import annotations

from django import template

from games.boards.caesar_cleopatra_page import replay_context

register = template.Library()


@register.simple_tag
def cc_table(view, last_events=None):
    return replay_context(view, last_events or [])
