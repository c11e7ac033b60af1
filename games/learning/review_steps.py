"""The review page's decisions, one at a time, and the game's course around them.

A stored review (games.learning.review) holds, per decision, the AI's preferred move
and both estimates; the searches ran in the review's task. This module only replays
the game with the engine (no search, cheap) to show a decision as its mover met it:
the engine's view for the mover's seat just before the move, the move played and the
AI's move applied to that position, and the reply that followed. After the game, the
seed is public (games.core.visibility), so a reader may also open what was hidden
from the mover then: the other seats' hands and face-down cards, each taken from the
engine's view for that seat. Nothing here is shown for a game still running.

A flagged decision explains itself from the engine's events and state
(``explanation``): what the AI's move would have done, what the move played did, what
the opponent's reply then did, and a count the game keeps score by.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.core import catalog
from games.core.verify import new_game_options
from games.learning.hints import move_words
from games.models import Match, MoveRecord, Review
from games.rules import get_rules

#: Records that change a game's course without a move: marked on the curve and in the list.
TURNING_POINTS = (MoveRecord.Kind.RESIGN, MoveRecord.Kind.TIMEOUT, MoveRecord.Kind.DRAW_ACCEPT,
                  MoveRecord.Kind.CORRECT, MoveRecord.Kind.ANNUL, MoveRecord.Kind.RULING)
CURVE_WIDTH, CURVE_HEIGHT = 600, 160
#: Half the width of the column a click on the curve opens a dot's decision in, at most.
HIT_HALF = 6.0


def player_names(match: Match) -> dict[str, str]:
    """Each seat's player, by name (an AI player's account name too)."""
    return {seat.seat: seat.user.username for seat in match.seats.select_related("user")}


def _turning_words(kind: str, name: str) -> str:
    words = {
        MoveRecord.Kind.RESIGN: _("%(name)s resigned"),
        MoveRecord.Kind.TIMEOUT: _("%(name)s ran out of time"),
        MoveRecord.Kind.DRAW_ACCEPT: _("a draw was agreed"),
        MoveRecord.Kind.CORRECT: _("an admin corrected the result"),
        MoveRecord.Kind.ANNUL: _("an admin annulled the game"),
        MoveRecord.Kind.RULING: _("an admin ruled on a dispute"),
    }
    return words[kind] % {"name": name}


def turning_points(match: Match, names: dict[str, str]) -> list[dict[str, Any]]:
    """Resignations, timeouts, agreed draws and admins' decisions, each after the number
    of moves played before it (``after``)."""
    moves, found = 0, []
    for kind, seat, version in match.records.order_by("version").values_list(
            "kind", "seat", "version"):
        if kind == MoveRecord.Kind.MOVE:
            moves += 1
        elif kind in TURNING_POINTS:
            found.append({"kind": str(kind), "seat": seat or "", "after": moves,
                          "version": version,
                          "text": _turning_words(kind, names.get(seat, ""))})
    return found


def percent(value: float | None) -> int | None:
    return None if value is None else round(value * 100)


def overview(match: Match, found: Review, names: dict[str, str]) -> dict[str, Any]:
    """Every reviewed decision in the reader's words, the curve (one dot per decision,
    each a link to its step) and the turning points on both."""
    game = match.game
    decisions = []
    for entry in found.decisions:
        decisions.append({
            "n": entry["n"], "seat": entry["seat"], "player": names.get(entry["seat"], ""),
            "mark": entry.get("mark", ""),
            "text": move_words(game, entry["seat"], entry["move"], mover=False),
            "best_text": move_words(game, entry["seat"], entry["best"], mover=False),
            "same": entry["best"] == entry["move"],
            # The bar's geometry (0 at the top, 100 at the bottom).
            "after_gap": 100 - (percent(entry.get("after")) or 0),
            "best_y": max(0, 99 - (percent(entry.get("before")) or 0)),
            "before": percent(entry.get("before")), "after": percent(entry.get("after")),
            "unit": entry.get("unit", ""),
            "squares": (None if entry.get("unit") != "squares" else
                        round((entry.get("value_before") or 0) - (entry.get("value_after") or 0),
                              1)),
        })
    points = turning_points(match, names)
    first_points = []
    for point in points:  # listed after the last decision played before it
        earlier = [entry for entry in decisions if entry["n"] <= point["after"]]
        if earlier:
            earlier[-1].setdefault("turning_after", []).append(point)
        else:
            first_points.append(point)
    first = next(iter(sorted(names, key=lambda seat: _seat_order(match, seat))), "")
    return {"decisions": decisions, "turning": points, "turning_first": first_points,
            "first": first, "first_name": names.get(first, ""),
            "curve": _curve(decisions, points, max(found.total, 1), first)}


def _seat_order(match: Match, seat: str) -> int:
    info = catalog.find(match.game)
    names = list(info.seat_names) if info else []
    return names.index(seat) if seat in names else len(names)


#: Kasteel's curve: squares given up per decision, drawn down to this many.
SQUARES_SCALE = 16.0


def _curve(decisions: list[dict], points: list[dict], total: int, first: str) -> dict[str, Any]:
    """The first seat's chance after each decision (SVG coordinates), the dots to click
    and the turning points as vertical marks. A game without chances (Kasteel) draws
    the squares each decision gave up against the AI's move instead (``unit``)."""
    def x(n: float) -> float:
        return round(n / (total + 1) * CURVE_WIDTH, 1)

    squares = all(entry["after"] is None for entry in decisions)
    dots = []
    for entry in decisions:
        if squares:
            if entry["squares"] is None:
                continue
            height = 1 - min(max(entry["squares"], 0.0), SQUARES_SCALE) / SQUARES_SCALE
        elif entry["after"] is None:
            continue
        else:
            chance = entry["after"] / 100
            height = chance if entry["seat"] == first else 1 - chance
        dots.append({"n": entry["n"], "x": x(entry["n"]),
                     "y": round((1 - height) * CURVE_HEIGHT, 1), "mark": entry["mark"],
                     "player": entry["player"], "text": entry["text"]})
    _hit_columns(dots)
    marks = [{**point, "x": x(point["after"] + 0.5)} for point in points]
    return {"width": CURVE_WIDTH, "height": CURVE_HEIGHT, "dots": dots,
            "unit": "squares" if squares else "chance", "scale": round(SQUARES_SCALE),
            "line": " ".join(f"{dot['x']},{dot['y']}" for dot in dots), "marks": marks}


def _hit_columns(dots: list[dict[str, Any]]) -> None:
    """Give each dot the column a click opens it from (``hit_x``, ``hit_w``): at most
    HIT_HALF either side, and never into a neighbour's, so that in a long game, whose
    dots lie closer than that, a click on a dot opens that dot and not a later one."""
    for index, dot in enumerate(dots):
        left, right = dot["x"] - HIT_HALF, dot["x"] + HIT_HALF
        if index:
            left = max(left, (dots[index - 1]["x"] + dot["x"]) / 2)
        if index + 1 < len(dots):
            right = min(right, (dot["x"] + dots[index + 1]["x"]) / 2)
        dot["hit_x"], dot["hit_w"] = round(left, 2), round(right - left, 2)


@dataclass
class Moment:
    """A decision replayed: the position before the move (the whole state), the move's
    record, the events the move caused, and the next move of another seat."""

    state: Any
    record: MoveRecord
    played_events: list[dict[str, Any]]
    reply: MoveRecord | None
    reply_events: list[dict[str, Any]]
    state_after: Any


def replay(match: Match, number: int) -> Moment | None:
    """The game replayed up to its move ``number`` (1-based) and one reply beyond.
    None for a game still running (its seed is not public) or a number out of range."""
    if not match.is_over:
        return None
    rules = get_rules(match.game)
    moves = list(match.records.filter(kind=MoveRecord.Kind.MOVE).order_by("version"))
    if not 1 <= number <= len(moves):
        return None
    state = rules.new_game(match.seed, new_game_options(match.options))
    for record in moves[:number - 1]:
        state = rules.apply(state, record.move).state
    record = moves[number - 1]
    applied = rules.apply(state, record.move)
    reply, reply_events, after = None, [], applied.state
    for later in moves[number:]:
        step = rules.apply(after, later.move)
        if later.seat != record.seat:
            reply, reply_events = later, step.events
            break
        after = step.state
    return Moment(state, record, applied.events, reply, reply_events, applied.state)


def mover_view(match: Match, moment: Moment, reveal: bool) -> dict[str, Any]:
    """The mover's view before the move; with ``reveal`` (a finished game only) the
    other seats' hidden parts filled in from each one's own view."""
    rules = get_rules(match.game)
    seat = moment.record.seat
    view = rules.view(moment.state, seat)
    if not reveal or not match.is_over:
        return view
    view = copy.deepcopy(view)
    for other in rules.seats(moment.state):
        if other != seat:
            _open(match.game, view, rules.view(moment.state, other), other)
    return view


def _open(game: str, view: dict[str, Any], theirs: dict[str, Any], seat: str) -> None:
    """Copy ``seat``'s private parts from its own view ``theirs`` into ``view``."""
    if game == "druidenwalzer":
        view["players"][seat]["hand"] = theirs["players"][seat]["hand"]
    elif game == "caesar-cleopatra":
        view["players"][seat]["hand"] = theirs["players"][seat]["hand"]
        view["players"][seat]["bonus"] = theirs["players"][seat]["bonus"]
        for name, group in view["groups"].items():
            group[seat]["down"] = theirs["groups"][name][seat]["down"]
    elif game == "kasteel":
        index = int(seat)
        view["seats"][index]["hand"] = theirs["seats"][index]["hand"]


def opened_seats(match: Match, moment: Moment, reveal: bool) -> list[str]:
    """The seats whose private parts the drawn view holds."""
    rules = get_rules(match.game)
    if reveal and match.is_over:
        return list(rules.seats(moment.state))
    return [moment.record.seat]


def apply_best(match: Match, moment: Moment, best: dict[str, Any]) -> Any:
    """The AI's move applied to the position (its state and events); None if it is not
    legal there (a stored review from an older engine)."""
    rules = get_rules(match.game)
    try:
        return rules.apply(moment.state, best)
    except Exception:  # noqa: BLE001 - any refusal of the engine: no words, no claim
        return None


def tally(game: str, view: dict[str, Any], seat: str) -> dict[str, int] | None:
    """The count a game keeps score by, from ``seat``'s side of a view: Druidenwalzer's
    cult signs (on the other's trees: mine; on my trees: theirs) and flipped trees,
    Caesar & Cleopatra's patricians won. None for Kasteel (its AI speaks in squares)."""
    if game == "druidenwalzer":
        other = "sun" if seat == "moon" else "moon"
        players = view["players"]
        return {"mine": sum(t["signs"] for t in players[other]["trees"] if not t["flipped"]),
                "theirs": sum(t["signs"] for t in players[seat]["trees"] if not t["flipped"]),
                "my_flipped": sum(1 for t in players[seat]["trees"] if t["flipped"]),
                "their_flipped": sum(1 for t in players[other]["trees"] if t["flipped"])}
    if game == "caesar-cleopatra":
        other = "caesar" if seat == "cleopatra" else "cleopatra"
        players = view["players"]
        return {"mine": sum(players[seat]["patricians"].values()),
                "theirs": sum(players[other]["patricians"].values())}
    return None


def _tally_words(game: str, counts: dict[str, int]) -> str:
    if game == "druidenwalzer":
        return _("your signs on their trees: %(mine)s, theirs on yours: %(theirs)s; "
                 "flipped trees: yours %(my_flipped)s, theirs %(their_flipped)s") % counts
    return _("patricians won: you %(mine)s, they %(theirs)s") % counts


def explanation(match: Match, moment: Moment, entry: dict[str, Any],
                names: dict[str, str]) -> dict[str, Any]:
    """A decision in words from the engine: the AI's move's events, the played move's,
    the reply's, and the score count after each (``claims`` holds the figures)."""
    game = match.game
    info = catalog.find(game)
    summary = info.summary if info and info.summary else (lambda events: "")
    rules = get_rules(game)
    seat = moment.record.seat
    applied = apply_best(match, moment, entry["best"])
    best = applied.events if applied is not None else []
    redact = rules.redact_events
    lines = []
    if best and entry["best"] != entry["move"]:
        lines.append(_("The AI's move, %(move)s, would have done this: %(what)s.") % {
            "move": move_words(game, seat, entry["best"], mover=False),
            "what": summary(redact(best, seat))})
    lines.append(_("The move played, %(move)s: %(what)s.") % {
        "move": move_words(game, seat, entry["move"], mover=False),
        "what": summary(redact(moment.played_events, seat))})
    if moment.reply is not None:
        lines.append(_("It allowed %(name)s's reply: %(what)s.") % {
            "name": names.get(moment.reply.seat, ""),
            "what": summary(redact(moment.reply_events, seat))})
    claims: dict[str, Any] = {}
    after_best_state = None
    if applied is not None and entry["best"] != entry["move"]:
        after_best_state = applied.state
    counts = {"best": tally(game, rules.view(after_best_state, seat), seat)
              if after_best_state is not None else None,
              "played": tally(game, rules.view(moment.state_after, seat), seat)}
    if counts["played"] is not None:
        claims = counts
        if counts["best"] is not None and counts["best"] != counts["played"]:
            lines.append(_("After the AI's move: %(best)s. After the move played: "
                           "%(played)s.") % {"best": _tally_words(game, counts["best"]),
                                             "played": _tally_words(game, counts["played"])})
    if entry.get("unit") == "squares" and entry["best"] != entry["move"]:
        gained = round((entry.get("value_before") or 0) - (entry.get("value_after") or 0), 1)
        claims = {"squares": gained}
        lines.append(ngettext(
            "The AI's move would have gained %(n)s square of progress more, by its count.",
            "The AI's move would have gained %(n)s squares of progress more, by its count.",
            max(1, round(abs(gained)))) % {"n": gained})
    return {"lines": lines, "claims": claims, "best_events": best}
