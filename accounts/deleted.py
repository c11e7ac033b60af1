"""How a deleted account looks: an anonymous name, closed, no password.

Read by every room that shows a player (chat lines, lists); accounts.ownership
deletes accounts. Imports nothing of the project.
"""

from __future__ import annotations

ANONYMOUS_PREFIX = "former-player-"


def is_anonymous_name(name: str) -> bool:
    return name.startswith(ANONYMOUS_PREFIX)


def is_deleted(user) -> bool:
    """The account was deleted here (anonymised, closed, no password): no query."""
    return (not user.is_active and is_anonymous_name(user.username)
            and not user.has_usable_password())
