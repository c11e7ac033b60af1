"""The catalogue's words in templates: a game's title and its seats' labels.

{% load game_catalog %}
{{ match.game|game_title }}          Druidenwalzer
{{ seat.seat|seat_of:match.game }}   moon
{% catalogue_games as games %}       the GameInfo of every game of the site
"""

from __future__ import annotations

from django import template

from games.core import catalog

register = template.Library()


@register.filter
def game_title(name: str) -> str:
    return catalog.title(name)


@register.filter
def seat_of(seat: str, game: str) -> str:
    return catalog.seat_label(game, seat)


@register.simple_tag
def catalogue_games() -> list[catalog.GameInfo]:
    return catalog.games()
