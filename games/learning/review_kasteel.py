"""Strijd om het Kasteel's review step: the walk of the move played and of the AI's move,
read from the engine's events (already redacted for the mover), as marks on the ring
and in words.

A Kasteel move designates one piece, and what it gains is where that piece ends and
what its walk caused (foes sent home, a castle target reached). Both walks are read
from the events of the engine applying the move to the same position: the dice come
from the seed by turn, so where both moves roll, both walk the same dice. The review
only exists once the game is over, when the seed is public (games.core.visibility);
dice the game never rolled are named in the words, so that a reader sees what the
AI's move's walk hung on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.boards.kasteel_log import piece_label, where


@dataclass
class Walk:
    """One move's walk: the piece, where it stood and ended (the engine's locations),
    the dice it walked and what it caused."""

    piece: str
    start: dict[str, Any] | None = None
    end: dict[str, Any] | None = None
    dice: list[list[int]] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    blocked: int | None = None
    on_target: bool = False
    #: Entered or stepped (a walk may also be stopped where it stands).
    moved: bool = False
    #: Doubles rolled and no walk after them: the choice is the next decision.
    pending: bool = False

    def destination(self) -> tuple[Any, ...] | None:
        """Where the walk ended, as the ring marks it: ("square", n) or
        ("castle", seat, place); None when the piece did not walk."""
        if self.end is None:
            return None
        if "castle" in self.end:
            return ("castle", int(self.piece.split(":")[0]), self.end["castle"])
        if "square" in self.end:
            return ("square", self.end["square"])
        return None


def walk_of(events: list[dict[str, Any]]) -> Walk | None:
    """The walk in one move's events; None for a move without a piece (a discard).
    A doubles decision's events name the piece only on its walk, after its dice."""
    found: Walk | None = None
    dice: list[list[int]] = []
    pending = entered = False
    for event in events:
        kind = event.get("type")
        piece = event.get("piece")
        if kind in ("roll", "dice"):
            dice.append(list(event.get("dice") or []))
            pending = kind == "roll" and bool(event.get("doubles"))
        if kind in ("play", "roll", "enter", "walk") and found is None and piece:
            found = Walk(str(piece))
        if found is None or piece != found.piece:
            continue
        if kind == "enter":
            entered = found.moved = True  # off the home row, even if no step follows
        elif kind == "walk":
            if found.start is None:
                found.start = {"home": 0} if entered else event.get("from")
            found.end = event.get("to")
            found.moved = found.moved or bool(event.get("path"))
            pending = False
        elif kind == "blocked":
            found.blocked = event.get("square")
        elif kind == "castle":
            found.on_target = bool(event.get("on_target"))
    if found is not None:
        found.dice, found.pending = dice, pending
        found.sent = [str(event.get("piece")) for event in events
                      if event.get("type") == "sent_home" and event.get("by") == found.piece]
    return found


def _dice_words(dice: list[list[int]]) -> str:
    pairs = [_("%(a)s and %(b)s") % {"a": pair[0], "b": pair[1]}
             for pair in dice if len(pair) == 2]
    return _("dice %(pairs)s") % {"pairs": _(", then ").join(pairs)} if pairs else ""


def walk_words(walk: Walk | None) -> str:
    """A walk in words: "Count (blue) from square 12 to square 18 (dice 2 and 4);
    sends Bandit (red) home"."""
    if walk is None:
        return ""
    piece = piece_label(walk.piece)
    if walk.pending and not walk.moved:
        text = _("%(piece)s rolls doubles: the choice comes next") % {"piece": piece}
    elif not walk.moved:
        text = _("%(piece)s cannot move from %(from)s") % {
            "piece": piece, "from": where(walk.start)}
    else:
        text = _("%(piece)s from %(from)s to %(to)s") % {
            "piece": piece, "from": where(walk.start), "to": where(walk.end)}
    dice = _dice_words(walk.dice)
    if dice:
        text += f" ({dice})"
    clauses = []
    if walk.blocked is not None:
        clauses.append(_("blocked at square %(square)s") % {"square": walk.blocked})
    if walk.on_target:
        clauses.append(_("on its castle target"))
    if walk.sent:
        clauses.append(_("sends %(pieces)s home") % {
            "pieces": ", ".join(piece_label(sent) for sent in walk.sent)})
    if walk.pending and walk.moved:
        clauses.append(_("rolls doubles again: the choice comes next"))
    return "; ".join([text, *clauses])


def best_words(walk: Walk | None, gained: float | None) -> str:
    """The AI's move's walk and what it gains by the AI's count (squares of progress
    more than the move played), e.g. "Best: Count (blue) from square 12 to square 18,
    3.5 squares of progress more by the AI's count"."""
    text = walk_words(walk)
    if not text:
        return ""
    if gained is None:
        return _("Best: %(walk)s") % {"walk": text}
    # A fraction of a square takes the plural, as one and a half squares do.
    return ngettext("Best: %(walk)s, %(n)s square of progress more by the AI's count",
                    "Best: %(walk)s, %(n)s squares of progress more by the AI's count",
                    1 if abs(gained) == 1 else 2) % {"walk": text, "n": gained}


def _piece_label(pick: str) -> str:
    return {"played": _("moved by the move played"), "best": _("moved by the AI's move"),
            "both": _("moved by the move played and the AI's move")}[pick]


def _end_label(pick: str) -> str:
    return {"played": _("where the move played ends"), "best": _("where the AI's move ends"),
            "both": _("where the move played and the AI's move end")}[pick]


def _picks(played: Any, best: Any) -> dict[Any, str]:
    picks = {} if played is None else {played: "played"}
    if best is not None:
        picks[best] = "both" if best == played else "best"
    return picks


def ring_picks(played: Walk | None, best: Walk | None) -> dict[str, dict[Any, dict[str, str]]]:
    """The ring's marks: each walking piece (by name) and each walk's end (a square
    number, or a castle place as ``(seat, place)``), with its kind ("played", "best"
    or "both") and its words for screen readers."""
    pieces = _picks(played.piece if played else None, best.piece if best else None)
    ends = _picks(played.destination() if played and played.moved else None,
                  best.destination() if best and best.moved else None)
    found: dict[str, dict[Any, dict[str, str]]] = {"pieces": {}, "squares": {}, "castles": {}}
    for name, pick in pieces.items():
        found["pieces"][name] = {"pick": pick, "label": _piece_label(pick)}
    for end, pick in ends.items():
        mark = {"pick": pick, "label": _end_label(pick)}
        if end[0] == "square":
            found["squares"][end[1]] = mark
        else:
            found["castles"][(end[1], end[2])] = mark
    return found
