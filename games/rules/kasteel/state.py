"""The engine's internal state: flat lists of small ints.

Why this shape: a playout or a search copies a state at every move, so a
copy is a few list slices; the rules keep asking "where is piece p" and
"who stands on square q, in which order", so both are stored: ``loc`` per
piece and ``lines`` per occupied square (front first). See ``constants``
for how pieces, cards and locations are numbered.
"""

from __future__ import annotations

from ..common import SlotState, copy_list
from .constants import (
    CASTLE,
    HOME,
    NOWHERE,
    PIECES,
    SETUP,
    SQUARES_PER_SEAT,
    partner_of,
)

DEFAULT_SEED = 0
"""The seed of a state given without one (the conformance command's
``apply --seed S`` sets it)."""


class State(SlotState):
    """One position of a game, between two moves.

    - ``pending``: ``None`` or ``(piece, card, die)`` after doubles ``die, die``.
    - ``roll``: ``None`` or ``(first, second)``, the dice of the last move.
    - ``turn_rolls``: dice rolls made so far in the turn under way (the
      ``n`` of ``derive_rng(seed, turn, "roll", n)``).
    - ``deck``: top first; never changed in place (a deal replaces it), so a
      copy shares it. ``discard``: bottom to top.
    - ``order[seat]``: the home order, a tuple of ranks; ``oidx[piece]``: the
      piece's index in it (-1 while unplaced); both replaced, never changed.
    - ``home[seat]``: the home row, pieces front first.
    - ``loc[piece]``: square, ``HOME``, ``NOWHERE`` or ``CASTLE + place``.
    - ``lines[square]``: the pieces on an occupied square, front first (a
      square without pieces has no key).
    - ``done[seat]``: how many pieces of the home order stand on their
      targets (the next one's turn to enter has come).
    - ``first_rolls``: the rounds of dice for the first player, each a tuple
      of ``(seat, die)``.
    """

    __slots__ = (
        "n",
        "teams",
        "limit",
        "seed",
        "phase",
        "to_move",
        "pending",
        "roll",
        "turn",
        "turn_rolls",
        "dealer",
        "deal",
        "cycle",
        "deck",
        "discard",
        "hands",
        "order",
        "oidx",
        "home",
        "loc",
        "lines",
        "done",
        "finished",
        "winners",
        "scores",
        "first_rolls",
    )

    def __init__(self, n: int = 2, teams: bool = False, limit: int | None = None) -> None:
        self.n = n
        self.teams = teams
        self.limit = limit
        self.seed = DEFAULT_SEED
        self.phase = SETUP
        self.to_move: int | None = 0
        self.pending: tuple[int, int, int] | None = None
        self.roll: tuple[int, int] | None = None
        self.turn = 0
        self.turn_rolls = 0
        self.dealer = 0
        self.deal = 0
        self.cycle = 1
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.order: list[tuple[int, ...]] = [() for _ in range(n)]
        self.oidx: tuple[int, ...] = (-1,) * (PIECES * n)
        self.home: list[list[int]] = [[] for _ in range(n)]
        self.loc: list[int] = [NOWHERE] * (PIECES * n)
        self.lines: dict[int, list[int]] = {}
        self.done: list[int] = [0] * n
        self.finished: list[int] = []
        self.winners: list[int] = []
        self.scores: list[int] | None = None
        self.first_rolls: tuple[tuple[tuple[int, int], ...], ...] = ()

    def copy(self) -> State:
        """An independent copy (the cheap operation playouts rely on)."""
        new = State.__new__(State)
        new.n = self.n
        new.teams = self.teams
        new.limit = self.limit
        new.seed = self.seed
        new.phase = self.phase
        new.to_move = self.to_move
        new.pending = self.pending
        new.roll = self.roll
        new.turn = self.turn
        new.turn_rolls = self.turn_rolls
        new.dealer = self.dealer
        new.deal = self.deal
        new.cycle = self.cycle
        new.deck = self.deck  # replaced, never changed: shared
        new.discard = self.discard[:]
        new.hands = list(map(copy_list, self.hands))
        new.order = self.order[:]
        new.oidx = self.oidx
        new.home = list(map(copy_list, self.home))
        new.loc = self.loc[:]
        new.lines = {square: line[:] for square, line in self.lines.items()}
        new.done = self.done[:]
        new.finished = self.finished[:]
        new.winners = self.winners[:]
        new.scores = self.scores
        new.first_rolls = self.first_rolls
        return new

    def __repr__(self) -> str:
        return (
            f"<kasteel State players={self.n} phase={self.phase} "
            f"to_move={self.to_move} turn={self.turn}>"
        )

    # -- small queries shared by the rules modules ---------------------------
    @property
    def in_setup(self) -> bool:
        return self.phase == SETUP

    @property
    def first_round(self) -> bool:
        return self.turn < self.n

    def partner(self, seat: int) -> int:
        return partner_of(seat, self.n, self.teams)

    def is_foe(self, seat: int, other: int) -> bool:
        """Whether ``other``'s pieces are foes of ``seat``'s pieces."""
        if seat == other:
            return False
        return not (self.teams and other == (seat + self.n // 2) % self.n)

    def target(self, piece: int) -> int:
        """The castle place the piece must reach (8 - k for the k-th of the order)."""
        return PIECES - self.oidx[piece]

    def on_target(self, piece: int) -> bool:
        return self.loc[piece] == CASTLE + PIECES - self.oidx[piece]

    def can_walk(self, piece: int) -> bool:
        """On the ring, in its castle short of its target, or first of its home row."""
        loc = self.loc[piece]
        if loc >= CASTLE:
            return loc - CASTLE < PIECES - self.oidx[piece]
        if loc >= 0:
            return True
        if loc == HOME:
            row = self.home[piece // PIECES]
            return bool(row) and row[0] == piece
        return False

    def castle_value(self, seat: int) -> int:
        """The values of the seat's pieces on castle places (on target or not)."""
        loc = self.loc
        base = seat * PIECES
        return sum(PIECES - rank for rank in range(PIECES) if loc[base + rank] >= CASTLE)

    def start_square(self, seat: int) -> int:
        return SQUARES_PER_SEAT * seat
