"""Numbers of the standings as people write them: 2, 2.5, 1.25 (no trailing zeros)."""

from __future__ import annotations

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def score(value) -> str:
    if value is None:
        return ""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return number_format(float(text), decimal_pos=len(text.split(".")[1]) if "." in text else 0)
