"""A game's chat and its players' private notes.

Who reads which channel (``readable``), who writes to it (``writable``):
- "players": every player of the game (seats not handed over to an AI);
- "team-<n>": at a team table, the partners of team n only;
- "spectators": everyone who is not a player; players may open it (read it)
  on their page, and write there too once the game is over.
An AI seat reads nothing (its socket group has no listener, and the API answers
an AI account nothing); AI players only greet at the start and say "good game"
at the end (``ai_says``). Blocked players' lines are not shown to the blocker.

A line is plain text (at most MAX_LENGTH characters, escaped on every page) and
a player may send RATE_COUNT lines per RATE_SECONDS (a 429 beyond). Lines are
stored with the game and shown in its replay once it is over. Muted players
(moderation) cannot write.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games.core.errors import Forbidden, NotFound, ServiceError
from games.models import ChatMessage, Match, Note, Seat
from games.rules import get_rules

MAX_LENGTH = 500
MAX_NOTE = 5000
RATE_COUNT, RATE_SECONDS = 5, 10
PLAYERS, SPECTATORS = "players", "spectators"


class Flooding(ServiceError):
    status = 429


def _seat(match: Match, user) -> Seat | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return next((s for s in match.seats.all() if s.user_id == user.pk
                 and not s.takeover_level), None)


def _teams(match: Match) -> dict[str, int]:
    """Each seat's team number in a team game (empty otherwise): the state parsed once."""
    if not match.options.get("new_game", {}).get("teams"):
        return {}
    rules = get_rules(match.game)
    try:
        teams = rules.teams(rules.from_json(match.state))
    except Exception:
        return {}
    return {seat: number for number, team in enumerate(teams) for seat in team}


def _team_of(match: Match, seat: str) -> int | None:
    return _teams(match).get(seat)


def readable(match: Match, user) -> list[str]:
    """The channels ``user`` may read in ``match``."""
    if user is not None and getattr(user, "is_bot", False):
        return []
    seat = _seat(match, user)
    if seat is None:
        return [SPECTATORS]
    channels = [PLAYERS, SPECTATORS]
    team = _team_of(match, seat.seat)
    if team is not None:
        channels.append(f"team-{team}")
    return channels


def writable(match: Match, user) -> list[str]:
    if user is None or not getattr(user, "is_authenticated", False) or user.is_bot:
        return []
    seat = _seat(match, user)
    if seat is None:
        return [SPECTATORS]
    channels = [PLAYERS] + [c for c in readable(match, user) if c.startswith("team-")]
    if match.is_over:
        channels.append(SPECTATORS)
    return channels


def is_muted(user) -> bool:
    """Whether an admin's mute keeps ``user`` from writing in any chat now."""
    from social.models import Mute

    return Mute.objects.filter(user=user, until__gt=timezone.now()).exists()


def unstorable(text: str) -> str | None:
    """Why ``text`` cannot be stored as a line (as the API's serializer refuses it too):
    a NUL character, or a lone surrogate (half of a character, not UTF-8)."""
    if "\x00" in text:
        return _("Null characters are not allowed.")
    for character in text:
        if "\ud800" <= character <= "\udfff":
            return _("Surrogate characters are not allowed: U+%(code)04X.") % {
                "code": ord(character)}
    return None


def send(match_id: Any, user, channel: Any, text: Any) -> ChatMessage:
    match = Match.objects.filter(pk=match_id).prefetch_related("seats").first()
    if match is None:
        raise NotFound(_("There is no game %(id)s.") % {"id": match_id})
    if not isinstance(text, str) or not text.strip():
        raise ServiceError(_("A chat line needs some text."))
    text = text.strip()
    if problem := unstorable(text):
        raise ServiceError(problem)
    if len(text) > MAX_LENGTH:
        raise ServiceError(_("A chat line is at most %(n)s characters.") % {"n": MAX_LENGTH})
    if channel not in writable(match, user):
        raise Forbidden(_("You cannot write in that chat."))
    if is_muted(user):
        raise Forbidden(_("An admin has muted you for now: you cannot chat."))
    since = timezone.now() - timedelta(seconds=RATE_SECONDS)
    if ChatMessage.objects.filter(user=user, created_at__gte=since).count() >= RATE_COUNT:
        raise Flooding(_("Slow down: at most %(n)s lines in %(s)s seconds.") % {
            "n": RATE_COUNT, "s": RATE_SECONDS})
    message = ChatMessage.objects.create(match=match, user=user, channel=channel, text=text)
    _broadcast(match, message)
    _push_to_addressed(match, message)
    return message


def addressed(match: Match, message: ChatMessage) -> list:
    """The players a line is addressed to: in a game of two, the other player (on the
    players' channel); at a bigger table, those it names as @name."""
    players = [seat.user for seat in match.seats.select_related("user")
               if not seat.takeover_level and not seat.user.is_bot]
    others = [player for player in players if player.pk != message.user_id
              and message.channel in readable(match, player)]
    if message.channel == SPECTATORS:
        return []
    if len(players) == 2:
        return others
    return [player for player in others if f"@{player.username}".lower() in
            message.text.lower()]


def _push_to_addressed(match: Match, message: ChatMessage) -> None:
    """A push to each player the line is addressed to who is not looking at the game
    (they would see it there), if they turned chat pushes on (notices.decide)."""
    from notices.decide import watching
    from notices.service import push_only

    for player in addressed(match, message):
        if watching(player.pk, match.pk):
            continue
        push_only(player, "chat_addressed", url=f"/games/{match.pk}/", match=match.pk,
                  name=message.user.username, text=message.text[:120])


def ai_says(match: Match, user, text: str) -> ChatMessage:
    """An AI player's greeting or "good game": the only lines an AI writes."""
    message = ChatMessage.objects.create(match=match, user=user, channel=PLAYERS, text=text)
    _broadcast(match, message)
    return message


#: Links in the lines of accounts younger than this are shown as plain text (spam).
LINKS_AFTER = timedelta(days=7)


#: Why a line's text is gone (``hidden_why``): an admin hid it, or its writer deleted
#: their account (accounts.ownership removes every line of theirs).
HIDDEN_BY_ADMIN, ACCOUNT_DELETED = "admin", "account_deleted"


def hidden_why(message: ChatMessage) -> str | None:
    if not message.hidden:
        return None
    from accounts.deleted import is_deleted

    return ACCOUNT_DELETED if is_deleted(message.user) else HIDDEN_BY_ADMIN


def hidden_text(why: str | None) -> str:
    """What the chat shows in place of a line whose text is gone."""
    if why == ACCOUNT_DELETED:
        return _("line removed: this player deleted their account")
    return _("hidden by an admin") if why else ""


def line_payload(message: ChatMessage) -> dict[str, Any]:
    why = hidden_why(message)
    return {"id": message.pk, "channel": message.channel, "player": message.user.username,
            "text": "" if message.hidden else message.text, "hidden": message.hidden,
            "hidden_why": why, "hidden_text": hidden_text(why),
            "at": message.created_at.isoformat(),
            "links": timezone.now() - message.user.date_joined >= LINKS_AFTER,
            # An AI's greeting is not reported: no one wrote it (the page shows no flag).
            "bot": message.user.is_bot}


def lines(match: Match, user, *, since: int = 0) -> list[dict[str, Any]]:
    """The chat lines ``user`` may read, oldest first (lines of players they block left out)."""
    from social.selectors import blocked_ids

    channels = readable(match, user)
    if not channels:
        return []
    blocked = blocked_ids(user) if user is not None and user.is_authenticated else set()
    found = (ChatMessage.objects.filter(match=match, channel__in=channels, pk__gt=since)
             .exclude(user_id__in=blocked).select_related("user").order_by("created_at", "id"))
    return [line_payload(m) for m in found[:500]]


def _broadcast(match: Match, message: ChatMessage) -> None:
    """To the socket groups whose viewers may read the channel."""
    from django.db import transaction

    from druidsite.realtime import publish_many
    from games.realtime.broadcast import group_name
    from social.selectors import blocked_ids

    payload = {"type": "chat.line", "line": line_payload(message)}
    teams = {} if message.channel in (PLAYERS, SPECTATORS) else _teams(match)
    # Players kept apart from the writer by a block (either way) get none of their
    # lines, live as on reload (``lines``).
    apart = blocked_ids(message.user)
    groups = []
    for seat in match.seats.all():
        if seat.takeover_level or seat.user.is_bot:
            continue  # an AI reads no chat
        if seat.user_id in apart:
            continue
        if message.channel in (PLAYERS, SPECTATORS):
            groups.append(group_name(match.pk, seat.seat))
        elif message.channel == f"team-{teams.get(seat.seat)}":
            groups.append(group_name(match.pk, seat.seat))
    if message.channel == SPECTATORS:
        groups.append(group_name(match.pk, None))
    transaction.on_commit(lambda: publish_many([(g, payload) for g in groups]))


def line_of(match_id: Any, line_id: Any, user) -> ChatMessage:
    """A line of ``match_id`` that ``user`` may read and did not write (to report it)."""
    match = Match.objects.filter(pk=match_id).prefetch_related("seats").first()
    found = ChatMessage.objects.filter(pk=line_id, match_id=match_id).first() if match else None
    if found is None or not any(line["id"] == found.pk for line in lines(match, user)):
        raise NotFound(_("There is no chat line %(id)s.") % {"id": line_id})
    if found.user_id == user.pk:
        raise ServiceError(_("That is your own line."))
    return found


def hide(message_id: Any, actor) -> ChatMessage:
    if not getattr(actor, "is_staff", False):
        raise Forbidden(_("Only admins may do this."))
    message = ChatMessage.objects.filter(pk=message_id).first()
    if message is None:
        raise NotFound(_("There is no chat line %(id)s.") % {"id": message_id})
    message.hidden, message.hidden_by = True, actor
    message.save(update_fields=["hidden", "hidden_by"])
    return message


# --- private notes ----------------------------------------------------------------------


def note_of(match: Match, user) -> str:
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    return Note.objects.filter(match=match, user=user).values_list("text", flat=True).first() \
        or ""


def save_note(match_id: Any, user, text: Any) -> Note:
    match = Match.objects.filter(pk=match_id).prefetch_related("seats").first()
    if match is None:
        raise NotFound(_("There is no game %(id)s.") % {"id": match_id})
    if not any(s.user_id == user.pk for s in match.seats.all()):
        raise Forbidden(_("You are not a player in this game."))
    if not isinstance(text, str):
        raise ServiceError(_("A note is text."))
    if len(text) > MAX_NOTE:
        raise ServiceError(_("A note is at most %(n)s characters.") % {"n": MAX_NOTE})
    note, _created = Note.objects.update_or_create(match=match, user=user,
                                                   defaults={"text": text})
    return note
