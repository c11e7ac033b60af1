"""One decision of the review page: its board as the mover saw it, drawn by each game's
own board code (games/boards/, games/templatetags/), with the move played and the AI's
move marked where the drawing allows, the hands, the win-chance bar and the words
(games.learning.review_steps). Only the engine's views reach the board."""

from __future__ import annotations

from typing import Any

from games.boards import kasteel_ring
from games.boards.caesar_cleopatra_page import table_context, touched_groups
from games.boards.kasteel_page import card as kasteel_card
from games.learning import review_kasteel, review_steps
from games.learning.review_steps import Moment
from games.models import Match, MoveRecord
from games.rules import get_rules
from games.templatetags.druid_board import board_context as druid_board_context
from games.templatetags.druid_board import card as druid_card
from games.templatetags.druid_board import last_marks


def _action(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The move's own first event (the action), without what it caused."""
    return [event for event in events if event.get("type") != "turn"][:1]


def _picks(played: set, best: set) -> dict[Any, str]:
    picks = {place: "played" for place in played}
    for place in best:
        picks[place] = "both" if place in played else "best"
    return picks


def _previous_events(match: Match, moment: Moment, seat: str) -> list[dict[str, Any]]:
    """The last move before the decision, as the mover saw it (the board's last move)."""
    record = (match.records.filter(kind=MoveRecord.Kind.MOVE,
                                   version__lt=moment.record.version)
              .order_by("-version").first())
    if record is None:
        return []
    return get_rules(match.game).redact_events(record.events, seat)


def board(match: Match, moment: Moment, view: dict[str, Any], best_events: list[dict],
          opened: list[str], names: dict[str, str]) -> dict[str, Any]:
    """What the step's board template of ``match.game`` needs, and each known hand."""
    rules = get_rules(match.game)
    seat = moment.record.seat
    played = rules.redact_events(moment.played_events, seat)
    hands: list[dict[str, Any]] = []
    slug = match.game.replace("-", "_")
    context: dict[str, Any] = {"template": f"games/review/board_{slug}.html",
                               "hand_template": f"games/review/hand_{slug}.html"}
    if match.game == "druidenwalzer":
        picks = _picks(last_marks(_action(played))["last"],
                       last_marks(_action(best_events))["last"] if best_events else set())
        context["dw"] = druid_board_context(view, seat, _previous_events(match, moment, seat),
                                            "review-board", picks)
        for name, info in view["players"].items():
            if info.get("hand") is not None:
                hands.append({"seat": name, "cards": [druid_card(c) for c in info["hand"]]})
    elif match.game == "caesar-cleopatra":
        table = table_context(view, seat, seat, _previous_events(match, moment, seat),
                              tuple(opened))
        picks = _picks(touched_groups(_action(played)),
                       touched_groups(_action(best_events)) if best_events else set())
        for group in table["cc_groups"]:
            group["pick"] = picks.get(group["name"], "")
        context["t"] = table
        for name, info in table["cc_players"].items():
            if info["hand"] is not None:
                hands.append({"seat": name, "cards": info["hand"]})
    elif match.game == "kasteel":
        # The ring draws the path of the move played (its "last move" marks), and
        # rings the piece and the end of the move played and of the AI's move.
        context["kb"] = kasteel_ring.board(view, played, "review-board")
        walks = review_kasteel.walk_of(played), (
            review_kasteel.walk_of(rules.redact_events(best_events, seat))
            if best_events else None)
        kasteel_ring.mark_picks(context["kb"], review_kasteel.ring_picks(*walks))
        context["walks"] = walks
        context["rows"] = kasteel_ring.seat_rows(
            view, {str(i): {"player": names.get(str(i), "")} for i in range(len(view["seats"]))})
        for index, info in enumerate(view["seats"]):
            if info.get("hand") is not None:
                hands.append({"seat": str(index),
                              "cards": [kasteel_card(c) for c in info["hand"]]})
    for hand in hands:
        hand["player"] = names.get(hand["seat"], "")
        hand["own"] = hand["seat"] == seat
    hands.sort(key=lambda hand: not hand["own"])
    context["hands"] = hands
    return context


def _walk_words(drawn: dict[str, Any], entry: dict[str, Any]) -> dict[str, str]:
    """Kasteel's walks in words, beside the moves: where the piece of the move played
    went, and where the AI's went and what it gains by the AI's count."""
    if "walks" not in drawn:
        return {}
    played, best = drawn["walks"]
    found = {"played": review_kasteel.walk_words(played)}
    if entry["best"] != entry["move"]:
        gained = None
        if entry.get("unit") == "squares":
            gained = round((entry.get("value_before") or 0) - (entry.get("value_after") or 0), 1)
        found["best"] = review_kasteel.best_words(best, gained)
    return found


def step_context(match: Match, decisions: list[dict[str, Any]], stored: list[dict[str, Any]],
                 number: int, reveal: bool, names: dict[str, str]) -> dict[str, Any] | None:
    """The context of decision ``number`` (a move number with a review entry)."""
    index = next((i for i, entry in enumerate(stored) if entry["n"] == number), None)
    if index is None:
        return None
    moment = review_steps.replay(match, number)
    if moment is None:
        return None
    entry = stored[index]
    reveal = reveal and match.is_over
    view = review_steps.mover_view(match, moment, reveal)
    opened = review_steps.opened_seats(match, moment, reveal)
    words = review_steps.explanation(match, moment, entry, names)
    mover = moment.record.seat
    drawn = board(match, moment, view, words["best_events"], opened, names)
    return {
        "d": decisions[index],
        "board": drawn,
        "walk_words": _walk_words(drawn, entry),
        "words": words["lines"],
        "reveal": reveal,
        "mover": mover,
        "mover_name": names.get(mover, ""),
        "position": index + 1,
        "count": len(stored),
        "first_n": stored[0]["n"],
        "last_n": stored[-1]["n"],
        "prev_n": stored[index - 1]["n"] if index > 0 else None,
        "next_n": stored[index + 1]["n"] if index + 1 < len(stored) else None,
    }
