"""The one way the site writes a moment or a day (the formats: ``druidsite.formats``).

Every page, fragment and notice that shows a date goes through ``when`` (a date
and time) or ``day`` (a date alone); the templates have them as the filters
``when`` and ``day`` (``{% load dates %}``, games/templatetags/dates.py). A
moment is shown in the site's time zone (``TIME_ZONE``; players have no time
zone setting of their own), in the active language. No script writes a date:
live parts of a page are fragments rendered here.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import formats, timezone


def _local(value: datetime.datetime) -> datetime.datetime:
    return timezone.localtime(value) if timezone.is_aware(value) else value


def when(value: Any) -> str:
    """A moment: "5 Dec 2026, 00:47" ("5 dec 2026, 00:47" in Dutch); "" for none. A
    date alone is written as ``day`` writes it."""
    if value in (None, ""):
        return ""
    if isinstance(value, datetime.datetime):
        return formats.date_format(_local(value), "DATETIME_FORMAT")
    return day(value)


def day(value: Any) -> str:
    """A day: "5 Dec 2026" ("5 dec 2026"); a moment gives its day in the site's time
    zone; an ISO date's text ("2026-12-05", as notices keep it) is read; "" for none."""
    if value in (None, ""):
        return ""
    if isinstance(value, str):
        try:
            value = datetime.date.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime.datetime):
        value = _local(value)
    return formats.date_format(value, "DATE_FORMAT")
