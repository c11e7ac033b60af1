"""Druidenwalzer's part of the game page: the board's context, its status words and the
sentences of its script (static/js/game-druidenwalzer.js).

The context starts from the generic live context of games.pages.game, which
holds the viewer's payload (games.core.visibility): nothing else reaches the board.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.templatetags.druid_board import OTHER, SEATS


def prompt(view: dict[str, Any], seat: str) -> str:
    """The viewer's status line when they owe a move ("" : the generic "Your move")."""
    return _("Your move: place a druid") if view.get("phase") == "setup" else ""


def empty_tree_warning(payload: dict[str, Any]) -> str:
    """The mover's trees without cards are flipped at the end of the turn unless filled."""
    viewer, view = payload["viewer"], payload["view"]
    if viewer is None or viewer not in payload["to_move"] or view["phase"] != "play":
        return ""
    empty = [str(tree["tree"]) for tree in view["players"][viewer]["trees"]
             if not tree["flipped"] and tree["top"] is None]
    if not empty:
        return ""
    return ngettext(
        "Your tree %(trees)s has no cards: unless a card lands on it this turn, it is "
        "flipped at the end of your turn.",
        "Your trees %(trees)s have no cards: unless a card lands on them this turn, they "
        "are flipped at the end of your turn.", len(empty)) % {"trees": ", ".join(empty)}


def board_context(context: dict[str, Any]) -> dict[str, Any]:
    """The rows of the table (the viewer's at the bottom), the players' counts, the
    warning of an empty tree, and what the board's script needs."""
    payload, viewer = context["payload"], context["viewer"]
    view = payload["view"]
    players = context["players_by_seat"]
    for seat, player in players.items():
        info = view["players"].get(seat, {})
        player.update({
            "hand_size": info.get("hand_size", 0),
            "draw_pile_size": info.get("draw_pile_size", 0),
            "removed": player["removed"] or info.get("removed", []),
            "flipped": sum(1 for tree in info.get("trees", ()) if tree["flipped"]),
        })
    bottom = viewer if viewer in SEATS else SEATS[0]
    context["game_data"].update({
        "phase": view["phase"],
        "trees": view["players"][viewer]["trees"] if viewer else [],
    })
    return {
        "bottom": bottom,
        "top_player": players.get(OTHER[bottom]),
        "bottom_player": players.get(bottom),
        "warning": empty_tree_warning(payload),
    }


def js_strings() -> dict[str, str]:
    """The sentences of the board's script, translated here (placeholders: {name})."""
    return {
        "pick_druid": _("Place a druid: choose its colour."),
        "pick_place_tree": _("Choose one of your highlighted trees for the {colour} druid."),
        "confirm_place": _("Place the {colour} druid on tree {tree}?"),
        "pick_action": _("Your move: choose a card from your hand or one of your trees."),
        "pick_waltz_tree": _("{card}: choose a highlighted tree to waltz it on."),
        "withdraw_hand": _("Withdraw {card} to my cult board"),
        "confirm_waltz": _("Play {card} on tree {tree}?"),
        "waltz_hint": _("Every other visible {value} on a tree dances {steps} {direction}."),
        "step": _("step"),
        "steps": _("steps"),
        "clockwise": _("clockwise"),
        "counterclockwise": _("counterclockwise"),
        "confirm_withdraw_hand": _("Withdraw {card} from your hand to your cult board?"),
        "tree_actions": _("Tree {tree}: what do you want to do?"),
        "withdraw_tree": _("Withdraw its top card {card} to my cult board"),
        "confirm_withdraw_tree": _("Withdraw {card} (top of tree {tree}) to your cult board?"),
        "leap": _("Leap the {colour} druid to tree {to}"),
        "confirm_leap": _("Leap the {colour} druid from tree {from} to tree {to}?"),
        "pass": _("Pass"),
        "confirm_pass": _("Pass this turn? No other move is possible."),
        "play_here": _("play {card} here"),
        "purple": _("purple"),
        "orange": _("orange"),
        "black": _("black"),
        # The colour inside a sentence, before "druid" (Dutch inflects it).
        "adj_purple": pgettext("druid colour adjective", "purple"),
        "adj_orange": pgettext("druid colour adjective", "orange"),
        "adj_black": pgettext("druid colour adjective", "black"),
    }
