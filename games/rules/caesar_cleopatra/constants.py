"""Seats, groups, cards, phases and steps as small integers.

The engine works on small ints so that a state copies quickly and the hot
loops of a search do table look-ups instead of string handling. Everything
that leaves the engine is translated back to the canonical names of the
rules' section 8 (``C3``, ``RP``, ``C-spy``, ``V-orgy``, ``cleopatra``...).
"""

from __future__ import annotations

from collections.abc import Iterable

# The engines' phases, re-exported (`X as X`) for the modules of this game.
from ..common import OVER as OVER
from ..common import PHASE_INDEX as PHASE_INDEX
from ..common import PHASES as PHASES
from ..common import PLAY as PLAY
from ..common import SETUP as SETUP

GAME = "caesar-cleopatra"

# -- seats -------------------------------------------------------------------
CLEOPATRA = 0
CAESAR = 1
SEATS = ("cleopatra", "caesar")
SEAT_INDEX = {name: index for index, name in enumerate(SEATS)}
LETTERS = ("C", "R")  # card owner letters: C Cleopatra, R Caesar ("Roman")
LETTER_SEAT = {"C": CLEOPATRA, "R": CAESAR}

# -- groups, in group order --------------------------------------------------
GROUPS = ("senators", "praetors", "quaestors", "aediles", "censors")
GROUP_INDEX = {name: index for index, name in enumerate(GROUPS)}
GROUP_SIZE = (5, 5, 5, 3, 3)
N_GROUPS = 5
MAX_OWN_AT_GROUP = 5  # Ruling: at most 5 influence cards of one player per group
EXTRAORDINARY = 8  # a group holding 8 or more cards: extraordinary vote, no more placing

# -- steps (the phases SETUP, PLAY, OVER are the same in every engine) ----------
STEP_SETUP = 0
START = 1  # nothing done yet: pass, place or action card
PLACE = 2  # an action card opened the turn; the placement is due
SECOND = 3  # one face-up card placed; the second is due
PLACED = 4  # placement done or skipped: the action card if none yet, or the refill
PASSIVE = 5  # passed; the refill is due
STEPS = ("setup", "start", "place", "second", "placed", "passive")
STEP_INDEX = {name: index for index, name in enumerate(STEPS)}

# -- pending decisions (kind, player, ...) ---------------------------------------
P_VETO = 0  # (P_VETO, opponent, action tuple)
P_SPY = 1  # (P_SPY, current)
P_CASTLE = 2  # (P_CASTLE, current, g1, g2) with g1 < g2
P_DRAW = 3  # (P_DRAW, player, count)
PENDING_KINDS = ("veto", "spy", "castle", "draw")
PENDING_INDEX = {name: index for index, name in enumerate(PENDING_KINDS)}

# -- cards ---------------------------------------------------------------------------
# A card's code is owner * 12 + kind. Kinds 0..5 are influence cards (0 the
# philosopher, value 0; 1..5 their value), 6..11 the action cards in the order
# of section 1. Sorting codes gives the reference order "P 1 2 3 4 5, then
# the action cards in section 1 order".
PHILOSOPHER = 0
ASSASSINATION = 6
SPY = 7
CASTLING = 8
SCOUT = 9
WRATH = 10
VETO = 11
KINDS_PER_SEAT = 12
ACTION_NAMES = ("assassination", "spy", "castling", "scout", "wrath", "veto")
ACTION_KIND = {name: ASSASSINATION + index for index, name in enumerate(ACTION_NAMES)}
INFLUENCE_COUNTS = (2, 7, 7, 7, 7, 7)  # P, 1, 2, 3, 4, 5: 37 cards
ACTION_COUNTS = (4, 2, 2, 2, 1, 2)  # in ACTION_NAMES order: 13 cards
CARDS_PER_SEAT = 50
HAND_SIZE = 5


def card_code(seat: int, kind: int) -> int:
    return seat * KINDS_PER_SEAT + kind


def _card_name(code: int) -> str:
    seat, kind = divmod(code, KINDS_PER_SEAT)
    letter = LETTERS[seat]
    if kind == PHILOSOPHER:
        return f"{letter}P"
    if kind < ASSASSINATION:
        return f"{letter}{kind}"
    return f"{letter}-{ACTION_NAMES[kind - ASSASSINATION]}"


N_CARDS = 2 * KINDS_PER_SEAT
CARD_NAMES = tuple(_card_name(code) for code in range(N_CARDS))
CARD_INDEX = {name: code for code, name in enumerate(CARD_NAMES)}
CARD_OWNER = tuple(code // KINDS_PER_SEAT for code in range(N_CARDS))
CARD_KIND = tuple(code % KINDS_PER_SEAT for code in range(N_CARDS))
IS_INFLUENCE = tuple(kind < ASSASSINATION for kind in CARD_KIND)
IS_ACTION = tuple(not influence for influence in IS_INFLUENCE)
IS_PHILOSOPHER = tuple(kind == PHILOSOPHER for kind in CARD_KIND)
CARD_VALUE = tuple(kind if kind < ASSASSINATION else 0 for kind in CARD_KIND)
CARD_COUNT = tuple(
    (INFLUENCE_COUNTS[kind] if kind < ASSASSINATION else ACTION_COUNTS[kind - ASSASSINATION])
    for kind in CARD_KIND
)


def card_list(cards: Iterable[int]) -> list[str]:
    """The names of a multiset of cards, in the reference order (sorted codes)."""
    return [CARD_NAMES[card] for card in sorted(cards)]


def influence_deck(seat: int) -> list[int]:
    """A player's 37 influence cards, in code order."""
    return [
        card_code(seat, kind)
        for kind in range(ASSASSINATION)
        for _ in range(INFLUENCE_COUNTS[kind])
    ]


def action_deck(seat: int) -> list[int]:
    """A player's 13 action cards, in code order."""
    return [
        card_code(seat, ASSASSINATION + index)
        for index, count in enumerate(ACTION_COUNTS)
        for _ in range(count)
    ]


# -- vote cards --------------------------------------------------------------------
# Codes 0..4: the groups' cards in group order; 5 Orgy (two of them); 6 the
# "Orgy / reshuffle" card.
V_ORGY = 5
V_RESHUFFLE = 6
VOTE_NAMES = tuple(f"V-{group}" for group in GROUPS) + ("V-orgy", "V-orgy-reshuffle")
VOTE_INDEX = {name: code for code, name in enumerate(VOTE_NAMES)}
VOTE_COUNT = (1, 1, 1, 1, 1, 2, 1)
VOTE_DECK = tuple(code for code, count in enumerate(VOTE_COUNT) for _ in range(count))

# -- bonus cards -----------------------------------------------------------------------
# A bonus card is stored as the index of its group (0..2).
BONUS_NAMES = ("B-senators", "B-praetors", "B-quaestors")
BONUS_INDEX = {name: index for index, name in enumerate(BONUS_NAMES)}
BONUS_CARDS = (0, 0, 1, 1, 2, 2)  # the six cards; two are dealt, four stay out unseen
BONUS_POINTS = 2
BONUS_NEEDS = 3  # patricians of the bonus group its holder must win

# -- outcome -------------------------------------------------------------------------
DRAW = 2  # ``winner`` of a drawn game (0 and 1 are the seats)
WINNER_NAMES = ("cleopatra", "caesar", "draw")
WINNER_INDEX = {name: index for index, name in enumerate(WINNER_NAMES)}
