"""After a match changes, every socket watching it gets the update meant for its viewer.

One message is built per viewer kind (each seat, and spectators), never per
socket, and each goes to its own group: a seat's group only ever receives that
seat's view, so a socket cannot be handed another player's hand.
"""

from __future__ import annotations

from django.dispatch import receiver

from druidsite.realtime import publish_many, user_group
from games.core.commit import Committed, match_committed
from games.core.visibility import handed_over, match_payload, record_payload
from games.models import Match
from games.rules import get_rules

PUBLIC = "public"


def group_name(match_id: int, viewer: str | None) -> str:
    return f"match-{match_id}-{viewer or PUBLIC}"


def lobby_group() -> str:
    return "lobby"


def broadcast_match(match_id: int, from_version: int,
                    committed: Committed | None = None) -> None:
    """Send the update after ``from_version``: from what was just committed, or read
    from the database (a caller without the commit's value)."""
    if committed is not None:
        match = committed.match
        seats, records, state = list(committed.seats), committed.records, None
        rules = get_rules(match.game)
    else:
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return
        rules = get_rules(match.game)
        seats = list(match.seats.select_related("user"))
        records = list(match.records.filter(version__gt=from_version).order_by("version"))
        state = rules.from_json(match.state)
    messages = []
    taken = handed_over(seats)
    for viewer in [*(seat.seat for seat in seats if seat.seat not in taken), None]:
        messages.append((group_name(match_id, viewer), {
            "type": "match.update",
            "match": (committed.payload(viewer) if committed is not None
                      else match_payload(match, viewer, seats, state=state)),
            "records": [record_payload(record, rules, viewer) for record in records],
        }))
    # A seat handed to an AI player: its former player's sockets get the spectator's
    # update (last, after the spectators' own), and move to the spectators' group.
    messages += [(group_name(match_id, seat), messages[-1][1]) for seat in taken]
    # Each player's header counter and "your turn" list follow their games.
    messages += [(user_group(seat.user_id), {"type": "user.games", "match": match_id})
                 for seat in seats]
    publish_many(messages)


@receiver(match_committed, dispatch_uid="games.realtime.broadcast")
def on_match_committed(sender, committed: Committed, **kwargs) -> None:
    broadcast_match(committed.match_id, committed.from_version, committed)
