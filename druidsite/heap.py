"""The cyclic garbage collector of a serving process, set for a long-lived heap.

A web process holds a large heap that lives as long as it does (Django, the
apps, the URL patterns, the engines) and, in a reconnect burst, thousands of
new sockets. With CPython's defaults (a young collection every 700 new
objects) the burst's objects were promoted into the oldest generation within
moments, and each full collection then walked the whole startup heap: two of
them in a 1,000-socket storm, each a pause of about 0.3 s during which no
socket was served. Measured with ``bench/storm.py`` (docs/storm.md): the
collector took 0.39 s of a web process's CPU in a storm with the defaults and
0.11 s with the settings below.

- ``gc.freeze()`` after startup moves what exists then into a permanent
  generation that no collection walks (those objects are freed by reference
  counting as before; only a cycle among them would stay, and startup leaves
  none that matter once collected first);
- young collections after ``YOUNG_THRESHOLD`` new objects instead of 700:
  fewer collections, and the short-lived objects of a handshake die young
  instead of being promoted.
"""

from __future__ import annotations

import gc

#: New container objects between two young collections (CPython's default: 700).
YOUNG_THRESHOLD = 20_000
#: Young collections between two middle ones, middle between two full ones.
MIDDLE_THRESHOLD = 20
OLD_THRESHOLD = 10


def settle_heap() -> None:
    """Collect the startup's garbage, freeze what is left and set the thresholds.
    Called once, when the process has loaded what it serves with."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, OLD_THRESHOLD)
