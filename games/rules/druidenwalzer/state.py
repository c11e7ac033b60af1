"""The engine's internal state: a handful of flat lists of small ints.

Why this shape: a search copies a state at every node, so a copy must be a
few list slices; the rules look at "what lies at ring position p", so the
board is indexed by ring position (0..9, see ``constants``) with the two cult
boards stored like trees that only ever hold a face-up pile. Cards are ints
(``constants.CARD_NAMES`` translates), colours 0..2 with -1 for "no druid",
seats 0 (moon) and 1 (sun).
"""

from __future__ import annotations

from ..common import SlotState, copy_list
from .constants import (
    CULT_POSITION,
    NO_DRUID,
    RING_SIZE,
    SETUP,
    TREE_POSITIONS,
)

DEFAULT_SEED = 0
"""The seed of a state given without one (see docs/druidenwalzer-engine.md)."""


class State(SlotState):
    """One position of a game of Druidenwalzer, between two actions.

    Board lists are indexed by ring position; for the cult boards (positions
    4 and 9) ``up`` is the cult-board pile and ``down`` stays empty.

    - ``down[p]``: face-down cards, bottom to top, as a TUPLE: face-down
      cards only ever leave (turned up or flipped away), so the stacks are
      replaced rather than changed and a copy can share them.
    - ``up[p]``: face-up cards, bottom to top; the visible card is ``up[p][-1]``.
    - ``druid[p]``: colour 0..2 or -1; ``signs[p]``: opponent's cult signs;
      ``flipped[p]``: the tree has been conquered and left the ring.
    - ``hand[seat]``: cards in hand, in the order they were drawn.
    - ``draw[seat]``: the draw pile with its TOP AT THE END (``pop()`` draws);
      the JSON codec reverses it to the rules' top-first order.
    - ``removed[seat]``: handicap values, a tuple (never changes in play).
    """

    __slots__ = (
        "phase",
        "to_move",
        "winner",
        "turn",
        "seed",
        "down",
        "up",
        "druid",
        "signs",
        "flipped",
        "hand",
        "draw",
        "removed",
    )

    def __init__(self) -> None:
        self.phase: int = SETUP
        self.to_move: int | None = 0
        self.winner: int | None = None
        self.turn: int = 0
        self.seed: int = DEFAULT_SEED
        self.down: list[tuple[int, ...]] = [()] * RING_SIZE
        self.up: list[list[int]] = [[] for _ in range(RING_SIZE)]
        self.druid: list[int] = [NO_DRUID] * RING_SIZE
        self.signs: list[int] = [0] * RING_SIZE
        self.flipped: list[bool] = [False] * RING_SIZE
        self.hand: list[list[int]] = [[], []]
        self.draw: list[list[int]] = [[], []]
        self.removed: list[tuple[int, ...]] = [(), ()]

    def copy(self) -> State:
        """An independent copy (the cheap operation a search relies on)."""
        new = State.__new__(State)
        new.phase = self.phase
        new.to_move = self.to_move
        new.winner = self.winner
        new.turn = self.turn
        new.seed = self.seed
        new.down = self.down[:]  # tuples inside: safe to share
        new.up = list(map(copy_list, self.up))
        new.druid = self.druid[:]
        new.signs = self.signs[:]
        new.flipped = self.flipped[:]
        new.hand = [self.hand[0][:], self.hand[1][:]]
        new.draw = [self.draw[0][:], self.draw[1][:]]
        new.removed = self.removed  # set up once, never changed in play: shared
        return new

    def __repr__(self) -> str:
        return f"<druidenwalzer State phase={self.phase} to_move={self.to_move} turn={self.turn}>"

    # -- small queries shared by the rules modules ---------------------------
    def flipped_count(self, seat: int) -> int:
        flipped = self.flipped
        return sum(1 for position in TREE_POSITIONS[seat] if flipped[position])

    def free_tree(self, seat: int, excluding: int = -1) -> int:
        """The seat's unflipped tree without a druid (not ``excluding``), or -1."""
        for position in TREE_POSITIONS[seat]:
            if (
                position != excluding
                and not self.flipped[position]
                and self.druid[position] == NO_DRUID
            ):
                return position
        return -1

    def druid_position(self, seat: int, colour: int) -> int:
        """Where ``seat``'s druid of ``colour`` stands, or -1."""
        druid = self.druid
        for position in TREE_POSITIONS[seat]:
            if druid[position] == colour:
                return position
        return -1

    def top_value(self, position: int) -> int:
        """Value of the visible card at a position; 0 for an empty stack."""
        stack = self.up[position]
        if stack:
            return stack[-1] % 10 // 2 + 1
        return 0

    def cult_board(self, seat: int) -> list[int]:
        return self.up[CULT_POSITION[seat]]
