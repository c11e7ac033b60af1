"""The pure core of tournaments: pairings, brackets, tables and standings.

No Django, no database, no clock: every function takes dataclasses and returns
dataclasses, and anything random is drawn from a seed it is given. The site's tournament
app stores the results and calls these. docs/tournaments.md describes the rules.
"""

from .base import ByeResult, Entrant, GameResult, Pairing, PairingError, PlayerId
from .kasteel import (
    MAX_PLAYOFFS,
    KasteelStep,
    Table,
    TableDraw,
    TableResult,
    advancing,
    kasteel_step,
    seat_tables,
)
from .knockout import (
    KnockoutMatch,
    MatchState,
    Seeded,
    bracket_order,
    first_round,
    following,
    knockout_rounds,
    match_state,
    next_round,
)
from .outcome import SeatOutcome, pieces_home, score_first, table_places
from .roundrobin import RoundRobinRound, round_robin
from .standings import ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS, StandingRow, standings
from .swiss import SwissRound, check_swiss_rounds, max_swiss_rounds, pair_swiss
from .tiebreaks import TIEBREAKS, check_tiebreaks

__all__ = [
    "MAX_PLAYOFFS",
    "ROUND_ROBIN_TIEBREAKS",
    "SWISS_TIEBREAKS",
    "TIEBREAKS",
    "ByeResult",
    "Entrant",
    "GameResult",
    "KasteelStep",
    "KnockoutMatch",
    "MatchState",
    "Pairing",
    "PairingError",
    "PlayerId",
    "RoundRobinRound",
    "SeatOutcome",
    "Seeded",
    "StandingRow",
    "SwissRound",
    "Table",
    "TableDraw",
    "TableResult",
    "advancing",
    "bracket_order",
    "check_tiebreaks",
    "check_swiss_rounds",
    "first_round",
    "following",
    "kasteel_step",
    "knockout_rounds",
    "match_state",
    "max_swiss_rounds",
    "next_round",
    "pair_swiss",
    "pieces_home",
    "round_robin",
    "score_first",
    "seat_tables",
    "standings",
    "table_places",
]
