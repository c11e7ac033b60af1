"""Caesar & Cleopatra's events in words: the sentences of its move log.

The events come already redacted for the viewer (games.core.visibility): a card
placed face down, a drawn card or the hand a Spy looked at are named only in
the copy of the player who may know them. A sentence tells only what its
event holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.boards.caesar_cleopatra_cards import (
    card_label,
    cards_text,
    group_label,
    seat_label,
    vote_label,
)


def rules_end(reason: str) -> str:
    """The words after "won" (or after "draw") when the rules ended the game."""
    if reason == "patricians":
        return _("on patricians (equal points)")
    if reason == "draw":
        return _("equal points and patricians")
    return _("on points")


def _setup(event: dict) -> str:
    text = _("%(seat)s placed five cards face down, one at each group") % {
        "seat": seat_label(event.get("player"))}
    cards = event.get("cards")  # the placer's own copy only
    if isinstance(cards, dict):
        text += ": " + ", ".join(f"{group_label(group)} {card_label(card)}"
                                 for group, card in cards.items())
    return text


def _place(event: dict) -> str:
    values = {"seat": seat_label(event.get("player")), "group": group_label(event.get("group")),
              "card": card_label(event.get("card"))}
    if event.get("face") == "up":
        return _("%(seat)s placed %(card)s face up at the %(group)s") % values
    if event.get("card"):
        return _("%(seat)s placed %(card)s face down at the %(group)s") % values
    return _("%(seat)s placed a card face down at the %(group)s") % values


def _action(event: dict) -> str:
    card = event.get("card") or ""
    values = {"seat": seat_label(event.get("player")), "card": card_label(card),
              "group": group_label(event.get("group")),
              "target": card_label(event.get("target"))}
    if card.endswith("-assassination"):
        return _("%(seat)s played %(card)s on the face-up %(target)s at the %(group)s") % values
    if card.endswith("-spy"):
        return _("%(seat)s played %(card)s") % values
    if card.endswith("-castling"):
        first, second = (list(event.get("groups") or []) + ["", ""])[:2]
        return _("%(seat)s played %(card)s at the %(first)s and the %(second)s") % {
            **values, "first": group_label(first), "second": group_label(second)}
    return _("%(seat)s played %(card)s at the %(group)s") % values


def _draw(event: dict) -> str:
    seat = seat_label(event.get("player"))
    influence, action = event.get("influence", 0), event.get("action", 0)
    if not influence and not action:
        return _("%(seat)s had nothing left to draw") % {"seat": seat}
    text = _("%(seat)s drew %(influence)s from the influence pile and %(action)s from the "
             "action pile") % {"seat": seat, "influence": influence, "action": action}
    if event.get("cards"):  # the drawer's own copy only
        text += ": " + cards_text(event["cards"])
    return text


def _vote_card(event: dict) -> str:
    values = {"card": vote_label(event.get("card"))}
    effect = event.get("effect")
    if effect == "aside":
        return _("Vote card %(card)s: no patricians left there, the card is put aside") % values
    if effect == "orgy":
        return _("Vote card %(card)s: no vote") % values
    if effect == "reshuffle":
        return _("Vote card %(card)s: no vote, all vote cards are shuffled") % values
    return _("Vote card %(card)s: a vote at the %(group)s") % {
        **values, "group": vote_label(event.get("card"))}


def _per_seat(cards: dict | None) -> str:
    cards = cards or {}
    return "; ".join(f"{seat_label(seat)} {cards_text(cards.get(seat))}"
                     for seat in ("cleopatra", "caesar"))


def _vote(event: dict) -> str:
    totals = event.get("totals") or {}
    values = {"group": group_label(event.get("group")),
              "cleopatra": totals.get("cleopatra", 0), "caesar": totals.get("caesar", 0)}
    if event.get("extraordinary"):
        head = _("Extraordinary vote at the %(group)s: Cleopatra %(cleopatra)s, "
                 "Caesar %(caesar)s") % values
    else:
        head = _("Vote at the %(group)s: Cleopatra %(cleopatra)s, Caesar %(caesar)s") % values
    if event.get("result") != "win":
        return head + " — " + _("a tie, nothing happens")
    text = head + " — " + _("%(seat)s wins") % {"seat": seat_label(event.get("winner"))}
    if event.get("reversed"):
        text += " " + _("(a philosopher reverses the result)")
    return text


def _remove(event: dict) -> str:
    values = {"seat": seat_label(event.get("player")), "group": group_label(event.get("group")),
              "cards": cards_text(event.get("cards"))}
    reason = event.get("reason")
    if reason == "highest":
        return _("%(seat)s discards the highest card at the %(group)s: %(cards)s") % values
    if reason == "lowest":
        return _("%(seat)s discards the lowest card at the %(group)s: %(cards)s") % values
    if reason == "philosophers":
        return _("%(seat)s discards the philosophers at the %(group)s") % values
    return _("The %(group)s are complete: %(seat)s's cards there are discarded: %(cards)s") % (
        values)


def _game_over(event: dict) -> str:
    score = event.get("score") or {}
    patricians = event.get("patricians") or {}
    values = {"cleopatra": score.get("cleopatra", 0), "caesar": score.get("caesar", 0),
              "pc": patricians.get("cleopatra", 0), "pr": patricians.get("caesar", 0)}
    winner = event.get("winner")
    if winner in ("cleopatra", "caesar"):
        text = _("Game over: %(seat)s wins; points Cleopatra %(cleopatra)s, Caesar "
                 "%(caesar)s; patricians %(pc)s and %(pr)s") % {
            **values, "seat": seat_label(winner)}
    else:
        text = _("Game over: a draw; points Cleopatra %(cleopatra)s, Caesar %(caesar)s; "
                 "patricians %(pc)s and %(pr)s") % values
    bonus = event.get("bonus") or {}
    if bonus:
        text += " — " + _("bonus cards: Cleopatra %(cleopatra)s, Caesar %(caesar)s") % {
            "cleopatra": group_label((bonus.get("cleopatra") or "").removeprefix("B-")),
            "caesar": group_label((bonus.get("caesar") or "").removeprefix("B-"))}
    return text


def _simple(event: dict) -> dict[str, Any]:
    return {"seat": seat_label(event.get("player")), "group": group_label(event.get("group")),
            "card": card_label(event.get("card")), "opponent": seat_label(event.get("opponent")),
            "owner": seat_label(event.get("owner")), "vetoed": card_label(event.get("vetoed")),
            "count": event.get("count", 0), "turn": (event.get("turn") or 0) + 1}


def _spy_look(event: dict) -> str:
    text = ngettext("%(seat)s looks at %(opponent)s's hand (%(count)s card)",
                    "%(seat)s looks at %(opponent)s's hand (%(count)s cards)",
                    event.get("count", 0)) % _simple(event)
    if event.get("hand") is not None:  # the spy's own copy only
        text += ": " + cards_text(event["hand"])
    return text


def _castle(event: dict) -> str:
    groups = event.get("groups") or {}
    parts = [ngettext("%(n)s card at the %(group)s", "%(n)s cards at the %(group)s", count) % {
        "n": count, "group": group_label(group)} for group, count in groups.items()]
    text = _("%(seat)s placed the cards again face down: %(where)s") % {
        "seat": seat_label(event.get("player")), "where": ", ".join(parts)}
    cards = event.get("cards")  # the castling player's own copy only
    if isinstance(cards, dict):
        text += " (" + "; ".join(f"{group_label(group)} {cards_text(names)}"
                                 for group, names in cards.items()) + ")"
    return text


def _castling(event: dict) -> str:
    first, second = (list(event.get("groups") or []) + ["", ""])[:2]
    return ngettext(
        "Castling: %(seat)s takes up %(count)s card at the %(first)s and the %(second)s",
        "Castling: %(seat)s takes up %(count)s cards at the %(first)s and the %(second)s",
        event.get("count", 0)) % {**_simple(event), "first": group_label(first),
                                  "second": group_label(second)}


SENTENCES: dict[str, Callable[[dict], str]] = {
    "setup": _setup,
    "turn": lambda e: _("Turn %(turn)s: %(seat)s") % _simple(e),
    "pass": lambda e: (
        _("%(seat)s passed and discarded %(cards)s") % {
            "seat": seat_label(e.get("player")), "cards": cards_text(e.get("discard"))}
        if e.get("discard") else
        _("%(seat)s passed with an empty hand") % {"seat": seat_label(e.get("player"))}),
    "place": _place,
    "action": _action,
    "veto_question": lambda e: _("%(seat)s is asked: Veto against %(card)s?") % _simple(e),
    "veto": lambda e: _("%(seat)s vetoed %(vetoed)s: both cards are discarded") % _simple(e),
    "no_veto": lambda e: _("%(seat)s did not veto %(card)s") % _simple(e),
    "assassination": lambda e: _(
        "Assassination: %(owner)s's %(card)s at the %(group)s is discarded") % _simple(e),
    "spy_look": _spy_look,
    "spy": lambda e: _("%(seat)s makes %(opponent)s discard %(card)s") % _simple(e),
    "castling": _castling,
    "castle": _castle,
    "scout": lambda e: _(
        "Scout: %(opponent)s's face-down cards at the %(group)s are turned up: %(cards)s") % {
        **_simple(e), "cards": cards_text(e.get("cards"))},
    "wrath": lambda e: _(
        "Wrath of the Gods: every card at the %(group)s is discarded (%(cards)s)") % {
        **_simple(e), "cards": _per_seat(e.get("removed"))},
    "placement_skipped": lambda e: _(
        "%(seat)s can place no card any more: the placement is skipped") % _simple(e),
    "draw": _draw,
    "extraordinary_vote": lambda e: _(
        "Eight cards or more at the %(group)s: an extraordinary vote") % _simple(e),
    "vote_card": _vote_card,
    "vote_reshuffle": lambda e: ngettext(
        "A new vote deck of %(count)s card", "A new vote deck of %(count)s cards",
        e.get("count", 0)) % _simple(e),
    "reveal": lambda e: _("At the %(group)s the face-down cards are turned up: %(cards)s") % {
        **_simple(e), "cards": _per_seat(e.get("cards"))},
    "vote": _vote,
    "patrician": lambda e: ngettext(
        "%(seat)s wins a patrician of the %(group)s (%(left)s left)",
        "%(seat)s wins a patrician of the %(group)s (%(left)s left)",
        e.get("remaining", 0)) % {**_simple(e), "left": e.get("remaining", 0)},
    "remove": _remove,
    "game_over": _game_over,
}

#: The events a move's one-line summary names after its first event.
SUMMARY_EVENTS = ("veto_question", "veto", "assassination", "spy", "scout", "wrath",
                  "placement_skipped", "vote", "game_over")


def event_sentence(event: dict[str, Any]) -> str:
    """One event of the rules in words."""
    sentence = SENTENCES.get(event.get("type") or "")
    return sentence(event) if sentence is not None else str(event.get("type"))


def summary(events: list[dict[str, Any]]) -> str:
    """A move in one line: what the player did, then what it caused."""
    events = [event for event in events if event.get("type") != "turn"] or events
    if not events:
        return ""
    head = event_sentence(events[0])
    clauses = [event_sentence(event) for event in events[1:]
               if event.get("type") in SUMMARY_EVENTS
               or (event.get("type") == "vote_card" and event.get("effect") != "vote")]
    return f"{head}; {'; '.join(clauses)}" if clauses else head
