"""The end-of-game panel of the game page: why it ended, each player's rating
before and after, the rematch offer and its state, the replay link.

Part of the live fragment, so both players see it change without a reload (a
rematch notice on their own socket asks the page for a fresh fragment).
"""

from __future__ import annotations

from typing import Any

from games.models import Challenge, Match, Seat


def _ratings(match: Match, seats: list[Seat]) -> list[dict]:
    """Each player's rating before and after this game, where the game was rated."""
    from ladders.models import RatingChange  # the ratings app builds on the games app

    changes = {change.user_id: change
               for change in RatingChange.objects.filter(match=match)}
    rows = []
    for seat in seats:
        change = changes.get(seat.user_id)
        if change is None:
            continue
        rows.append({"name": seat.user.username, "seat": seat.seat,
                     "before": round(change.rating_before), "after": round(change.rating_after),
                     "delta": round(change.rating_after) - round(change.rating_before)})
    return rows


def rematch_state(match: Match, seats: list[Seat], viewer_user: Any) -> dict:
    """The latest rematch offer of a finished two-player game, from the viewer's side.

    ``state``: none, offered_by_me, offered_to_me, offered (for spectators),
    accepted, declined; with the challenge and the new game where there is one.
    """
    if len(seats) != 2 or not all(seat.user.is_active for seat in seats):
        return {"state": "unavailable"}  # a table; or a closed (deleted) account
    offer = (Challenge.objects.filter(rematch_of=match).exclude(status=Challenge.Status.CANCELLED)
             .select_related("creator", "opponent").order_by("-created_at").first())
    me = viewer_user.pk if viewer_user is not None and viewer_user.is_authenticated else None
    is_player = me is not None and any(seat.user_id == me for seat in seats)
    if offer is None:
        return {"state": "none", "can_offer": is_player}
    mine = offer.creator_id == me
    if offer.status == Challenge.Status.OPEN:
        if not is_player:
            state = "offered"
        else:
            state = "offered_by_me" if mine else "offered_to_me"
        return {"state": state, "challenge": offer, "by": offer.creator.username}
    if offer.status == Challenge.Status.ACCEPTED:
        return {"state": "accepted", "challenge": offer, "new_match": offer.match_id}
    # Declined: whoever offered may offer again; the other may offer in turn.
    return {"state": "declined", "challenge": offer, "by": offer.opponent.username
            if offer.opponent else "", "can_offer": is_player}


def _counts(match: Match, seats: list[Seat]) -> bool:
    """Whether the game's current result rates anyone (ladders.rating_record)."""
    from ladders.rating_record import result_of

    return result_of(match, sorted(seats, key=lambda seat: seat.pk)) is not None


def end_panel(match: Match, seats: list[Seat], viewer_user: Any, status: dict) -> dict:
    """Everything the panel shows; empty while the game runs. ``status``: the page's
    words for the end (its text, and a link where one explains it)."""
    if not match.is_over:
        return {}
    ratings = _ratings(match, seats)
    return {
        "text": status["text"],
        "link": status.get("link", ""),
        "link_text": status.get("link_text", ""),
        "ratings": ratings,
        # A rated game is rated just after its end: the page asks again once. A game
        # that rates nobody (annulled, say) is not waiting for anything.
        "ratings_pending": not ratings and len(seats) == 2 and _counts(match, seats),
        "rematch": rematch_state(match, seats, viewer_user),
    }
