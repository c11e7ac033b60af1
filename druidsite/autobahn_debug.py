"""autobahn (daphne's WebSocket protocol) pretty-prints every connection's options
and transport details for its debug log, eagerly, even when debug logging is off:
about 7 % of a web process's CPU during a reconnect burst (docs/storm.md). Here
its ``pformat`` gives a value that formats itself only when a log line is written.
"""

from __future__ import annotations

from pprint import pformat
from typing import Any


class LazyFormat:
    """``pformat(value)``, computed when (and each time) the log line is written."""

    __slots__ = ("value",)

    def __init__(self, value: Any, *args: Any, **kwargs: Any) -> None:
        self.value = value

    def __str__(self) -> str:
        return pformat(self.value)

    __repr__ = __str__
    __format__ = lambda self, spec: format(str(self), spec)  # noqa: E731


def defer_autobahn_debug_formatting() -> bool:
    """Whether autobahn was found and its debug formatting is now lazy."""
    try:
        from autobahn.websocket import protocol
    except ImportError:  # another ASGI server than daphne
        return False
    protocol.pformat = LazyFormat
    return True
