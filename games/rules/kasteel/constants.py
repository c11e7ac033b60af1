"""Pieces, cards, squares and phases of Strijd om het Kasteel as small ints.

The engine works on ints so that a state copies quickly and the hot loops of
a playout do table look-ups; everything that leaves the engine is translated
back to the canonical names of the rules' section 12 (``3:K``, ``J/5``).

- A **piece** is ``seat * 7 + rank``, rank 0 (King) .. 6 (Bandit), so that a
  lower rank index is a higher rank and ``piece // 7`` is its seat.
- A **card** is ``colour * 13 + kind``: kind 0..6 the piece cards (same
  order as the ranks), 7 the Joker, 8 the Jack, 9..12 the numbers 1..4.
- A piece's **location** ``loc[piece]``: a ring square ``0 .. 18N-1``,
  ``HOME``, ``NOWHERE`` (not yet placed, setup only) or ``CASTLE + place``
  with place 1..7.
"""

from __future__ import annotations

from functools import lru_cache

# The engines' phases, re-exported (`X as X`) for the modules of this game.
from ..common import OVER as OVER
from ..common import PHASE_INDEX as PHASE_INDEX
from ..common import PHASES as PHASES
from ..common import PLAY as PLAY
from ..common import SETUP as SETUP

GAME = "kasteel"

MIN_PLAYERS = 2
MAX_PLAYERS = 12
SQUARES_PER_SEAT = 18
PIECES = 7
CARDS_PER_SEAT = 13
DEAL_SIZES = (0, 5, 4, 4)  # cards each, by deal number 1..3

# -- pieces ----------------------------------------------------------------
RANKS = "KDCBPSX"
RANK_INDEX = {letter: index for index, letter in enumerate(RANKS)}
RANK_WORDS = ("King", "Duke", "Count", "Baron", "Priest", "Sheriff", "Bandit")
KING = 0
SHERIFF = 5
BANDIT = 6
VALUES = (7, 6, 5, 4, 3, 2, 1)  # tournament value by rank

# -- locations ----------------------------------------------------------------
HOME = -1
NOWHERE = -2
CASTLE = 1000  # CASTLE + place (1..7)

# -- cards -------------------------------------------------------------------
JOKER = 7
JACK = 8
FIRST_NUMBER = 9  # kinds 9..12 are the numbers 1..4
CARD_SYMBOLS = ("K", "D", "C", "B", "P", "S", "X", "J", "F", "1", "2", "3", "4")
KIND_INDEX = {symbol: index for index, symbol in enumerate(CARD_SYMBOLS)}
NUMBER_VALUE = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4)


def card_kind(card: int) -> int:
    return card % CARDS_PER_SEAT


def card_colour(card: int) -> int:
    return card // CARDS_PER_SEAT


def card_name(card: int) -> str:
    return f"{CARD_SYMBOLS[card % CARDS_PER_SEAT]}/{card // CARDS_PER_SEAT}"


def piece_name(piece: int) -> str:
    return f"{piece // PIECES}:{RANKS[piece % PIECES]}"


def seat_name(seat: int) -> str:
    return str(seat)


@lru_cache(maxsize=16)
def card_names(players: int) -> tuple[str, ...]:
    """Every card name of an N-player game, by card int."""
    return tuple(card_name(card) for card in range(CARDS_PER_SEAT * players))


@lru_cache(maxsize=16)
def card_index(players: int) -> dict[str, int]:
    return {name: card for card, name in enumerate(card_names(players))}


@lru_cache(maxsize=16)
def piece_names(players: int) -> tuple[str, ...]:
    return tuple(piece_name(piece) for piece in range(PIECES * players))


@lru_cache(maxsize=16)
def piece_index(players: int) -> dict[str, int]:
    return {name: piece for piece, name in enumerate(piece_names(players))}


def full_deck(players: int) -> list[int]:
    """The 13N cards in their unshuffled order (colour by colour)."""
    return list(range(CARDS_PER_SEAT * players))


def ring_size(players: int) -> int:
    return SQUARES_PER_SEAT * players


def start_square(seat: int) -> int:
    return SQUARES_PER_SEAT * seat


def partner_of(seat: int, players: int, teams: bool) -> int:
    """The team partner of ``seat``, or -1 in an individual game."""
    return (seat + players // 2) % players if teams else -1


def describe_location(loc: int) -> str:
    """A location in words, for messages."""
    if loc == HOME:
        return "at home"
    if loc == NOWHERE:
        return "not yet placed"
    if loc >= CASTLE:
        return f"on castle place {loc - CASTLE}"
    return f"on square {loc}"
