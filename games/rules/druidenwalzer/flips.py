"""Flipping trees, the end of the game, and the end of a turn.

Every function takes an ``events`` list or ``None``; with ``None`` no event
is built at all (the fast path a search uses), with a list the public events
are appended in the order things happen.
"""

from __future__ import annotations

from ..base import Event
from ..rng import derive_rng
from .constants import (
    CARD_CULT,
    CARD_NAMES,
    COLOURS,
    CULT_POSITION,
    FLIPS_TO_LOSE,
    HAND_SIZE,
    NO_DRUID,
    OVER,
    POSITION_NAMES,
    POSITION_OWNER,
    SEATS,
    TREE_NUMBER,
    TREE_POSITIONS,
)
from .state import State

END_REASON = "two_trees_flipped"


def flip_tree(state: State, position: int, reason: str, events: list[Event] | None) -> bool:
    """Flip (conquer) the tree at ``position``; True if that ends the game.

    Section 5: the druid moves to the owner's druid-free tree (if any), the
    signs go back to the supply, every card goes face-up to the cult board of
    its own cult (bottom first), and the tree leaves the ring.
    """
    owner = POSITION_OWNER[position]
    colour = state.druid[position]
    druid_move = None
    if colour != NO_DRUID:
        target = state.free_tree(owner, excluding=position)
        if target >= 0:
            state.druid[target] = colour
            state.druid[position] = NO_DRUID
            druid_move = (colour, target)
    state.signs[position] = 0
    stack = [*state.down[position], *state.up[position]]
    state.down[position] = ()
    state.up[position] = []
    up = state.up
    for card in stack:
        up[CULT_POSITION[CARD_CULT[card]]].append(card)
    state.flipped[position] = True

    if events is not None:
        events.append(
            {
                "type": "flip",
                "player": SEATS[owner],
                "tree": TREE_NUMBER[position],
                "position": POSITION_NAMES[position],
                "reason": reason,
                "cards": [
                    {"card": CARD_NAMES[card], "to": POSITION_NAMES[CULT_POSITION[CARD_CULT[card]]]}
                    for card in stack
                ],
                "druid": None
                if druid_move is None
                else {
                    "druid": COLOURS[druid_move[0]],
                    "from": POSITION_NAMES[position],
                    "to": POSITION_NAMES[druid_move[1]],
                },
            }
        )
    if state.flipped_count(owner) >= FLIPS_TO_LOSE:
        end_game(state, loser=owner, events=events)
        return True
    return False


def end_game(state: State, loser: int, events: list[Event] | None) -> None:
    """Section 6: the player with two flipped trees loses at once."""
    state.phase = OVER
    state.winner = 1 - loser
    state.to_move = None
    if events is not None:
        events.append(
            {
                "type": "game_over",
                "winner": SEATS[1 - loser],
                "loser": SEATS[loser],
                "reason": END_REASON,
            }
        )


def empty_trees(state: State, seat: int) -> list[int]:
    """The seat's unflipped trees without cards, tree 1 first."""
    up = state.up
    flipped = state.flipped
    return [p for p in TREE_POSITIONS[seat] if not flipped[p] and not up[p]]


def end_of_turn(
    state: State, seat: int, empty_at_start: list[int], turn: int, events: list[Event] | None
) -> None:
    """Section 4.4: flip trees that stayed empty, refill, pass the turn.

    ``empty_at_start`` are the mover's trees that had no cards before the
    action; ``turn`` is the number of the action (it seeds a reshuffle).
    """
    # Ruling (empty tree): a tree empty at the start of the turn and still
    # empty now is flipped, tree 1 first; the game may end at any flip.
    up = state.up
    for position in empty_at_start:
        if not state.flipped[position] and not up[position]:
            if flip_tree(state, position, "empty", events):
                return
    if not state.hand[seat]:
        refill(state, seat, turn, events)
    state.to_move = 1 - seat


def refill(state: State, seat: int, turn: int, events: list[Event] | None) -> None:
    """Draw up to 3 cards; an empty draw pile is replaced by the shuffled
    cult board. Ruling: with both exhausted the hand simply stays short."""
    hand = state.hand[seat]
    pile = state.draw[seat]  # top at the end
    drawn: list[int] = []
    for _ in range(HAND_SIZE):
        if not pile:
            board = state.up[CULT_POSITION[seat]]
            if not board:
                break
            _draw_event(seat, drawn, events)
            drawn = []
            # The shuffle is derived from the secret seed and the place in the
            # game, so a replay repeats it and no one can predict it.
            pile.extend(board)
            board.clear()
            derive_rng(state.seed, turn, SEATS[seat]).shuffle(pile)
            if events is not None:
                events.append({"type": "reshuffle", "player": SEATS[seat], "count": len(pile)})
        card = pile.pop()
        hand.append(card)
        drawn.append(card)
    _draw_event(seat, drawn, events)


def _draw_event(seat: int, drawn: list[int], events: list[Event] | None) -> None:
    """The draw's count is public; the card names only in the drawer's copy."""
    if events is not None and drawn:
        events.append(
            {
                "type": "draw",
                "player": SEATS[seat],
                "count": len(drawn),
                "secret": {SEATS[seat]: {"cards": [CARD_NAMES[card] for card in drawn]}},
            }
        )
