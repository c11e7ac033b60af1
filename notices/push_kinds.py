"""The kinds of push a player turns on or off, and the notice kinds each covers."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# (key, label, notice kinds, on by default)
PUSH_KINDS: list[tuple[str, object, tuple[str, ...], bool]] = [
    ("your_turn", _("Your turn"), ("your_turn",), True),
    ("challenge", _("A challenge"), ("challenge_offered",), True),
    ("challenge_accepted", _("A challenge accepted"),
     ("challenge_accepted", "rematch_accepted"), True),
    ("rematch", _("A rematch offer"), ("rematch_offered",), True),
    ("tournament", _("A tournament round and your pairing in it"),
     ("tournament_round", "tournament_pairing", "tournament_bye", "tournament_starting"),
     True),
    # The tournaments name the notice "tournament_deadline"; "round_deadline" is the
    # same thing said by its push kind's name.
    ("round_deadline", _("A round's deadline near, your game still running"),
     ("round_deadline", "tournament_deadline"), True),
    ("tournament_news", _("A tournament's announcements, decisions and end"),
     ("tournament_announcement", "tournament_decision", "tournament_finished",
      "tournament_not_started", "tournament_registered"), True),
    ("ladder_challenge", _("A ladder challenge"), ("ladder_challenged",), True),
    ("result_decided", _("A result decided by an admin"),
     ("result_decided", "dispute_decided"), True),
    ("chat", _("A chat line addressed to me in a game"), ("chat_addressed",), False),
]
PUSH_KIND_KEYS = [key for key, _label, _kinds, _default in PUSH_KINDS]


def push_kind_of(notice_kind: str) -> str | None:
    """The push kind that covers a notice kind; None: never pushed."""
    for key, _label, kinds, _default in PUSH_KINDS:
        if notice_kind in kinds:
            return key
    return None


def off_by_default() -> list[str]:
    return [key for key, _label, _kinds, default in PUSH_KINDS if not default]
