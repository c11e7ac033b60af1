"""The engine's internal state: flat lists of small ints.

Why this shape: a search copies a state at every node, so a copy must be a
few list slices. Cards are ints (``constants.CARD_NAMES`` translates), seats
0 (cleopatra) and 1 (caesar), groups 0..4 in group order. The cards at the
groups live in two flat lists of ten lists, indexed ``group * 2 + seat``.
"""

from __future__ import annotations

from typing import Any

from ..common import SlotState, copy_list
from .constants import (
    EXTRAORDINARY,
    IS_INFLUENCE,
    MAX_OWN_AT_GROUP,
    N_GROUPS,
    SETUP,
    STEP_SETUP,
)

DEFAULT_SEED = 0
"""The seed of a state given without one (see docs/caesar-cleopatra-engine.md)."""


# A decision owed out of turn: (P_VETO/P_DRAW/P_SPY/P_CASTLE, the player who owes it,
# then what that kind needs: the vetoed action, the cards to draw, the group...).
Pending = tuple[int, int, *tuple[Any, ...]]


class State(SlotState):
    """One position of a game of Caesar & Cleopatra, between two decisions.

    - ``phase``: 0 setup, 1 play, 2 over; ``turn``: completed turns in play.
    - ``current``: whose turn (or setup placement) it is, None when over;
      ``step``: where the turn stands (``constants.STEPS``);
      ``action_played``: the current player's action card of this turn is
      played; ``pending``: None or a tuple ``(kind, player, ...)``
      (``constants.P_*``), immutable and shared between copies.
    - ``winner``: None, a seat or ``DRAW`` (2); ``score``: None or a tuple.
    - ``hand[seat]``, ``discard[seat]``: multisets as lists (order means
      nothing; equality compares them sorted).
    - ``influence[seat]``, ``actions[seat]``: the draw piles with their TOP
      AT THE END (``pop()`` draws); the JSON lists them top first.
    - ``bonus[seat]``: the bonus card's group (0..2); ``won[seat][g]``:
      patricians of group ``g`` won by ``seat``; ``patricians[g]``: still to win.
    - ``down[g * 2 + seat]``, ``up[g * 2 + seat]``: the seat's face-down and
      face-up influence cards at group ``g`` (multisets).
    - ``vote_deck``: top at the end; ``vote_discard``, ``vote_aside``:
      multisets of vote-card codes.
    """

    __slots__ = (
        "phase",
        "turn",
        "current",
        "step",
        "action_played",
        "pending",
        "winner",
        "score",
        "seed",
        "hand",
        "influence",
        "actions",
        "discard",
        "bonus",
        "won",
        "patricians",
        "down",
        "up",
        "vote_deck",
        "vote_discard",
        "vote_aside",
    )

    def __init__(self) -> None:
        self.phase: int = SETUP
        self.turn: int = 0
        self.current: int | None = 0
        self.step: int | None = STEP_SETUP
        self.action_played: bool = False
        self.pending: Pending | None = None
        self.winner: int | None = None
        self.score: tuple[int, int] | None = None
        self.seed: int = DEFAULT_SEED
        self.hand: list[list[int]] = [[], []]
        self.influence: list[list[int]] = [[], []]
        self.actions: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        self.bonus: list[int] = [0, 0]
        self.won: list[list[int]] = [[0] * N_GROUPS, [0] * N_GROUPS]
        self.patricians: list[int] = [0] * N_GROUPS
        self.down: list[list[int]] = [[] for _ in range(2 * N_GROUPS)]
        self.up: list[list[int]] = [[] for _ in range(2 * N_GROUPS)]
        self.vote_deck: list[int] = []
        self.vote_discard: list[int] = []
        self.vote_aside: list[int] = []

    def copy(self) -> State:
        """An independent copy (the cheap operation a search relies on)."""
        new = State.__new__(State)
        new.phase = self.phase
        new.turn = self.turn
        new.current = self.current
        new.step = self.step
        new.action_played = self.action_played
        new.pending = self.pending  # a tuple: shared
        new.winner = self.winner
        new.score = self.score
        new.seed = self.seed
        hand, influence, actions, discard, won = (
            self.hand,
            self.influence,
            self.actions,
            self.discard,
            self.won,
        )
        new.hand = [hand[0][:], hand[1][:]]
        new.influence = [influence[0][:], influence[1][:]]
        new.actions = [actions[0][:], actions[1][:]]
        new.discard = [discard[0][:], discard[1][:]]
        new.bonus = self.bonus[:]
        new.won = [won[0][:], won[1][:]]
        new.patricians = self.patricians[:]
        new.down = list(map(copy_list, self.down))
        new.up = list(map(copy_list, self.up))
        new.vote_deck = self.vote_deck[:]
        new.vote_discard = self.vote_discard[:]
        new.vote_aside = self.vote_aside[:]
        return new

    def _key(self) -> tuple[Any, ...]:
        """Everything, with the multisets sorted (their order means nothing)."""
        return (
            self.phase,
            self.turn,
            self.current,
            self.step,
            self.action_played,
            self.pending,
            self.winner,
            self.score,
            self.seed,
            [sorted(cards) for cards in self.hand],
            self.influence,
            self.actions,
            [sorted(cards) for cards in self.discard],
            self.bonus,
            self.won,
            self.patricians,
            [sorted(cards) for cards in self.down],
            [sorted(cards) for cards in self.up],
            self.vote_deck,
            sorted(self.vote_discard),
            sorted(self.vote_aside),
        )

    def __repr__(self) -> str:
        return (
            f"<caesar-cleopatra State phase={self.phase} turn={self.turn} "
            f"current={self.current} step={self.step} pending={self.pending}>"
        )

    # -- small queries shared by the rules modules ---------------------------------
    @property
    def to_move(self) -> int | None:
        """Who decides now: the pending decision's player, else ``current``."""
        pending = self.pending
        return pending[1] if pending is not None else self.current

    def own_count(self, group: int, seat: int) -> int:
        index = group * 2 + seat
        return len(self.down[index]) + len(self.up[index])

    def group_count(self, group: int) -> int:
        """Influence cards of both players at ``group`` (philosophers included)."""
        base = group * 2
        down, up = self.down, self.up
        return len(down[base]) + len(down[base + 1]) + len(up[base]) + len(up[base + 1])

    def open_groups(self, seat: int) -> list[int]:
        """The groups where ``seat`` may place an influence card now (section 3:
        patricians left, fewer than 5 of the seat's cards, fewer than 8 in all)."""
        down, up, patricians = self.down, self.up, self.patricians
        result = []
        for group in range(N_GROUPS):
            if not patricians[group]:
                continue
            mine = group * 2 + seat
            theirs = mine ^ 1
            own = len(down[mine]) + len(up[mine])
            if own < MAX_OWN_AT_GROUP and own + len(down[theirs]) + len(up[theirs]) < EXTRAORDINARY:
                result.append(group)
        return result

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` could place an influence card now."""
        hand = self.hand[seat]
        if not any(IS_INFLUENCE[card] for card in hand):
            return False
        return bool(self.open_groups(seat))

    def has_influence(self, seat: int) -> bool:
        """An influence card in hand or in the influence pile (section 5)."""
        return bool(self.influence[seat]) or any(IS_INFLUENCE[card] for card in self.hand[seat])
