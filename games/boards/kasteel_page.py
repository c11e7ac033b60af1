"""Strijd om het Kasteel's part of the game page: the board's context, its status
words and the sentences of its script (static/js/game-kasteel.js).

The context starts from the generic live context of games.pages.game, which
holds the viewer's payload (games.core.visibility): nothing else reaches the board.
The viewer's hand is in the view only for the viewer's own seat.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.boards import kasteel_ring
from games.boards.kasteel_log import card_label, colour, piece_label, seat_label

#: The words of the zoom buttons (static/js/kasteel-zoom.js), on the game page and the replay.
ZOOM_KEYS = ("zoom_in", "zoom_out", "zoom_bar", "centre_mine", "centre_first", "whole_board",
             "zoom_hint")

#: How many cards of the discard pile are drawn face up (the rest is counted).
DISCARD_SHOWN = 12


def prompt(view: dict[str, Any], seat: str) -> str:
    """The viewer's status line when they owe a move ("" : the generic "Your move")."""
    if view.get("phase") == "setup":
        return _("Your move: put your next piece into your home row")
    pending = view.get("pending")
    if pending:
        die = pending["dice"][0]
        return _("Doubles (%(die)s and %(die)s): walk the total or one die?") % {"die": die}
    return ""


def decision(view: dict[str, Any], seat: str) -> str:
    """The doubles decision owed by the seat on turn."""
    return _("walk the total or one die?") if view.get("pending") else ""


def card(name: str) -> dict[str, Any]:
    kind, _sep, seat = name.partition("/")
    fill, ink = colour(seat)[1:]
    return {"name": name, "kind": kind, "seat": seat, "fill": fill, "ink": ink,
            "label": card_label(name)}


def cards_context(view: dict[str, Any], viewer: str | None) -> dict[str, Any]:
    """The viewer's hand (their own view only) and the face-up discard pile, top first."""
    own = view["seats"][int(viewer)] if viewer is not None else None
    hand = [card(name) for name in (own or {}).get("hand") or []]
    discard = [card(name) for name in reversed(view.get("discard") or [])]
    return {"hand": hand, "discard_top": discard[:DISCARD_SHOWN],
            "discard_rest": len(discard[DISCARD_SHOWN:]), "discard_size": len(discard)}


def _labels(legal: list[dict], hand: list[dict],
            pending: dict | None = None) -> dict[str, dict[str, str]]:
    """The words of the pieces and cards the legal moves name, for the script;
    the doubles decision's piece too (its moves name only the choice)."""
    pieces = {move["piece"]: piece_label(move["piece"]) for move in legal if "piece" in move}
    if pending and pending.get("piece"):
        pieces[pending["piece"]] = piece_label(pending["piece"])
    cards = {item["name"]: item["label"] for item in hand}
    for move in legal:
        for key in ("card", "number"):
            if move.get(key):
                cards[move[key]] = card_label(move[key])
    return {"pieces": pieces, "cards": cards}


def board_context(context: dict[str, Any]) -> dict[str, Any]:
    """The ring, the list view, the turn order, the cards and what the script needs."""
    payload, viewer = context["payload"], context["viewer"]
    view = payload["view"]
    players = context["players_by_seat"]
    for seat, player in players.items():
        info = view["seats"][int(seat)] if seat.isdigit() and int(seat) < view["players"] else {}
        fill, ink = colour(seat)[1:]
        player.update({"hand_size": info.get("hand_size", 0), "fill": fill, "ink": ink})
    cards = cards_context(view, viewer)
    pending = view.get("pending")
    labels = _labels(payload["legal_moves"], cards["hand"], pending)
    context["game_data"].update({
        "phase": view["phase"],
        "pending": pending,
        # Joker and Jack wait until every player has had a turn: the discard's reason
        # names them only then.
        "first_round": bool(view.get("first_round")),
        "pieces": labels["pieces"],
        "cards": labels["cards"],
    })
    order = kasteel_ring.turn_order(view)
    for entry in order:
        entry["player"] = (players.get(str(entry["seat"])) or {}).get("player", "")
    return {
        "kboard": kasteel_ring.board(view, context.get("last_events"),
                                     bottom=int(viewer) if viewer is not None else 0),
        "seat_rows": kasteel_ring.seat_rows(view, players),
        "turn_order": order,
        "kcards": cards,
        "pending_piece": piece_label(pending["piece"]) if pending else "",
        "pending_card": card_label(pending["card"]) if pending else "",
        "viewer_label": seat_label(viewer) if viewer is not None else "",
    }


def js_strings() -> dict[str, str]:
    """The sentences of the board's script, translated here (placeholders: {name})."""
    return {
        "pick_place": _("Setup: which piece goes next into your home row?"),
        # Why the order matters (a newcomer put the Bandit first and could play no
        # card on their first turn).
        "place_why": _("Only the first piece of your home row can enter the ring, and "
                       "only with its own piece card (or, after the first round, a "
                       "Joker): the piece you put in first is the first to play."),
        "confirm_place": _("Put {piece} into the next place of your home row?"),
        "pick_card": _("Your move: choose a card from your hand."),
        "pick_piece": _("{card}: which piece walks?"),
        "pick_number": _("{card} for {piece}: roll the dice, or walk exactly a number card?"),
        "roll": _("Roll the dice"),
        "number": _("Walk {number}"),
        "confirm_roll": _("Play {card} for {piece} and roll the dice?"),
        "confirm_number": _("Play {card} with {number}: {piece} walks exactly {steps}?"),
        "doubles": _("Doubles ({die} and {die}) for {piece}: walk the total or one die?"),
        "total": _("Walk the total ({total})"),
        "one": _("Walk one die ({die}) and roll again"),
        "confirm_total": _("Walk {piece} {total} steps?"),
        "confirm_one": _("Walk {piece} {die} steps and roll again?"),
        "discard": _("Discard my hand"),
        "confirm_discard": _("None of your cards can be played: a card needs a piece that "
                             "can walk (the first of your home row, or one on the ring). "
                             "The rules then make discarding your whole hand your turn. "
                             "Discard it?"),
        "confirm_discard_first": _("None of your cards can be played: a card needs a piece "
                                   "that can walk (the first of your home row, or one on the "
                                   "ring), and Joker and Jack wait until everyone has had a "
                                   "turn. The rules then make discarding your whole hand your "
                                   "turn. Discard it?"),
        "back": _("Back"),
        "zoom_in": _("Zoom in"),
        "zoom_out": _("Zoom out"),
        "zoom_bar": _("Zoom and move the board"),
        "centre_mine": _("Centre on my seat"),
        "centre_first": _("Centre on the bottom seat"),
        "whole_board": _("Whole board"),
        "zoom_hint": _("Drag to move; wheel or pinch to zoom."),
    }
