"""``{{ moment|when }}`` and ``{{ date|day }}``: the site's one way to write dates
(druidsite.dates)."""

from __future__ import annotations

from typing import Any

from django import template

from druidsite import dates

register = template.Library()


@register.filter
def when(value: Any) -> str:
    return dates.when(value)


@register.filter
def day(value: Any) -> str:
    return dates.day(value)
