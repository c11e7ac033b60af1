"""Caesar & Cleopatra's part of the game page: the board's context, its status
words and the sentences of its script (static/js/game-caesar-cleopatra.js).

The context starts from the generic live context of games.pages.game, which
holds the viewer's payload (games.core.visibility, the engine's view for that
viewer): nothing else reaches the board, so nothing hidden can.
"""

from __future__ import annotations

from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.boards.caesar_cleopatra_cards import (
    GROUPS,
    OTHER,
    SEATS,
    bonus_label,
    card,
    card_label,
    group_label,
    influence_shown,
    seat_label,
    uncounted,
    vote_label,
)
from games.boards.caesar_cleopatra_log import event_sentence

EXTRAORDINARY = 8


def decision(view: dict[str, Any], seat: str) -> str:
    """A short name of the decision ``seat`` owes now, if it is not an ordinary move."""
    pending = view.get("pending")
    if not pending or pending.get("player") != seat:
        return ""
    kind = pending.get("kind")
    if kind == "veto":
        return _("Veto?")
    if kind == "spy":
        return _("Spy: choose a card")
    if kind == "castle":
        return _("Castling: distribute your cards")
    if kind == "draw":
        return _("Draw a card")
    return ""


def prompt(view: dict[str, Any], seat: str) -> str:
    """The viewer's status line when they owe a move of their own turn."""
    if view.get("pending"):
        return ""
    step = view.get("step")
    if view.get("phase") == "setup":
        return _("Your move: place five cards face down, one at each group")
    if step == "place":
        return _("Your move: place influence")
    if step == "second":
        return _("Your move: place the second card face up")
    if step == "placed":
        if view.get("action_played"):
            return _("Your move: refill your hand")
        return _("Your move: play an action card or refill your hand")
    if step == "passive":
        return _("Your move: refill your hand")
    return ""


def pending_text(view: dict[str, Any]) -> str:
    """The pending decision in words, for everyone (its action card and target are public)."""
    pending = view.get("pending")
    if not pending:
        return ""
    player = seat_label(pending.get("player"))
    current = seat_label(view.get("current"))
    kind = pending.get("kind")
    if kind == "veto":
        action = pending.get("action") or {}
        return _("%(current)s played %(card)s. The game waits for %(player)s: Veto or "
                 "not?") % {"current": current, "card": card_label(action.get("card")),
                            "player": player}
    if kind == "spy":
        return _("The game waits for %(player)s to name the card of %(other)s's hand that "
                 "is discarded.") % {"player": player, "other": seat_label(
                     OTHER.get(pending.get("player") or "", ""))}
    if kind == "castle":
        groups = pending.get("groups") or ["", ""]
        return _("The game waits for %(player)s to place the cards of the %(first)s and "
                 "the %(second)s again, face down.") % {
            "player": player, "first": group_label(groups[0]),
            "second": group_label(groups[-1])}
    if kind == "draw":
        return _("The game waits for %(player)s to draw a card.") % {"player": player}
    return ""


def _side(info: dict[str, Any], viewer: str | None, seat: str,
          open_seats: tuple[str, ...] = ()) -> dict[str, Any]:
    """One player's cards at one group: face-up cards, then face-down ones (their
    values only in their own view, or a finished game's review opened; backs for
    everyone else)."""
    up = [card(name) for name in info.get("up", [])]
    down_names = info.get("down")
    if down_names is not None and (viewer == seat or seat in open_seats):
        down = [card(name, down=True) for name in down_names]
    else:
        down = [{"owner": seat, "hidden": True, "down": True}
                for _ in range(info.get("down_count", 0))]
    return {"seat": seat, "up": up, "down": down, "count": len(up) + len(down)}


def touched_groups(events: list[dict[str, Any]]) -> set[str]:
    touched = set()
    for event in events:
        if event.get("group") in GROUPS:
            touched.add(event["group"])
        groups = event.get("groups")
        if isinstance(groups, (list, dict)):
            touched.update(group for group in groups if group in GROUPS)
    return touched


def table_context(view: dict[str, Any], viewer: str | None, bottom: str,
                  last_events: list[dict[str, Any]],
                  open_seats: tuple[str, ...] = ()) -> dict[str, Any]:
    """The groups, the piles and the vote cards, with ``bottom``'s side below;
    ``open_seats``: seats whose face-down cards the view holds and the table shows."""
    top = OTHER[bottom]
    touched = touched_groups(last_events)
    pending = view.get("pending") or {}
    castle = pending.get("groups", []) if pending.get("kind") == "castle" else []
    groups = []
    for name in GROUPS:
        info = view["groups"][name]
        top_side = _side(info[top], viewer, top, open_seats)
        bottom_side = _side(info[bottom], viewer, bottom, open_seats)
        totals = influence_shown(info, viewer, open_seats)
        left_out = uncounted(info, viewer, open_seats)
        won = {seat: view["players"][seat]["patricians"][name] for seat in SEATS}
        for side in (top_side, bottom_side):
            side["total"] = totals[side["seat"]]
            side["uncounted"] = left_out[side["seat"]]
            side["won"] = won[side["seat"]]
        if top_side["total"] == bottom_side["total"]:
            leader = ""
        else:
            leader = top if top_side["total"] > bottom_side["total"] else bottom
        groups.append({
            "name": name,
            "label": group_label(name),
            "patricians": info["patricians"],
            "size": info["size"],
            "cards": info["cards"],
            "closed": info["patricians"] == 0,
            "crowded": info["cards"] >= EXTRAORDINARY,
            "won": won,
            "top": top_side,
            "bottom": bottom_side,
            # Who leads by the influence shown (above).
            "leader": seat_label(leader) if leader else "",
            "leader_seat": leader,
            # The patricians still there, then the ones already won: one token each.
            "tokens": [True] * info["patricians"] + [False] * (info["size"] - info["patricians"]),
            "touched": name in touched,
            "castle": name in castle,
        })
    players = {}
    for seat in SEATS:
        info = view["players"][seat]
        players[seat] = {
            "seat": seat,
            "label": seat_label(seat),
            "hand": [card(name) for name in info["hand"]] if info["hand"] is not None else None,
            "hand_size": info["hand_size"],
            "backs": range(info["hand_size"]),
            "influence_pile": info["influence_pile_size"],
            "action_pile": info["action_pile_size"],
            "discard": [card(name) for name in info["discard"]],
            "bonus": bonus_label(info["bonus"]) if info["bonus"] else "",
            "won": sum(info["patricians"].values()),
            "score": (view.get("score") or {}).get(seat),
        }
    return {
        "cc_groups": groups,
        "cc_top": players[top],
        "cc_bottom": players[bottom],
        "cc_players": players,
        "cc_vote": {
            "deck": view.get("vote_deck_size", 0),
            "discard": [vote_label(name) for name in view.get("vote_discard", [])],
            "aside": [vote_label(name) for name in view.get("vote_aside", [])],
        },
        "cc_pending": pending_text(view),
        "cc_last": [capfirst(event_sentence(event)) for event in last_events],
    }


def board_context(context: dict[str, Any]) -> dict[str, Any]:
    """The table from the viewer's side (a spectator sits on Cleopatra's), the Spy's
    look at the other hand, and what the board's script needs."""
    payload, viewer = context["payload"], context["viewer"]
    view = payload["view"]
    bottom = viewer if viewer in SEATS else SEATS[0]
    extra = table_context(view, viewer, bottom, context.get("last_events") or [])
    for seat, player in context["players_by_seat"].items():
        extra["cc_players"].get(seat, {}).update({"p": player})
    spied = None
    if viewer in SEATS:
        other = view["players"][OTHER[viewer]]["hand"]
        if other is not None:  # only while this viewer's Spy looks at it
            spied = [card(name) for name in other]
    extra["cc_spied"] = spied
    extra["cc_viewer_hand"] = extra["cc_players"][viewer]["hand"] if viewer in SEATS else None
    context["game_data"].update({
        "phase": view["phase"],
        "step": view["step"],
        "pending": view["pending"],
        "opponent": OTHER.get(viewer or "", None),
        # The words of the kinds of card (a card's value is its own word).
        "cardLabels": {"P": card_label("CP"), **{kind: card_label(f"C-{kind}") for kind in (
            "assassination", "spy", "castling", "scout", "wrath", "veto")}},
        "groupLabels": {name: group_label(name) for name in GROUPS},
    })
    return extra


def replay_context(view: dict[str, Any], last_events: list[dict[str, Any]]) -> dict[str, Any]:
    return table_context(view, None, SEATS[0], last_events)


def js_strings() -> dict[str, str]:
    """The sentences of the board's script, translated here (placeholders: {name})."""
    return {
        "setup_pick": _("Place one card face down at each group: choose a card, then a group."),
        "setup_done": _("Place these five cards face down: {list}?"),
        "setup_reset": _("Start again"),
        "pick": _("Your move: choose a card of your hand, or pass."),
        "pick_none": _("Your move: no card of your hand can be played now, so you pass."),
        "pick_second": _("Place your second card face up: choose a card of your hand."),
        "pick_place": _("Choose a card of your hand to place."),
        "pick_group": _("{card}: choose face up or face down at a highlighted group."),
        # The second card of a turn goes face up: only the group is chosen.
        "pick_group_up": _("{card}: choose a highlighted group for it (face up)."),
        # At setup every card goes face down: only the group is chosen.
        "setup_group": _("{card}: choose a highlighted group for it (face down)."),
        "face_down": _("face down"),
        "face_up": _("face up"),
        "place_at": _("{card} at the {group}"),
        "confirm_place": _("Place {card} {face} at the {group}?"),
        "confirm_first_up": _("Place {card} face up at the {group}? A second card must follow "
                              "face up."),
        "action_targets": _("{card}: choose the target."),
        # What each action card does, under its prompt and the Veto question (a
        # newcomer met "Scout: choose the target." with no word of what a Scout does).
        "what_assassination": _("An Assassination removes one face-up influence card of the "
                                "player it is played against."),
        "what_spy": _("A Spy shows the hand of the player it is played against; the Spy's "
                      "player names one card of it to discard, and they draw another."),
        "what_castling": _("A Castling takes its player's influence cards at two groups and "
                           "places them again, face down, over those two groups."),
        "what_scout": _("A Scout turns face up, at one group, every face-down card of the "
                        "player it is played against."),
        "what_wrath": _("The Wrath of the Gods removes every influence card of both players "
                        "at one group."),
        "no_veto_held": _("You hold no Veto: it happens."),
        "target_card": _("against {target} at the {group}"),
        "target_group": _("at the {group}"),
        "target_groups": _("at the {first} and the {second}"),
        "target_spy": _("to look at the opponent's hand"),
        "confirm_action": _("Play {card} {target}? Your opponent may veto it."),
        "pass": _("Pass…"),
        "pass_pick": _("Passing: choose the cards you discard (at least one), then confirm."),
        "pass_send": _("Pass and discard {n}"),
        "confirm_pass": _("Pass and discard {list}?"),
        "draw_pick": _("Refill your hand: how many cards from each pile?"),
        "draw_one": _("Draw a card: from which pile?"),
        "draw_option": _("{influence} influence + {action} action"),
        "confirm_draw": _("Draw {influence} and {action}?"),
        # Plural forms for the script: English and Dutch both use "one" for 1 only.
        "influence_one": ngettext("{n} influence card", "{n} influence cards", 1),
        "influence_other": ngettext("{n} influence card", "{n} influence cards", 2),
        "action_one": ngettext("{n} action card", "{n} action cards", 1),
        "action_other": ngettext("{n} action card", "{n} action cards", 2),
        "veto_question": _("{card} was played against you. Veto it?"),
        "veto": _("Veto"),
        "no_veto": _("No veto"),
        "confirm_veto": _("Veto {card}? Both cards are discarded and you draw a card."),
        "confirm_no_veto": _("Let {card} happen?"),
        "spy_pick": _("Your Spy sees this hand: choose the card your opponent discards."),
        "confirm_spy": _("Make your opponent discard {card}?"),
        "castle_pick": _("Castling: put each card at one of the two groups (click a card to "
                         "move it), then confirm. At most 5 per group."),
        "castle_send": _("Place them face down"),
        "confirm_castle": _("Place face down: {list}?"),
        "not_legal": _("That distribution is not allowed."),
        "action_now": _("Play an action card"),
        "cancel_choice": _("Back"),
    }
