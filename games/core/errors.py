"""The errors of the game services (games.core.services re-exports them).

Each carries an HTTP-like status and a message safe to show to the player who
caused it; the API and the pages turn them into answers.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class Conflict(ServiceError):
    status, code = 409, "conflict"


class StaleVersion(Conflict):
    code = "stale_version"


class BadMove(ServiceError):
    status, code = 400, "illegal_move"
