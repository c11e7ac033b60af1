"""The Strijd om het Kasteel tutorial: the home order placed piece by piece, then
the engine's shortest way to the player's first capture."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.rules import get_rules

from .script_parts import Events, Lesson, Move, Step, Tutorial, exactly, sentences


def _k_reason(rank: str) -> str:
    """Why a piece goes where it does in the home order: what its rank does."""
    reasons = {
        "K": _("The King has the highest rank: on a shared square it stands at the front "
               "of the line."),
        "D": _("Your pieces enter the castle in this home order: a piece whose turn has "
               "not come walks past the entrance and goes round the ring again. So the "
               "order is your plan: the pieces you move first go first."),
        "C": _("Pieces on one square stand in a line by rank, highest in front; a piece "
               "on its own start square can be passed only by a higher rank."),
        "B": _("Only the first piece of your home row can enter the board: the rest wait "
               "behind it in this order."),
        "P": _("A captured piece goes back to the end of your home row, but its castle "
               "turn stays the one of this home order."),
        "S": _("The Sheriff sends home a foe's Bandit that it passes or reaches, even one "
               "on its own start square."),
        "X": _("The Bandit robs: every foe it passes or reaches goes home. On its own "
               "start square no one but a Sheriff can pass it."),
    }
    return reasons.get(rank, "")


def _k_place(first_one: bool) -> Lesson:
    def lesson(move: Move, events: Events) -> str:
        from games.boards.kasteel_log import piece_label
        piece = {"piece": piece_label(move["piece"])}
        reason = _k_reason(str(move["piece"]).split(":")[-1])
        if first_one:
            text = _("Put your pieces in your home one by one. This order is also the order "
                     "in which they must enter your castle: the first takes the deepest "
                     "place. Start with %(piece)s.") % piece
        else:
            text = _("Next: %(piece)s.") % piece
        return f"{text} {reason}".strip()
    return lesson


def _k_move(move: Move, events: Events) -> str:
    from games.boards.kasteel_log import card_label, piece_label
    return _("Play %(card)s: it moves %(piece)s, the first piece of your home row: it "
             "enters on your start square and walks from there. Without a number card two "
             "dice decide how far (on doubles you may walk one die and roll again); with "
             "a number card it walks exactly that number.") % {
        "card": card_label(move["card"]), "piece": piece_label(move["piece"])}


def _k_capture(move: Move, events: Events) -> str:
    """The capture, told from the engine's events: who was sent home, by whom, and why."""
    sent = [event for event in events if event.get("type") == "sent_home"]
    happened = sentences("kasteel", events, skip=("play", "sent_home"))
    text = _k_move(move, events)
    if happened:
        text += " " + capfirst("; ".join(happened)) + "."
    if sent:
        text += " " + capfirst("; ".join(sentences("kasteel", sent))) + ". " + _(
            "That is a capture: your Bandit robs every foe it passes or reaches, and the "
            "robbed piece goes back to the end of its home row and must walk the whole "
            "way again. Beware the foe's Sheriff: it sends your Bandit home the same way.")
    return text


def _k_discard(move: Move, events: Events) -> str:
    from games.boards.kasteel_log import card_label
    cards = next((event.get("cards") or [] for event in events
                  if event.get("type") == "discard"), [])
    return _("None of your cards can be played, so you must discard your whole hand "
             "(%(cards)s): that is your turn. Why: a piece card moves only a piece that can "
             "walk, and at the start that is only the first piece of your home row; a "
             "number card never goes alone; Joker and Jack wait until everyone has had a "
             "turn. Discarding is never allowed while a card can be played.") % {
        "cards": ", ".join(card_label(card) for card in cards)}


#: The home order of both sides in the script: the Bandit first, so that the first
#: turns on the ring end in a capture the tutorial can show and explain.
K_HOME_ORDER = "XSKDCBP"


def _k_in_home_order(moves: list[Move]) -> Move:
    rank = {letter: index for index, letter in enumerate(K_HOME_ORDER)}
    return min(moves, key=lambda m: rank.get(str(m.get("piece", "")).split(":")[-1], 99))


KASTEEL = Tutorial(
    game="kasteel", seed=5, seat="0", options=(("players", 2), ("limit", 1)),
    steps=(),  # filled below: the placements alternate from the first player
)
#: How far the script looks for the player's first capture (decisions after the setup).
K_CAPTURE_DEPTH = 10


def _kasteel_steps() -> tuple[Step, ...]:
    rules = get_rules("kasteel")
    state = rules.new_game(KASTEEL.seed, KASTEEL.new_game)
    steps: list[Step] = []
    taught = False
    while rules.to_json(state)["phase"] == "setup":
        mine = KASTEEL.seat in rules.owed_by(state)
        steps.append(Step(_k_in_home_order, _k_place(not taught) if mine else None))
        taught = taught or mine
        state = rules.apply(state, _k_in_home_order(rules.legal_moves(state))).state
    # Then the shortest way (the engine's moves in their legal order) to a walk of the
    # player's in which one of their pieces sends a foe home.
    for seat, move, events in _k_to_capture(rules, state):
        if seat != KASTEEL.seat:
            steps.append(Step(exactly(move)))
        elif any(event.get("type") == "sent_home" for event in events):
            steps.append(Step(exactly(move), _k_capture))
        elif move["type"] == "discard":
            steps.append(Step(exactly(move), _k_discard))
        else:
            steps.append(Step(exactly(move), _k_move))
    return tuple(steps)


def _k_to_capture(rules: Any, start: Any) -> list[tuple[str, Move, Events]]:
    """The moves from ``start`` to the player's first capture, breadth first."""
    from collections import deque

    queue: deque = deque([(start, [])])
    while queue:
        state, path = queue.popleft()
        owed = rules.owed_by(state)
        if not owed or len(path) >= K_CAPTURE_DEPTH:
            continue
        for move in rules.legal_moves(state):
            applied = rules.apply(state, move)
            step = (owed[0], move, applied.events)
            if owed[0] == KASTEEL.seat and any(
                    event.get("type") == "sent_home"
                    and str(event.get("by", "")).startswith(f"{KASTEEL.seat}:")
                    for event in applied.events):
                return [*path, step]
            queue.append((applied.state, [*path, step]))
    return []


@lru_cache(maxsize=1)
def with_kasteel_steps() -> Tutorial:
    """The Kasteel tutorial with its steps (found by the engine once per process)."""
    return Tutorial(KASTEEL.game, KASTEEL.seed, KASTEEL.seat, _kasteel_steps(), KASTEEL.options)
