"""Cards, seats, ring positions and druid colours as small integers.

The engine works on small ints so that a state copies quickly and the hot
loops of a search do table look-ups instead of string handling. Everything
that leaves the engine is translated back to the canonical names of the
rules' section 9 (``S5L``, ``moon``, ``purple``, ``M2``...).
"""

from __future__ import annotations

# The engines' phases, re-exported (`X as X`) for the modules of this game.
from ..common import OVER as OVER
from ..common import PHASE_INDEX as PHASE_INDEX
from ..common import PHASES as PHASES
from ..common import PLAY as PLAY
from ..common import SETUP as SETUP

GAME = "druidenwalzer"

# -- seats ---------------------------------------------------------------
MOON = 0
SUN = 1
SEATS = ("moon", "sun")
SEAT_INDEX = {"moon": MOON, "sun": SUN}

# -- druid colours, in the measuring order of the rules ------------------
NO_DRUID = -1
COLOURS = ("purple", "orange", "black")
COLOUR_INDEX = {name: index for index, name in enumerate(COLOURS)}

# -- the ring --------------------------------------------------------------
# Counterclockwise (the direction of an R arrow): S1 S2 S3 S4 SC M1 M2 M3 M4 MC.
# An R card therefore walks +1 index per step, an L card -1.
RING_SIZE = 10
POSITION_NAMES = ("S1", "S2", "S3", "S4", "SC", "M1", "M2", "M3", "M4", "MC")
POSITION_INDEX = {name: index for index, name in enumerate(POSITION_NAMES)}
TREE_POSITIONS = ((5, 6, 7, 8), (0, 1, 2, 3))  # per seat, tree 1 first
CULT_POSITION = (9, 4)  # per seat
ALL_TREE_POSITIONS = (0, 1, 2, 3, 5, 6, 7, 8)
IS_CULT_BOARD = tuple(position in CULT_POSITION for position in range(RING_SIZE))
POSITION_OWNER = tuple(SUN if position < 5 else MOON for position in range(RING_SIZE))
# Tree number (1..4) of a tree position; a tree has as many symbols (steps).
TREE_NUMBER = tuple(position % 5 + 1 for position in range(RING_SIZE))

# -- cards -----------------------------------------------------------------
# code = cult * 10 + (value - 1) * 2 + arrow, with cult 0 = M (moon),
# 1 = S (sun) and arrow 0 = L (clockwise), 1 = R (counterclockwise).
CULT_LETTERS = ("M", "S")
ARROW_LETTERS = ("L", "R")
CARD_CODES = tuple(range(20))
CARD_NAMES = tuple(
    f"{CULT_LETTERS[code // 10]}{(code % 10) // 2 + 1}{ARROW_LETTERS[code % 2]}"
    for code in CARD_CODES
)
CARD_INDEX = {name: code for code, name in enumerate(CARD_NAMES)}
CARD_VALUE = tuple((code % 10) // 2 + 1 for code in CARD_CODES)
CARD_CULT = tuple(code // 10 for code in CARD_CODES)
CARD_STEP = tuple(1 if code % 2 else -1 for code in CARD_CODES)  # ring index step

CARDS_PER_CULT = 30
COPIES_PER_CARD = 3  # Ruling (deck): 6 per value, 3 pointing L and 3 pointing R
VALUES = (1, 2, 3, 4, 5)
STACK_SIZE = 5
HAND_SIZE = 3
SIGNS_TO_CONQUER = 6
FLIPS_TO_LOSE = 2


def card_code(cult: int, value: int, arrow: int) -> int:
    """The code of the card of ``cult`` (0 moon, 1 sun), ``value``, ``arrow`` (0 L, 1 R)."""
    return cult * 10 + (value - 1) * 2 + arrow


def full_deck(cult: int) -> list[int]:
    """A cult's 30 cards in a fixed order (value 1 first, L before R)."""
    return [
        card_code(cult, value, arrow)
        for value in VALUES
        for arrow in (0, 1)
        for _copy in range(COPIES_PER_CARD)
    ]


def tree_position(seat: int, tree: int) -> int:
    """Ring position of ``seat``'s tree number ``tree`` (1..4)."""
    return TREE_POSITIONS[seat][tree - 1]
